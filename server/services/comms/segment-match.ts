/**
 * Which users a segment's rules select (src/domain/comms.ts), for the console's live count and for
 * resolving a broadcast's recipients. Made for tens of thousands of users without one request per
 * user:
 *
 * - accounts are read by role from `comms-audience/by_role_created` (accounts), a page of rows at a
 *   time, only the range of sign-up dates the rules allow (`[role, createdAt]` keys), each row
 *   carrying the few facts the rules read rather than the whole account;
 * - consultation rules read `comms-consultations/by_party` (orders) grouped, a page at a time: one row
 *   per user and side, with the time of their latest booked consultation. When a rule needs a
 *   consultation to exist (booked, or a bound on the last one), only those users' accounts are read,
 *   by id, instead of every account of the roles.
 *
 * Never selected (`reachable`, and the view's own test): admins, banned or deactivated accounts, demo
 * stand-ins and admins' test profiles (no person reads them). A deleted account has no document left, so it cannot be selected.
 */
import type { SegmentRole, SegmentRules } from '../../../src/domain/comms';
import { SEGMENT_ROLES } from '../../../src/domain/comms';
import { resolveLanguage } from '../../../src/domain/languages';
import type { Language } from '../../../src/domain/languages';
import { accountIds } from '../../../src/domain/account';
import { isProviderRole } from '../../../src/domain/mine';
import type { Store } from '../../store/store';
import type { StoredAccount } from '../accounts';
import { accountsDb } from '../accounts';
import { PREFIX_END } from '../admin/paging';

/** Rows read per request. */
const PAGE = 500;

/** A user's consultations as the rules see them: their latest (ms), and whether they booked as a client. */
export type ConsultationFacts = { last: number; bookedAsClient: boolean };

type StatsRow = { key: [string, 'client' | 'provider']; value: { max: number } };

/** Every user with a booked consultation (as client or provider), from the grouped view. */
export async function consultationFacts(store: Store): Promise<Map<string, ConsultationFacts>> {
  const facts = new Map<string, ConsultationFacts>();
  let startkey: unknown;
  for (;;) {
    const answer = await store.db('orders').view('comms-consultations', 'by_party', {
      group: true,
      limit: PAGE + 1,
      ...(startkey ? { startkey } : {}),
    });
    const rows = answer.rows as unknown as StatsRow[];
    const page = rows.length > PAGE ? rows.slice(0, PAGE) : rows;
    for (const { key, value } of page) {
      const [uid, side] = key;
      const known = facts.get(uid) ?? { last: 0, bookedAsClient: false };
      facts.set(uid, {
        last: Math.max(known.last, value.max),
        bookedAsClient: known.bookedAsClient || side === 'client',
      });
    }
    if (rows.length <= PAGE) return facts;
    startkey = rows[PAGE]!.key;
  }
}

/** Whether an account can receive anything: a real, active person of a segment's roles. */
export function reachable(account: StoredAccount | undefined): account is StoredAccount {
  return (
    account !== undefined &&
    account.type === 'account' &&
    (SEGMENT_ROLES as readonly string[]).includes(account.role) &&
    !account.isBanned &&
    account.isActive !== false &&
    !account.standInFor &&
    account.isTestProfile !== true
  );
}

const needsConsultations = (rules: SegmentRules) =>
  rules.hasBooked !== undefined ||
  rules.lastConsultationAfter !== undefined ||
  rules.lastConsultationBefore !== undefined;

/** Whether only users with a booked consultation can match (so only their accounts are read). */
const needsAConsultation = (rules: SegmentRules) =>
  rules.hasBooked === true ||
  rules.lastConsultationAfter !== undefined ||
  rules.lastConsultationBefore !== undefined;

/** What the rules read of an account (a row of `comms-audience/by_role_created`, or the account). */
export type AudienceFacts = {
  uid: string;
  role: string;
  createdAt: string;
  language: Language;
  country: string | null;
  approved: boolean;
  online: boolean;
};

export function audienceOf(account: StoredAccount): AudienceFacts {
  return {
    uid: account.uid,
    role: account.role,
    createdAt: account.createdAt,
    language: resolveLanguage(account.preferredLanguage),
    country: account.listing?.country ?? null,
    approved: account.isApproved === true,
    online: account.isOnline === true,
  };
}

