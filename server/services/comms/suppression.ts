/**
 * The suppression list (admin screen `comms/suppression`): addresses that never get a campaign mail
 * again, one document per normalised address (`suppression:<address>`, campaign-records.ts). An
 * address is added by its owner following a campaign's unsubscribe link, by an admin (by hand, or
 * for a bounce they learnt of), or by the service for a hard bounce or a complaint (mail-events.ts);
 * only an admin removes one. Every change is audited. Transactional
 * mails (verification, resets, invoices) never read this list.
 */
import { checkSuppressionInput } from '../../../src/domain/comms-campaigns';
import type { SuppressionReason, SuppressionView } from '../../../src/domain/comms-campaigns';
import { normalizeEmail } from '../../../src/domain/email';
import { createOnce, getOrUndefined, isConflict, isNotFound } from '../../store/store';
import type { Store } from '../../store/store';
import { recordAudit } from '../admin/audit';
import type { Page } from '../admin/paging';
import { PREFIX_END, scanPage } from '../admin/paging';
import { suppressionDocId, SUPPRESSION_PREFIX } from './campaign-records';
import type { SuppressionDoc } from './campaign-records';
import { commsDb, COMMS_DB } from './records';
import { CommsInvalid } from './segments';

export class SuppressionNotFound extends Error {
  constructor(readonly email: string) {
    super('No such address on the suppression list');
    this.name = 'SuppressionNotFound';
  }
}

export class AlreadySuppressed extends Error {
  constructor(readonly email: string) {
    super('This address is on the suppression list already');
    this.name = 'AlreadySuppressed';
  }
}

/** The actor of an unsubscription: the address's owner, who is not signed in. */
export const RECIPIENT_ACTOR = 'recipient';
/** The actor of a suppression for a hard bounce or a complaint: the service itself. */
export const SYSTEM_ACTOR = 'system';

function view(doc: SuppressionDoc): SuppressionView {
  const { _id: _ignored, _rev: _rev, type: _type, ...rest } = doc;
  return rest;
}

/** Whether a campaign may not be mailed to this address. */
export async function isSuppressed(store: Store, email: string): Promise<boolean> {
  const doc = await getOrUndefined(commsDb<SuppressionDoc>(store), suppressionDocId(normalizeEmail(email)));
  return doc?.type === 'suppression';
}

/** The list by address, a page at a time; `search`: only addresses starting so. */
export function listSuppressions(
  store: Store,
  query: { search?: string; limit: number; token?: string },
): Promise<Page<SuppressionView>> {
  const prefix = `${SUPPRESSION_PREFIX}${query.search ?? ''}`;
  return scanPage<SuppressionDoc, SuppressionView>(commsDb<SuppressionDoc>(store), {
    view: '_all_docs',
    startkey: prefix,
    endkey: `${prefix}${PREFIX_END}`,
    limit: query.limit,
    token: query.token,
    pick: (doc) => (doc.type === 'suppression' ? view(doc) : undefined),
  });
}

async function addSuppression(
  store: Store,
  entry: { email: string; reason: SuppressionReason; by: string; note?: string; campaignId?: string },
  now: Date,
): Promise<{ created: boolean; entry: SuppressionView }> {
  const doc: SuppressionDoc = {
    _id: suppressionDocId(entry.email),
    type: 'suppression',
    email: entry.email,
    reason: entry.reason,
    at: now.toISOString(),
    by: entry.by,
    ...(entry.note ? { note: entry.note } : {}),
    ...(entry.campaignId ? { campaignId: entry.campaignId } : {}),
  };
  if (!(await createOnce(store, COMMS_DB, doc))) {
    const current = await commsDb<SuppressionDoc>(store).get(doc._id);
    return { created: false, entry: view(current) };
  }
  await recordAudit(store, {
    actor: entry.by,
    action: 'suppression_add',
    subject: { kind: 'suppression', id: entry.email },
    before: null,
    after: view(doc),
    now,
  });
  return { created: true, entry: view(doc) };
}

/** An admin puts an address on the list; 409 when it is there already. */
export async function suppressAddress(
  store: Store,
  { input, by, now = new Date() }: { input: unknown; by: string; now?: Date },
): Promise<SuppressionView> {
  const check = checkSuppressionInput(input);
  if (!check.ok) throw new CommsInvalid(check.fields);
  const { created, entry } = await addSuppression(store, { ...check.value, by }, now);
  if (!created) throw new AlreadySuppressed(entry.email);
  return entry;
}

/** The owner of an address followed an unsubscribe link: done once, later clicks change nothing. */
export async function unsubscribe(
  store: Store,
  { email, campaignId, now = new Date() }: { email: string; campaignId: string; now?: Date },
): Promise<SuppressionView> {
  const normalised = normalizeEmail(email);
  const added = await addSuppression(
    store,
    { email: normalised, reason: 'unsubscribed', by: RECIPIENT_ACTOR, campaignId },
    now,
  );
  return added.entry;
}

/**
 * A hard bounce or a complaint puts the address on the list (deliverability, mail-events.ts): done
 * once, audited once, with the campaign it came from; an address listed already stays as it is.
 */
export async function suppressForEvent(
  store: Store,
  entry: { email: string; reason: 'hard_bounce' | 'complaint'; campaignId: string; note?: string },
  now = new Date(),
): Promise<void> {
  await addSuppression(store, { ...entry, email: normalizeEmail(entry.email), by: SYSTEM_ACTOR }, now);
}

/** An admin takes an address off the list: campaigns reach it again. */
export async function removeSuppression(
  store: Store,
  { email, by, now = new Date() }: { email: string; by: string; now?: Date },
): Promise<void> {
  const normalised = normalizeEmail(email);
  const db = commsDb<SuppressionDoc>(store);
  const current = await getOrUndefined(db, suppressionDocId(normalised));
  if (!current || current.type !== 'suppression') throw new SuppressionNotFound(normalised);
  try {
    await db.destroy(current._id, current._rev);
  } catch (error) {
    // Removed meanwhile by another admin: it is off the list either way, and audited once.
    if (isNotFound(error) || isConflict(error)) throw new SuppressionNotFound(normalised);
    throw error;
  }
  await recordAudit(store, {
    actor: by,
    action: 'suppression_remove',
    subject: { kind: 'suppression', id: normalised },
    before: view(current),
    after: null,
    now,
  });
}
