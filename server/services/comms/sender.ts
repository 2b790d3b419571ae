/**
 * Carries broadcasts out in the background (broadcasts.ts records them): waits for a scheduled one's
 * time (a timer, due-timers.ts), then resolves its recipients and delivers; at start resumes those a
 * stop or a crash left unfinished, scheduled ones included (`resume`, from server/main.ts).
 *
 * A scheduled broadcast starts by one conditional write, `scheduled` → `resolving`; a cancellation
 * is the other conditional write from `scheduled` (broadcasts.ts). The store takes only one of them,
 * so a cancelled broadcast never starts and a started one can no longer be cancelled; every
 * instance that finds it cancelled leaves it.
 *
 * Exactly once per recipient, whatever step a crash cuts:
 * - Resolving writes one `delivery:<broadcastId>:<uid>` per recipient, with content fixed by the
 *   broadcast (no clock, no random): written again after a crash, it is the same document. Users
 *   who signed up after the broadcast's time (when it was due, or else sent) are never added (the
 *   rules are read with that bound), so a resumed resolution selects the same people, plus any an
 *   earlier attempt had written.
 * - Delivering creates `notification:announcement:<broadcastId>` in the recipient's database, a
 *   creation with a fixed id (createDocOnce: one creator only, on a CouchDB cluster too), its content
 *   also fixed by the broadcast. A delivery marked `queued` whose notification is already there (the
 *   crash fell between the two writes) finds it and counts as sent; nothing writes it twice.
 * - The record's counts are a tally refreshed after each batch; the final ones are counted from the
 *   delivery documents themselves once none is left queued.
 *
 * Several instances resuming the same broadcast at once deliver nothing twice for the same reasons;
 * each tallies on its own and the last tally written stands.
 */