type AudienceRow = {
  id: string;
  key: [string, string];
  value: [string, string | null, string | null, boolean, boolean];
};

function audienceOfRow({ key, value }: AudienceRow): AudienceFacts {
  const [uid, language, country, approved, online] = value;
  return {
    uid,
    role: key[0],
    createdAt: key[1],
    language: resolveLanguage(language),
    country,
    approved,
    online,
  };
}

/** Whether a reachable user (see `reachable`) is one the rules select. */
export function matches(
  user: AudienceFacts,
  rules: SegmentRules,
  facts: Map<string, ConsultationFacts> | undefined,
): boolean {
  if (rules.roles && !rules.roles.includes(user.role as SegmentRole)) return false;
  if (rules.languages && !rules.languages.includes(user.language)) return false;
  if (rules.countries && (!user.country || !rules.countries.includes(user.country))) return false;
  if (rules.signedUpAfter && !(user.createdAt >= rules.signedUpAfter)) return false;
  if (rules.signedUpBefore && !(user.createdAt < rules.signedUpBefore)) return false;
  const provider = isProviderRole(user.role);
  if (rules.providerApproved !== undefined && (!provider || user.approved !== rules.providerApproved)) {
    return false;
  }
  if (rules.providerOnline !== undefined && (!provider || user.online !== rules.providerOnline)) {
    return false;
  }
  if (!needsConsultations(rules)) return true;
  const fact = facts?.get(user.uid);
  if (rules.hasBooked !== undefined && (fact?.bookedAsClient ?? false) !== rules.hasBooked) return false;
  if (rules.lastConsultationAfter && !(fact && fact.last >= Date.parse(rules.lastConsultationAfter))) {
    return false;
  }
  if (rules.lastConsultationBefore && !(fact && fact.last < Date.parse(rules.lastConsultationBefore))) {
    return false;
  }
  return true;
}

/** The reachable users of one role signed up in the rules' range, a page of rows at a time. */
async function* audienceOfRole(
  store: Store,
  role: SegmentRole,
  rules: SegmentRules,
): AsyncGenerator<AudienceFacts> {
  let from: { key: unknown; id: string } | undefined;
  const endkey = [role, rules.signedUpBefore ?? PREFIX_END];
  for (;;) {
    const answer = await accountsDb(store).view('comms-audience', 'by_role_created', {
      limit: PAGE + 1,
      endkey,
      ...(from
        ? { startkey: from.key, startkey_docid: from.id }
        : { startkey: [role, rules.signedUpAfter ?? ''] }),
    });
    const rows = answer.rows as unknown as AudienceRow[];
    for (const row of rows.slice(0, PAGE)) yield audienceOfRow(row);
    if (rows.length <= PAGE) return;
    const next = rows[PAGE]!;
    from = { key: next.key, id: next.id };
  }
}

/** The reachable ones of these users, read by id, a page at a time. */
async function* audienceOfUsers(store: Store, uids: string[]): AsyncGenerator<AudienceFacts> {
  for (let at = 0; at < uids.length; at += PAGE) {
    const keys = uids.slice(at, at + PAGE).map((uid) => accountIds.account(uid));
    const { rows } = await accountsDb(store).fetch({ keys });
    for (const row of rows) {
      const account = 'doc' in row ? (row.doc ?? undefined) : undefined;
      if (reachable(account)) yield audienceOf(account);
    }
  }
}

/**
 * Calls `visit` with each user the rules select, each once; answers how many. In role order, then by
 * sign-up date (or by uid when only users with a consultation are read).
 */
export async function forEachMatch(
  store: Store,
  rules: SegmentRules,
  visit: (user: AudienceFacts) => void | Promise<void>,
): Promise<number> {
  const facts = needsConsultations(rules) ? await consultationFacts(store) : undefined;
  const roles = rules.roles ?? [...SEGMENT_ROLES];
  const sources = needsAConsultation(rules)
    ? [audienceOfUsers(store, [...facts!.keys()].sort())]
    : roles.map((role) => audienceOfRole(store, role, rules));
  let count = 0;
  for (const source of sources) {
    for await (const user of source) {
      if (!matches(user, rules, facts)) continue;
      count += 1;
      await visit(user);
    }
  }
  return count;
}
