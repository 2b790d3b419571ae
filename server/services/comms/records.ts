/**
 * The documents of communications, in the server-only `comms` database (couchdb/databases.json;
 * apart from `admin`, whose every write drops the checkout's copy of it, so that a broadcast's
 * thousands of writes never touch checkout):
 *
 * - `segment:<id>`: a saved segment, its name and rules.
 * - `broadcast:<id>`: an announcement sent to one user or a segment: its texts, its target, its
 *   schedule, its state (`scheduled`, `resolving` its recipients, `sending`, `complete`, or
 *   `cancelled` before it started) and its counts as last tallied.
 * - `delivery:<broadcastId>:<uid>`: one recipient of a broadcast (the resolved list, one fact per
 *   person, never a list inside the record), with the language chosen and its state (`queued`,
 *   `sent`, `failed` with why). What the recipient receives is the notification
 *   `notification:announcement:<broadcastId>` in their own database: one id per broadcast, so a
 *   delivery made again after a crash finds it there instead of writing a second one.
 */
import { randomBytes } from 'node:crypto';
import type {
  BroadcastView,
  DeliveryCounts,
  DeliveryFailure,
  DeliveryState,
  SegmentRules,
} from '../../../src/domain/comms';
import type { Language } from '../../../src/domain/languages';
import type { Store } from '../../store/store';

// The shapes the console reads too are written once, in the domain.
export type {
  BroadcastState,
  DeliveryCounts,
  DeliveryFailure,
  DeliveryState,
  ResolvedTarget,
} from '../../../src/domain/comms';

export const COMMS_DB = 'comms';

export type SegmentDoc = {
  _id: string;
  _rev?: string;
  type: 'segment';
  name: string;
  rules: SegmentRules;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
};

/** The record as stored: the console's view of it (the domain's), under its document id. */
export type BroadcastDoc = Omit<BroadcastView, 'id'> & { _id: string; _rev?: string; type: 'broadcast' };

export type DeliveryDoc = {
  _id: string;
  _rev?: string;
  type: 'delivery';
  broadcastId: string;
  uid: string;
  language: Language;
  state: DeliveryState;
  failure?: DeliveryFailure;
  attempts?: number;
  sentAt?: string;
};

export const segmentDocId = (id: string) => `segment:${id}`;
export const broadcastDocId = (id: string) => `broadcast:${id}`;
export const deliveryPrefix = (broadcastId: string) => `delivery:${broadcastId}:`;
export const deliveryDocId = (broadcastId: string, uid: string) => `${deliveryPrefix(broadcastId)}${uid}`;

/**
 * A new record's id: its time first (so ids sort by creation), then randomness. Lowercase letters,
 * digits and dashes: it also names the notification in each recipient's database.
 */
export function newCommsId(now: Date): string {
  const stamp = now.toISOString().replace(/[-:.TZ]/g, '');
  return `${stamp}-${randomBytes(5).toString('hex')}`;
}

export const commsDb = <T extends object>(store: Store) => store.db<T>(COMMS_DB);

export const noCounts = (): DeliveryCounts => ({ queued: 0, sent: 0, failed: 0 });

/**
 * A broadcast's time: when it was due if scheduled, else when it was sent. Its recipients are the
 * users signed up before it, and their notification bears it.
 */
export const broadcastTime = (record: Pick<BroadcastDoc, 'scheduledAt' | 'createdAt'>) =>
  record.scheduledAt ?? record.createdAt;
