/**
 * Communications (admin console, issue 17): saved segments of users and in-app notifications sent
 * to one user or to a segment. The rules and texts are checked here, once, for the server and the
 * console; the server evaluates a segment (server/services/comms/segment-match.ts) and delivers
 * each notification into the recipient's own database (server/services/comms/sender.ts).
 */
import { checkSchedule } from './comms-schedule';
import type { ScheduleProblem } from './comms-schedule';
import { COUNTRY_CODES } from './countries';
import { DEFAULT_LANGUAGE, LANGUAGES } from './languages';
import type { Language } from './languages';
import type { UserListItem } from './admin-users';

/** The roles a segment may select: never admins. */
export const SEGMENT_ROLES = ['client', 'lawyer', 'expat'] as const;
export type SegmentRole = (typeof SEGMENT_ROLES)[number];

export const SEGMENT_NAME_MAX = 80;
/** The longest list of countries a rule may name (the console picks them from a list). */
export const SEGMENT_COUNTRIES_MAX = 300;
/** An announcement's title and body, in characters (the gateway's schema holds the same limits). */
export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_BODY_MAX = 1000;
/** How many matching users a live count shows. */
export const SEGMENT_SAMPLE_SIZE = 5;

/**
 * A segment's rules, all optional, combined with AND; a list rule matches any of its values. Dates
 * are ISO instants: `…After` keeps dates at or after it, `…Before` dates strictly before it.
 * - `languages`: the user's interface language (`Account.preferredLanguage`).
 * - `countries`: the country the admin lists show (`Account.listing.country`: a provider's residence
 *   country, else the country of the phone number).
 * - `lastConsultation…`: the date of the user's latest booked consultation, as client or provider;
 *   a user with none matches neither bound.
 * - `hasBooked`: whether the user ever booked a consultation as a client (see the server's view
 *   `comms-consultations/by_party` for what counts as booked).
 * - `providerApproved`, `providerOnline`: lawyers and expats only; a client matches neither value.
 */
export type SegmentRules = {
  roles?: SegmentRole[];
  languages?: Language[];
  countries?: string[];
  signedUpAfter?: string;
  signedUpBefore?: string;
  lastConsultationAfter?: string;
  lastConsultationBefore?: string;
  hasBooked?: boolean;
  providerApproved?: boolean;
  providerOnline?: boolean;
};

export type SegmentInput = { name: string; rules: SegmentRules };

/**
 * Why a field was refused; the console shows `admin.comms.errors.<code>`. A schedule may also be
 * `in_past` or `too_far` (comms-schedule.ts).
 */
export type CommsFieldProblem =
  'required' | 'value_invalid' | 'too_long' | 'unknown_field' | 'empty_range' | ScheduleProblem;

export type FieldProblems = Record<string, CommsFieldProblem>;
export type Checked<T> = { ok: true; value: T } | { ok: false; fields: FieldProblems };

const RULE_FIELDS = [
  'roles',
  'languages',
  'countries',
  'signedUpAfter',
  'signedUpBefore',
  'lastConsultationAfter',
  'lastConsultationBefore',
  'hasBooked',
  'providerApproved',
  'providerOnline',
] as const satisfies readonly (keyof SegmentRules)[];

const DATE_PAIRS = [
  ['signedUpAfter', 'signedUpBefore'],
  ['lastConsultationAfter', 'lastConsultationBefore'],
] as const;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A day (`2026-11-24`, its start in UTC) or an ISO instant, as an ISO instant. */
export function ruleInstant(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 40) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(value))
    return undefined;
  // Engines read 2026-02-30 as 2 March: the day must exist in its month.
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return undefined;
  const time = Date.parse(value.length === 10 ? `${value}T00:00:00.000Z` : value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** A non-empty list of distinct values, each one of `allowed`. */
function choiceList<T extends string>(value: unknown, allowed: readonly T[], max: number): T[] | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > max) return undefined;
  if (!value.every((item) => typeof item === 'string' && (allowed as readonly string[]).includes(item))) {
    return undefined;
  }
  return [...new Set(value as T[])];
}

