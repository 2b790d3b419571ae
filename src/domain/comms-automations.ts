/**
 * Automations (admin screen `comms/automations`, issue 17): a message sent by itself once an event
 * happened to a user some time ago and its condition still holds when it is due (signed up and not
 * booked after 7 days, a consultation that failed, a provider approved who never went online). Each
 * has its trigger, its delay, its channel (a mail, or an in-app notification) with its texts per
 * language, and an on/off switch. Only events after it was last switched on count: switching one on
 * never mails the whole history. The input checks live here, once, for the server and the console;
 * the texts are checked by the same rules as campaigns' and notifications' (comms-campaigns.ts,
 * comms.ts). The server evaluates them (server/services/comms/automation-runner.ts).
 */
import { checkAnnouncementTexts, isRecord, SEGMENT_NAME_MAX } from './comms';
import type { AnnouncementTexts, FieldProblems } from './comms';
import { checkCampaignTexts } from './comms-campaigns';
import type { CampaignFieldProblems, CampaignTexts } from './comms-campaigns';
import type { Language } from './languages';

/**
 * What starts the clock, and who gets the message:
 * - `signed_up_not_booked`: a client signed up; due `delay` later if they have still booked no
 *   consultation (paid or completed, as segments' `hasBooked` counts it).
 * - `consultation_failed`: a client's consultation failed (no call took place: the order ended
 *   `failed`); due `delay` later unless they booked another one since. Once per failed order.
 * - `provider_approved_never_online`: a lawyer or expat was approved; due `delay` later if they are
 *   still approved and have never gone online.
 */
export const AUTOMATION_TRIGGERS = [
  'signed_up_not_booked',
  'consultation_failed',
  'provider_approved_never_online',
] as const;
export type AutomationTrigger = (typeof AUTOMATION_TRIGGERS)[number];

export const AUTOMATION_CHANNELS = ['mail', 'notification'] as const;
export type AutomationChannel = (typeof AUTOMATION_CHANNELS)[number];

export const DELAY_UNITS = ['hours', 'days'] as const;
export type DelayUnit = (typeof DELAY_UNITS)[number];
/** The longest delay in each unit (a message a year after the event is the most anyone needs). */
export const DELAY_MAX: Record<DelayUnit, number> = { hours: 24 * 30, days: 365 };
export const DELAY_MS: Record<DelayUnit, number> = { hours: 3_600_000, days: 86_400_000 };

export type AutomationDelay = { value: number; unit: DelayUnit };

/** The texts of a channel: a mail's subject and body, or a notification's title and body. */
export type AutomationTexts =
  { channel: 'mail'; texts: CampaignTexts } | { channel: 'notification'; texts: AnnouncementTexts };

export type AutomationInput = {
  name: string;
  trigger: AutomationTrigger;
  delay: AutomationDelay;
  /** On creation only: switched on at once (the switch has its own operation afterwards). */
  enabled?: boolean;
} & AutomationTexts;

/** Why a field was refused; the console shows `commsAutomations.errors.<code>`. */
export type AutomationFieldProblems = CampaignFieldProblems;
export type AutomationChecked<T> = { ok: true; value: T } | { ok: false; fields: AutomationFieldProblems };

const INPUT_FIELDS = ['name', 'trigger', 'delay', 'channel', 'texts', 'enabled', 'rev'];

export const delayMs = (delay: AutomationDelay) => delay.value * DELAY_MS[delay.unit];

function checkDelay(value: unknown, fields: AutomationFieldProblems): AutomationDelay | undefined {
  if (!isRecord(value)) {
    fields.delay = value === undefined ? 'required' : 'value_invalid';
    return undefined;
  }
  for (const key of Object.keys(value))
    if (key !== 'value' && key !== 'unit') fields[`delay.${key}`] = 'unknown_field';
  const unit = value.unit;
  if (typeof unit !== 'string' || !(DELAY_UNITS as readonly string[]).includes(unit)) {
    fields['delay.unit'] = 'value_invalid';
    return undefined;
  }
  const amount = value.value;
  if (amount === undefined || amount === null || amount === '') fields['delay.value'] = 'required';
  else if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1)
    fields['delay.value'] = 'value_invalid';
  else if (amount > DELAY_MAX[unit as DelayUnit]) fields['delay.value'] = 'too_far';
  else return { value: amount, unit: unit as DelayUnit };
  return undefined;
}

