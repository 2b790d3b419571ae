/**
 * In-app notifications sent by an admin (admin screen `comms/notifications`): to one user or to the
 * users a saved segment selects, each in their own language (French when the admin wrote none in
 * theirs), now or when its time comes. Sending one creates its record (`broadcast:<id>`, records.ts)
 * with one audit entry and hands it to the sender (sender.ts), which waits for its time if it has
 * one, resolves the recipients and delivers in the background; the record's state and counts tell
 * the console how far it got. A scheduled one may be cancelled until it starts, never after.
 */
import { checkBroadcastInput, isBroadcastCancellable } from '../../../src/domain/comms';
import type { BroadcastView, DeliveryView } from '../../../src/domain/comms';
import { createOnce, getOrUndefined, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { getAccount } from '../accounts';
import { recordAudit } from '../admin/audit';
import type { Page } from '../admin/paging';
import { PREFIX_END, scanPage } from '../admin/paging';
import { broadcastDocId, commsDb, COMMS_DB, deliveryPrefix, newCommsId, noCounts } from './records';
import type { BroadcastDoc, DeliveryDoc, DeliveryState, ResolvedTarget } from './records';
import { reachable } from './segment-match';
import { CommsInvalid, getSegment, SegmentNotFound } from './segments';

/** The one user named is not there, or cannot receive anything (banned, deactivated, an admin). */
export class RecipientRefused extends Error {
  constructor(readonly reason: 'recipient_not_found' | 'recipient_unreachable') {
    super(reason);
    this.name = 'RecipientRefused';
  }
}

export class BroadcastNotFound extends Error {
  constructor(readonly id: string) {
    super(`No broadcast ${id}`);
    this.name = 'BroadcastNotFound';
  }
}

/** A cancellation of a broadcast that is no longer waiting for its time (started, ended, cancelled). */
export class BroadcastNotScheduled extends Error {
  constructor(readonly id: string) {
    super(`The broadcast ${id} is not waiting for its time`);
    this.name = 'BroadcastNotScheduled';
  }
}

export type { BroadcastView, DeliveryView } from '../../../src/domain/comms';

const BROADCAST_ID = /^[a-z0-9-]{1,40}$/;

function view(doc: BroadcastDoc): BroadcastView {
  const { _id, _rev: _ignored, type: _type, ...rest } = doc;
  return { id: _id.slice('broadcast:'.length), ...rest };
}

export async function readBroadcast(store: Store, id: string): Promise<BroadcastDoc & { _rev: string }> {
  const doc = BROADCAST_ID.test(id)
    ? await getOrUndefined(commsDb<BroadcastDoc>(store), broadcastDocId(id))
    : undefined;
  if (!doc || doc.type !== 'broadcast') throw new BroadcastNotFound(id);
  return doc;
}

export async function getBroadcast(store: Store, id: string): Promise<BroadcastView> {
  return view(await readBroadcast(store, id));
}

/** Broadcasts, newest first, a page at a time. */
export function listBroadcasts(
  store: Store,
  page: { limit: number; token?: string },
): Promise<Page<BroadcastView>> {
  return scanPage<BroadcastDoc, BroadcastView>(commsDb<BroadcastDoc>(store), {
    view: 'comms/broadcasts_by_created',
    descending: true,
    limit: page.limit,
    token: page.token,
    pick: (doc) => (doc.type === 'broadcast' ? view(doc) : undefined),
  });
}

/** A broadcast's recipients by uid, a page at a time, optionally only those in one state. */
export async function listDeliveries(
  store: Store,
  id: string,
  query: { state?: DeliveryState; limit: number; token?: string },
): Promise<Page<DeliveryView>> {
  await readBroadcast(store, id);
  const prefix = deliveryPrefix(id);
  return scanPage<DeliveryDoc, DeliveryView>(commsDb<DeliveryDoc>(store), {
    view: '_all_docs',
    startkey: prefix,
    endkey: `${prefix}${PREFIX_END}`,
    limit: query.limit,
    token: query.token,
    pick: (doc) =>
      doc.type === 'delivery' && (!query.state || doc.state === query.state)
        ? {
            uid: doc.uid,
            language: doc.language,
            state: doc.state,
            ...(doc.failure ? { failure: doc.failure } : {}),
            ...(doc.sentAt ? { sentAt: doc.sentAt } : {}),
          }
        : undefined,
  });
}

async function resolveTarget(store: Store, target: unknown): Promise<ResolvedTarget> {
  const sent = target as { kind: 'user'; uid: string } | { kind: 'segment'; segmentId: string };
  if (sent.kind === 'user') {
    const account = await getAccount(store, sent.uid);
    if (!account || account.type !== 'account') throw new RecipientRefused('recipient_not_found');
    if (!reachable(account)) throw new RecipientRefused('recipient_unreachable');
    return { kind: 'user', uid: sent.uid };
  }
  // The segment as it is now: a later edit of it does not change whom this broadcast went to.
  const segment = await getSegment(store, sent.segmentId).catch((error: unknown) => {
    throw error instanceof SegmentNotFound ? new SegmentNotFound(sent.segmentId) : error;
  });
  return { kind: 'segment', segmentId: segment.id, name: segment.name, rules: segment.rules };
}

/**
 * Records a broadcast, scheduled or ready to be resolved and delivered (the caller hands it to the
 * sender). Bad input, an unknown segment or an unreachable user are refused before anything is
 * written. The one user named is checked now, and again when a scheduled broadcast is due.
 */
export async function createBroadcast(
  store: Store,
  { input, by, now = new Date() }: { input: unknown; by: string; now?: Date },
): Promise<BroadcastView> {
  const check = checkBroadcastInput(input, now);
  if (!check.ok) throw new CommsInvalid(check.fields);
  const { texts, scheduledAt } = check.value;
  const target = await resolveTarget(store, check.value.target);
  const id = newCommsId(now);
  const doc: BroadcastDoc = {
    _id: broadcastDocId(id),
    type: 'broadcast',
    target,
    texts,
    state: scheduledAt ? 'scheduled' : 'resolving',
    ...(scheduledAt ? { scheduledAt } : {}),
    total: 0,
    counts: noCounts(),
    createdAt: now.toISOString(),
    createdBy: by,
  };
  await createOnce(store, COMMS_DB, doc);
  await recordAudit(store, {
    actor: by,
    action: scheduledAt ? 'broadcast_schedule' : 'notification_send',
    subject: { kind: 'broadcast', id },
    before: null,
    after: { target, texts, ...(scheduledAt ? { scheduledAt } : {}) },
    now,
  });
  return view(doc);
}

/**
 * Cancels a broadcast waiting for its time: it never starts (the sender starts one only by the same
 * conditional write from `scheduled`, sender.ts). Once started, ended or cancelled: refused.
 */
export async function cancelBroadcast(
  store: Store,
  { id, by, now = new Date() }: { id: string; by: string; now?: Date },
): Promise<BroadcastView> {
  const { _id } = await readBroadcast(store, id);
  const written = await upsertDoc<BroadcastDoc>(store, COMMS_DB, _id, (current) =>
    current && isBroadcastCancellable(current.state)
      ? { ...current, state: 'cancelled', cancelledAt: now.toISOString(), cancelledBy: by }
      : undefined,
  );
  if (!written) throw new BroadcastNotScheduled(id);
  await recordAudit(store, {
    actor: by,
    action: 'broadcast_cancel',
    subject: { kind: 'broadcast', id },
    before: { state: 'scheduled', scheduledAt: written.scheduledAt },
    after: { state: 'cancelled' },
    now,
  });
  return view(written);
}