export function checkSegmentRules(value: unknown, at = 'rules'): Checked<SegmentRules> {
  if (value === undefined) return { ok: true, value: {} };
  if (!isRecord(value)) return { ok: false, fields: { [at]: 'value_invalid' } };
  const fields: FieldProblems = {};
  const rules: SegmentRules = {};
  for (const key of Object.keys(value)) {
    if (!(RULE_FIELDS as readonly string[]).includes(key)) fields[`${at}.${key}`] = 'unknown_field';
  }
  const list = <T extends string>(key: 'roles' | 'languages' | 'countries', allowed: readonly T[]) => {
    if (value[key] === undefined || value[key] === null) return undefined;
    const picked = choiceList(
      value[key],
      allowed,
      key === 'countries' ? SEGMENT_COUNTRIES_MAX : allowed.length,
    );
    if (!picked) fields[`${at}.${key}`] = 'value_invalid';
    return picked;
  };
  const roles = list('roles', SEGMENT_ROLES);
  if (roles) rules.roles = roles;
  const languages = list('languages', LANGUAGES);
  if (languages) rules.languages = languages;
  const countries = list('countries', COUNTRY_CODES);
  if (countries) rules.countries = countries;
  for (const pair of DATE_PAIRS) {
    for (const key of pair) {
      if (value[key] === undefined || value[key] === null) continue;
      const instant = ruleInstant(value[key]);
      if (instant) rules[key] = instant;
      else fields[`${at}.${key}`] = 'value_invalid';
    }
    const [after, before] = pair;
    if (rules[after] && rules[before] && rules[after] >= rules[before])
      fields[`${at}.${before}`] = 'empty_range';
  }
  for (const key of ['hasBooked', 'providerApproved', 'providerOnline'] as const) {
    if (value[key] === undefined || value[key] === null) continue;
    if (typeof value[key] === 'boolean') rules[key] = value[key];
    else fields[`${at}.${key}`] = 'value_invalid';
  }
  return Object.keys(fields).length ? { ok: false, fields } : { ok: true, value: rules };
}

export function checkSegmentInput(value: unknown): Checked<SegmentInput> {
  if (!isRecord(value)) return { ok: false, fields: { body: 'value_invalid' } };
  const fields: FieldProblems = {};
  for (const key of Object.keys(value)) {
    if (!['name', 'rules', 'rev'].includes(key)) fields[key] = 'unknown_field';
  }
  const name = typeof value.name === 'string' ? value.name.trim() : '';
  if (typeof value.name !== 'string' || name === '') fields.name = 'required';
  else if (name.length > SEGMENT_NAME_MAX) fields.name = 'too_long';
  const rules = checkSegmentRules(value.rules);
  if (!rules.ok) Object.assign(fields, rules.fields);
  if (Object.keys(fields).length || !rules.ok) return { ok: false, fields };
  return { ok: true, value: { name, rules: rules.value } };
}

// ---------------------------------------------------------------------------------------------
// Announcements

export type AnnouncementText = { title: string; body: string };
/** The texts of one announcement, per language: French always, the others when written. */
export type AnnouncementTexts = { fr: AnnouncementText } & Partial<Record<Language, AnnouncementText>>;

/** Whom a notification goes to: one user, or the users a saved segment matches when it is sent. */
export type BroadcastTarget = { kind: 'user'; uid: string } | { kind: 'segment'; segmentId: string };
export type BroadcastInput = {
  target: BroadcastTarget;
  texts: AnnouncementTexts;
  /** When it is sent (ISO instant, in the future, as a campaign's); now when absent. */
  scheduledAt?: string;
};

export const UID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const SEGMENT_ID_PATTERN = /^[a-z0-9-]{1,40}$/;

function checkText(value: unknown, at: string, fields: FieldProblems): AnnouncementText | undefined {
  if (!isRecord(value)) {
    fields[at] = 'value_invalid';
    return undefined;
  }
  for (const key of Object.keys(value))
    if (key !== 'title' && key !== 'body') fields[`${at}.${key}`] = 'unknown_field';
  const text = {} as AnnouncementText;
  for (const [key, max] of [
    ['title', ANNOUNCEMENT_TITLE_MAX],
    ['body', ANNOUNCEMENT_BODY_MAX],
  ] as const) {
    const raw = value[key];
    const trimmed = typeof raw === 'string' ? raw.trim() : '';
    if (typeof raw !== 'string' || trimmed === '') fields[`${at}.${key}`] = 'required';
    else if (trimmed.length > max) fields[`${at}.${key}`] = 'too_long';
    else text[key] = trimmed;
  }
  return text.title !== undefined && text.body !== undefined ? text : undefined;
}

function checkTarget(value: unknown, fields: FieldProblems): BroadcastTarget | undefined {
  if (!isRecord(value)) {
    fields.target = 'required';
    return undefined;
  }
  const keys = Object.keys(value);
  if (value.kind === 'user' && typeof value.uid === 'string' && UID_PATTERN.test(value.uid)) {
    if (keys.every((key) => key === 'kind' || key === 'uid')) return { kind: 'user', uid: value.uid };
  }
  if (
    value.kind === 'segment' &&
    typeof value.segmentId === 'string' &&
    SEGMENT_ID_PATTERN.test(value.segmentId) &&
    keys.every((key) => key === 'kind' || key === 'segmentId')
  ) {
    return { kind: 'segment', segmentId: value.segmentId };
  }
  fields.target = 'value_invalid';
  return undefined;
}