import { announcementFor, announcementNotificationId } from '../../../src/domain/comms';
import { resolveLanguage } from '../../../src/domain/languages';
import type { NotificationDoc } from '../../../src/domain/mine';
import { userDbName } from '../../../src/domain/user-db';
import { logError } from '../../log';
import { createDocOnce, isNotFound, isStoreUnavailable, statusOf, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { wholeListing } from '../../store/whole-listing';
import { readBroadcast } from './broadcasts';
import { dueTimers } from './due-timers';
import { broadcastTime, commsDb, COMMS_DB, deliveryDocId, deliveryPrefix, noCounts } from './records';
import type { BroadcastDoc, DeliveryCounts, DeliveryDoc } from './records';
import { getAccount } from '../accounts';
import { forEachMatch, reachable } from './segment-match';

/** Deliveries read, made and marked together; the record's counts are refreshed after each batch. */
const BATCH = 25;
/** Recipients written at once while resolving (one bulk write each). */
const RESOLVE_BATCH = 500;
/** Deliveries under way at once within a batch (each one write to one user's database). */
const PARALLEL = 8;
/** Attempts at a delivery the store keeps refusing, before it counts as failed. */
const ATTEMPTS = 3;
/** Pause before another pass over deliveries left queued by a store error. */
const RETRY_PAUSE_MS = 2_000;

export type BroadcastSender = {
  /** Starts (or waits for the time of) carrying `id` out unless this process already is. */
  kick(id: string): void;
  /** Kicks every unfinished broadcast, scheduled ones included; answers how many. */
  resume(): Promise<number>;
  /** Resolves once nothing is under way (tests, a stop); scheduled broadcasts waiting excepted. */
  idle(): Promise<void>;
  /** No new batch starts; what is under way finishes its batch. */
  stop(): void;
};

export type SenderOptions = { batchPauseMs?: number };

const senders = new WeakMap<Store, BroadcastSender>();

/** The sender of `store` (one per store in a process, shared by the console and the start-up resume). */
export function broadcastSender(store: Store, options: SenderOptions = {}): BroadcastSender {
  let sender = senders.get(store);
  if (!sender) senders.set(store, (sender = createSender(store, options)));
  return sender;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function createSender(store: Store, { batchPauseMs = 0 }: SenderOptions): BroadcastSender {
  const running = new Map<string, Promise<void>>();
  const timers = dueTimers((id) => kick(id));
  let stopped = false;

  const kick = (id: string) => {
    if (stopped || running.has(id)) return;
    timers.clear(id);
    const work = carryOut(id)
      .catch((error: unknown) =>
        logError(`[comms] broadcast ${id} stopped; it resumes at the next start:`, error),
      )
      .finally(() => running.delete(id));
    running.set(id, work);
  };

  async function carryOut(id: string): Promise<void> {
    let record: BroadcastDoc = await readBroadcast(store, id);
    if (record.state === 'scheduled') {
      if (!timers.due(id, record.scheduledAt)) return;
      const started = await upsertDoc<BroadcastDoc>(store, COMMS_DB, record._id, (current) =>
        current?.state === 'scheduled' ? { ...current, state: 'resolving' } : undefined,
      );
      record = started ?? (await readBroadcast(store, id));
    }
    // Complete, or cancelled before its time (by the conditional write this start lost to): done.
    if (record.state !== 'resolving' && record.state !== 'sending') return;
    if (record.state === 'resolving') record = await resolve(record);
    for (let pass = 0; !stopped; pass++) {
      const left = await deliverPass(record);
      if (left === 0 || stopped) break;
      await pause(RETRY_PAUSE_MS * (pass + 1));
    }
    if (!stopped) await finish(record);
  }

  /** Writes the recipient list (one delivery each), then the record's total and `sending`. */
  async function resolve(record: BroadcastDoc): Promise<BroadcastDoc> {
    const id = broadcastIdOf(record);
    const uids = new Set(await existingDeliveries(id));
    let batch: DeliveryDoc[] = [];
    const flush = async () => {
      if (batch.length) await commsDb(store).bulk({ docs: batch }); // conflicts: written already
      batch = [];
    };
    const add = async (uid: string, language: DeliveryDoc['language']) => {
      if (uids.has(uid)) return;
      uids.add(uid);
      batch.push({
        _id: deliveryDocId(id, uid),
        type: 'delivery',
        broadcastId: id,
        uid,
        language,
        state: 'queued',
      });
      if (batch.length >= RESOLVE_BATCH) await flush();
    };
    const { target } = record;
    if (target.kind === 'user') {
      const account = await getAccount(store, target.uid);
      if (reachable(account)) await add(account.uid, resolveLanguage(account.preferredLanguage));
    } else {
      const before = [target.rules.signedUpBefore, broadcastTime(record)].filter(Boolean).sort()[0];
      await forEachMatch(store, { ...target.rules, signedUpBefore: before }, ({ uid, language }) =>
        add(uid, language),
      );
    }
    await flush();
    const written = await upsertDoc<BroadcastDoc>(store, COMMS_DB, record._id, (current) =>
      current && current.state === 'resolving'
        ? { ...current, state: 'sending', total: uids.size, counts: { ...noCounts(), queued: uids.size } }
        : undefined,
    );
    return written ?? (await readBroadcast(store, id));
  }

  /** The recipients an earlier, interrupted resolution wrote (ids only). */
  async function existingDeliveries(id: string): Promise<string[]> {
    const prefix = deliveryPrefix(id);
    const uids: string[] = [];
    let startkey = prefix;
    for (;;) {
      const { rows } = await commsDb(store).list({
        startkey,
        endkey: `${prefix}\ufff0`,
        limit: RESOLVE_BATCH + 1,
      });
      for (const row of rows.slice(0, RESOLVE_BATCH)) uids.push(row.id.slice(prefix.length));
      if (rows.length <= RESOLVE_BATCH) return uids;
      startkey = rows[RESOLVE_BATCH]!.id;
    }
  }

  /**
   * A broadcast's `total` delivery documents in uid order, each read by id: the whole list on a
   * CouchDB cluster too, where a range listing may lag behind the resolution that wrote them
   * (store/whole-listing.ts).
   */
  async function* deliveries(record: BroadcastDoc): AsyncGenerator<DeliveryDoc & { _rev: string }> {
    const prefix = deliveryPrefix(broadcastIdOf(record));
    for await (const doc of wholeListing<DeliveryDoc>(store, COMMS_DB, prefix, record.total)) {
      if (doc.type === 'delivery') yield doc;
    }
  }

  /** One pass over the deliveries: makes the queued ones; answers how many are left queued. */
  async function deliverPass(record: BroadcastDoc): Promise<number> {
    const tally = noCounts();
    let seen = 0;
    let batch: (DeliveryDoc & { _rev: string })[] = [];
    const runBatch = async () => {
      const marked = await deliverBatch(
        record,
        batch.filter((doc) => doc.state === 'queued'),
      );
      for (const doc of batch) {
        const state = marked.get(doc._id)?.state ?? doc.state;
        tally[state] += 1;
      }
      seen += batch.length;
      batch = [];
      await writeCounts(record, { ...tally, queued: tally.queued + Math.max(0, record.total - seen) });
      if (batchPauseMs > 0) await pause(batchPauseMs);
    };
    for await (const doc of deliveries(record)) {
      batch.push(doc);
      if (batch.length >= BATCH) await runBatch();
      if (stopped) return tally.queued + 1;
    }
    if (batch.length) await runBatch();
    return tally.queued;
  }

  /** Delivers a batch, then marks each delivery with what became of it (one bulk write). */
  async function deliverBatch(
    record: BroadcastDoc,
    queued: (DeliveryDoc & { _rev: string })[],
  ): Promise<Map<string, DeliveryDoc>> {
    const marked = new Map<string, DeliveryDoc>();
    for (let at = 0; at < queued.length; at += PARALLEL) {
      const slice = queued.slice(at, at + PARALLEL);
      const outcomes = await Promise.all(slice.map((delivery) => deliverOne(record, delivery)));
      slice.forEach((delivery, index) => marked.set(delivery._id, outcomes[index]!));
    }
    if (marked.size === 0) return marked;
    const answers = await commsDb<DeliveryDoc>(store).bulk({ docs: [...marked.values()] });
    // A delivery another instance marked meanwhile keeps its mark (it made the same delivery).
    for (const answer of answers) if ('error' in answer && answer.error) marked.delete(answer.id ?? '');
    return marked;
  }

  /** Makes one delivery: the notification in the recipient's database, created once. */
  async function deliverOne(
    record: BroadcastDoc,
    delivery: DeliveryDoc & { _rev: string },
  ): Promise<DeliveryDoc> {
    const { text } = announcementFor(record.texts, delivery.language);
    const notificationId = announcementNotificationId(broadcastIdOf(record));
    const notification: NotificationDoc & { _id: string } = {
      _id: notificationId,
      id: notificationId,
      type: 'notification',
      kind: 'announcement',
      params: { title: text.title, body: text.body },
      isRead: false,
      // The broadcast's time, not the delivery's: the same document whoever writes it, whenever.
      createdAt: broadcastTime(record),
      updatedAt: broadcastTime(record),
    };
    const attempts = (delivery.attempts ?? 0) + 1;
    try {
      await createDocOnce(store, userDbName(delivery.uid), notification);
      return { ...delivery, state: 'sent', attempts, sentAt: new Date().toISOString() };
    } catch (error) {
      if (isNotFound(error)) return { ...delivery, state: 'failed', failure: 'recipient_gone', attempts };
      const status = statusOf(error);
      if (!isStoreUnavailable(error) && status !== undefined && status < 500) {
        logError(`[comms] delivery of ${delivery._id} refused by the store:`, error);
      }
      return attempts >= ATTEMPTS
        ? { ...delivery, state: 'failed', failure: 'store_error', attempts }
        : { ...delivery, attempts };
    }
  }

  async function writeCounts(record: BroadcastDoc, counts: DeliveryCounts): Promise<void> {
    await upsertDoc<BroadcastDoc>(store, COMMS_DB, record._id, (current) =>
      current && current.state === 'sending' ? { ...current, counts } : undefined,
    );
  }

  /** The final counts, from the deliveries themselves; the record is complete. */
  async function finish(record: BroadcastDoc): Promise<void> {
    const counts = noCounts();
    for await (const doc of deliveries(record)) counts[doc.state] += 1;
    if (counts.queued > 0) return; // left for the next start
    await upsertDoc<BroadcastDoc>(store, COMMS_DB, record._id, (current) =>
      current?.state === 'sending'
        ? {
            ...current,
            state: 'complete',
            total: counts.sent + counts.failed,
            counts,
            completedAt: new Date().toISOString(),
          }
        : undefined,
    );
  }

  return {
    kick,
    async resume() {
      const { rows } = await commsDb(store).view('comms', 'broadcasts_open', {});
      for (const row of rows) kick(row.id.slice('broadcast:'.length));
      return rows.length;
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running.values()]);
    },
    stop() {
      stopped = true;
      timers.clearAll();
    },
  };
}

const broadcastIdOf = (record: BroadcastDoc) => record._id.slice('broadcast:'.length);