function choice<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

/** An automation as created or changed (`rev`, the revision a change starts from, is read apart). */
export function checkAutomationInput(value: unknown): AutomationChecked<AutomationInput> {
  if (!isRecord(value)) return { ok: false, fields: { body: 'value_invalid' } };
  const fields: AutomationFieldProblems = {};
  for (const key of Object.keys(value)) if (!INPUT_FIELDS.includes(key)) fields[key] = 'unknown_field';
  const name = typeof value.name === 'string' ? value.name.trim() : '';
  if (typeof value.name !== 'string' || name === '') fields.name = 'required';
  else if (name.length > SEGMENT_NAME_MAX) fields.name = 'too_long';
  const trigger = choice(value.trigger, AUTOMATION_TRIGGERS);
  if (!trigger) fields.trigger = value.trigger === undefined ? 'required' : 'value_invalid';
  const delay = checkDelay(value.delay, fields);
  const channel = choice(value.channel, AUTOMATION_CHANNELS);
  if (!channel) fields.channel = value.channel === undefined ? 'required' : 'value_invalid';
  if (value.enabled !== undefined && typeof value.enabled !== 'boolean') fields.enabled = 'value_invalid';
  // The texts' rules are the campaigns' (mail) or the notifications' (title and body).
  let texts: AutomationTexts | undefined;
  if (channel === 'mail') {
    const mail = checkCampaignTexts(value.texts, fields);
    if (mail) texts = { channel, texts: mail };
  } else if (channel === 'notification') {
    const problems: FieldProblems = {};
    const notification = checkAnnouncementTexts(value.texts, problems);
    Object.assign(fields, problems);
    if (notification) texts = { channel, texts: notification };
  }
  if (Object.keys(fields).length || !trigger || !delay || !texts) return { ok: false, fields };
  return {
    ok: true,
    value: {
      name,
      trigger,
      delay,
      ...texts,
      ...(typeof value.enabled === 'boolean' ? { enabled: value.enabled } : {}),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// What the console reads (`/api/admin/comms/automations…`).

/**
 * One message of an automation to one person for one event: `sending` (its transaction began and its
 * end was not recorded: sent again after a crash), `queued` (a temporary failure, tried again at the
 * next run), `sent`, `failed`, or `suppressed` (a mail to an address on the suppression list).
 */
export const AUTOMATION_SEND_STATES = ['queued', 'sending', 'sent', 'failed', 'suppressed'] as const;
export type AutomationSendState = (typeof AUTOMATION_SEND_STATES)[number];
export type AutomationCounts = { queued: number; sent: number; failed: number; suppressed: number };

export type AutomationView = {
  id: string;
  /** The revision a change names, so that another admin's change is not overwritten. */
  rev: string;
  name: string;
  trigger: AutomationTrigger;
  delay: AutomationDelay;
  enabled: boolean;
  /** When it was last switched on: only events from then on count. */
  enabledAt?: string;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
} & AutomationTexts;

export type AutomationStats = {
  counts: AutomationCounts;
  /** When the service last looked for users it is due to (absent: never since it was made). */
  lastRunAt?: string;
};

export type AutomationListItem = AutomationView & AutomationStats;

export type AutomationSendView = {
  uid: string;
  /** The order of a failed consultation; absent for the once-per-user triggers. */
  occurrence?: string;
  channel: AutomationChannel;
  email?: string;
  language: Language;
  state: AutomationSendState;
  failure?: string;
  createdAt: string;
  sentAt?: string;
};