export function checkBroadcastInput(value: unknown, now = new Date()): Checked<BroadcastInput> {
  if (!isRecord(value)) return { ok: false, fields: { body: 'value_invalid' } };
  const fields: FieldProblems = {};
  for (const key of Object.keys(value))
    if (!['target', 'texts', 'scheduledAt'].includes(key)) fields[key] = 'unknown_field';
  const target = checkTarget(value.target, fields);
  const texts = checkAnnouncementTexts(value.texts, fields);
  const scheduledAt = checkSchedule(value.scheduledAt, now, fields);
  if (Object.keys(fields).length || !target || !texts) return { ok: false, fields };
  return { ok: true, value: { target, texts, ...(scheduledAt ? { scheduledAt } : {}) } };
}

/**
 * Texts per language at `at` (`texts`, an A/B test's `ab.textsB`), French required, each checked by
 * `checkOne` (at `<at>.<language>`) and each problem noted in `fields`; undefined when French is
 * missing or wrong. Notifications, campaigns and automations write theirs so.
 */
export function checkTextsPerLanguage<T, P extends string>(
  value: unknown,
  at: string,
  fields: Record<string, P | 'required' | 'unknown_field'>,
  checkOne: (value: unknown, path: string) => T | undefined,
): (Partial<Record<Language, T>> & { fr: T }) | undefined {
  if (!isRecord(value)) {
    fields[at] = 'required';
    return undefined;
  }
  const texts: Partial<Record<Language, T>> = {};
  for (const key of Object.keys(value)) {
    if (!(LANGUAGES as readonly string[]).includes(key)) fields[`${at}.${key}`] = 'unknown_field';
  }
  if (value.fr === undefined) fields[`${at}.fr`] = 'required';
  for (const language of LANGUAGES) {
    if (value[language] === undefined) continue;
    const text = checkOne(value[language], `${at}.${language}`);
    if (text) texts[language] = text;
  }
  return texts.fr ? (texts as Partial<Record<Language, T>> & { fr: T }) : undefined;
}

/** An announcement's texts per language (French required), each problem noted in `fields` (automations reuse it). */
export function checkAnnouncementTexts(value: unknown, fields: FieldProblems): AnnouncementTexts | undefined {
  return checkTextsPerLanguage(value, 'texts', fields, (text, path) => checkText(text, path, fields));
}

/** The text a recipient reads: the one of their language, else the French one. */
export function announcementFor(
  texts: AnnouncementTexts,
  language: Language,
): { language: Language; text: AnnouncementText } {
  const own = texts[language];
  return own ? { language, text: own } : { language: DEFAULT_LANGUAGE, text: texts.fr };
}

// ---------------------------------------------------------------------------------------------
// What the console reads (`/api/admin/comms/…`): written once here for the service and the console.

export type SegmentView = {
  id: string;
  /** The revision a change or a deletion names, so that another admin's change is not overwritten. */
  rev: string;
  name: string;
  rules: SegmentRules;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
  /** The name of the admin who last changed it, while their account exists. */
  updatedByName?: string;
};

export type SegmentCount = { count: number; sample: UserListItem[] };

/** `scheduled`: waiting for its time; `cancelled`: cancelled while it waited, it never went out. */
export const BROADCAST_STATES = ['scheduled', 'resolving', 'sending', 'complete', 'cancelled'] as const;
export type BroadcastState = (typeof BROADCAST_STATES)[number];
export const DELIVERY_STATES = ['queued', 'sent', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
export type DeliveryCounts = Record<DeliveryState, number>;
/** Why a delivery failed: the recipient's database is gone (account deleted), or the store refused. */
export type DeliveryFailure = 'recipient_gone' | 'store_error';

/** What a broadcast went to: the user, or the segment as it was when sent (its rules kept). */
export type ResolvedTarget =
  | Extract<BroadcastTarget, { kind: 'user' }>
  | { kind: 'segment'; segmentId: string; name: string; rules: SegmentRules };

export type BroadcastView = {
  id: string;
  target: ResolvedTarget;
  texts: AnnouncementTexts;
  state: BroadcastState;
  /** When it is due, if it was scheduled: its recipients are those of that time. */
  scheduledAt?: string;
  /** Recipients resolved (set when resolving ends). */
  total: number;
  counts: DeliveryCounts;
  createdAt: string;
  createdBy: string;
  completedAt?: string;
  cancelledAt?: string;
  cancelledBy?: string;
};

export type DeliveryView = {
  uid: string;
  language: string;
  state: DeliveryState;
  failure?: DeliveryFailure;
  sentAt?: string;
};

/** Whether a broadcast may still be cancelled: only while it waits for its time. */
export const isBroadcastCancellable = (state: BroadcastState) => state === 'scheduled';

/** Whether a broadcast may still change (the console follows it until then). */
export const isBroadcastOpen = (state: BroadcastState) => state !== 'complete' && state !== 'cancelled';

/** The notification of a broadcast in each recipient's database: one id per broadcast, so never two. */
export function announcementNotificationId(broadcastId: string): string {
  return `notification:announcement:${broadcastId}`;
}
