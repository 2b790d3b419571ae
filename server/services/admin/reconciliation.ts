/**
 * Reconciliation (admin finance/reconciliation): the ledger and the orders against the gateway's own
 * records over a date range, every mismatch listed (rules: src/domain/reconciliation.ts).
 *
 * Scope: a payment is compared when anything of it happened in the range on either side (a ledger
 * entry dated in it, or an intent, a charge or a refund the gateway created in it); a payout when
 * its ledger entry or its transfer is in it. Each is then compared whole: all of the order's ledger
 * entries (summed per kind, however many refunds) against the intent as the gateway holds it now.
 * Only the card gateway this service runs with is compared: orders billed to a company account
 * (gateway `account`) and entries of another gateway kind are left out.
 *
 * Bounded: at most `cap` ledger entries and `cap` gateway records are read; past that the answer is
 * `partial`, and the range is at most RECONCILIATION_MAX_DAYS days (the route refuses more).
 */
import { disputeDocId, disputeState } from '../../../src/domain/disputes';
import type { DisputeDoc } from '../../../src/domain/disputes';
import { compareDisputes, comparePayment, compareTransfer } from '../../../src/domain/reconciliation';
import type {
  DisputeSide,
  GatewayPayment,
  GatewayTransfer,
  OurPayment,
  OurPayout,
  ReconciliationAnswer,
  ReconciliationMismatch,
} from '../../../src/domain/reconciliation';
import { gatewayRecords } from '../../adapters/payments/records';
import type {
  GatewayIntentRecord,
  GatewayRecordReader,
  GatewayTransferRecord,
  RecordRange,
} from '../../adapters/payments/records';
import type { PaymentGateway } from '../../adapters/payments/types';
import type { Store } from '../../store/store';
import type { AnyLedgerEntry, LedgerEntry } from '../consultation/ledger';
import type { StoredOrder } from '../consultation/types';
import type { PayoutDoc } from '../payouts/records';
import { docsById } from './docs-by-id';

export const RECONCILIATION_CAP = 2000;
/** Lookups of single records at the gateway run this many at a time. */
const PARALLEL = 6;

type Entry = AnyLedgerEntry & { refundId?: string };

async function inBatches<T, R>(items: readonly T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += PARALLEL) {
    out.push(...(await Promise.all(items.slice(i, i + PARALLEL).map(run))));
  }
  return out;
}

/** The ledger entries dated in the range, at most `cap` (more: `truncated`). */
async function ledgerInRange(store: Store, range: RecordRange, cap: number) {
  const { rows } = await store.db<Entry>('ledger').view<null>('ledger-by-date', 'by_at', {
    startkey: range.from.toISOString(),
    endkey: range.to.toISOString(),
    inclusive_end: false,
    include_docs: true,
    limit: cap + 1,
  });
  const entries = rows.map((row) => row.doc).filter((doc): doc is Entry & { _rev: string } => Boolean(doc));
  return { entries: entries.slice(0, cap), truncated: entries.length > cap };
}

/** All of an order's ledger entries (every date). */
async function orderEntries(store: Store, orderId: string): Promise<LedgerEntry[]> {
  const { rows } = await store.db<LedgerEntry>('ledger').view<number>('ledger-entries', 'by_order', {
    startkey: [orderId],
    endkey: [orderId, {}],
    include_docs: true,
  });
  return rows.map((row) => row.doc).filter((doc): doc is LedgerEntry & { _rev: string } => Boolean(doc));
}

function ourPayment(orderId: string, order: StoredOrder | undefined, entries: LedgerEntry[]): OurPayment {
  const sum = (kind: string) =>
    entries.filter((entry) => entry.kind === kind).reduce((total, entry) => total + entry.amount, 0);
  const has = (kind: string) => entries.some((entry) => entry.kind === kind);
  return {
    orderId,
    intentId: order?.payment.intentId ?? entries[0]?.intentId ?? '',
    ...(order ? { state: order.payment.state } : {}),
    currency: order?.quote.currency ?? entries[0]?.currency ?? '',
    authorised: sum('authorisation'),
    captured: sum('capture'),
    released: sum('release'),
    refunded: sum('refund'),
    hasAuthorisation: has('authorisation'),
    hasCapture: has('capture'),
    hasRelease: has('release'),
    entryIds: entries
      .filter((entry) => ['authorisation', 'capture', 'release'].includes(entry.kind))
      .map((e) => e._id),
    refundEntryIds: entries.filter((entry) => entry.kind === 'refund').map((entry) => entry._id),
  };
}

/** Our disputes of a payment: the ledger says each one's state, its record the amount disputed. */
async function ourDisputes(store: Store, entries: LedgerEntry[], currency: string): Promise<DisputeSide[]> {
  const byDispute = new Map<string, LedgerEntry[]>();
  for (const entry of entries) {
    if (!entry.disputeId) continue;
    byDispute.set(entry.disputeId, [...(byDispute.get(entry.disputeId) ?? []), entry]);
  }
  const ids = [...byDispute.keys()];
  const records = await docsById<DisputeDoc>(store, 'orders', ids.map(disputeDocId));
  return ids.map((disputeId) => {
    const own = byDispute.get(disputeId)!;
    const lost = own.find((entry) => entry.kind === 'dispute_lost');
    const state: DisputeSide['state'] = lost
      ? 'lost'
      : own.some((entry) => entry.kind === 'dispute_release')
        ? 'won'
        : 'open';
    const amount = records.get(disputeDocId(disputeId))?.amount ?? lost?.amount;
    return {
      disputeId,
      state,
      ...(amount !== undefined ? { amount } : {}),
      currency,
      entryIds: own.map((entry) => entry._id),
    };
  });
}

async function reconcileDisputes(
  store: Store,
  reader: GatewayRecordReader,
  ours: OurPayment,
  entries: LedgerEntry[],
): Promise<ReconciliationMismatch[]> {
  const [mine, theirs] = await Promise.all([
    ourDisputes(store, entries, ours.currency),
    reader.disputes(ours.intentId),
  ]);
  return compareDisputes(
    ours,
    mine,
    theirs.map((dispute) => ({
      disputeId: dispute.disputeId,
      state: disputeState(dispute.status),
      amount: dispute.amount,
      currency: dispute.currency,
    })),
  );
}

function gatewayPayment(record: GatewayIntentRecord): GatewayPayment {
  return {
    intentId: record.intentId,
    ...(record.orderId ? { orderId: record.orderId } : {}),
    status: record.status,
    currency: record.currency,
    captured: record.captured,
    refunded: record.refunded,
    ...(record.chargeId ? { chargeId: record.chargeId } : {}),
    refundIds: record.refundIds,
  };
}

async function reconcilePayments(
  store: Store,
  reader: GatewayRecordReader,
  entries: Entry[],
  intents: GatewayIntentRecord[],
): Promise<{ mismatches: ReconciliationMismatch[]; checked: number }> {
  const byIntent = new Map(intents.map((record) => [record.intentId, record]));
  const byOrder = new Map(intents.filter((r) => r.orderId).map((record) => [record.orderId!, record]));
  const orderIds = new Set<string>();
  for (const entry of entries) {
    if ('orderId' in entry && entry.gateway === reader.kind) orderIds.add(entry.orderId);
  }
  for (const record of intents) if (record.orderId) orderIds.add(record.orderId);
  const orders = await docsById<StoredOrder>(store, 'orders', [...orderIds]);

  const mismatches: ReconciliationMismatch[] = [];
  const seenIntents = new Set<string>();
  let checked = 0;
  const results = await inBatches([...orderIds], async (orderId) => {
    const order = orders.get(orderId);
    if (order && order.type !== 'order') return [];
    // Another gateway's order (a company account's, or one made before Stripe was configured).
    if (order && order.payment.gateway !== reader.kind) return [];
    const own = await orderEntries(store, orderId);
    const mine = own.filter((entry) => entry.gateway === reader.kind);
    if (!order && mine.length === 0 && own.length > 0) return [];
    const ours = order || mine.length > 0 ? ourPayment(orderId, order, mine) : undefined;
    const intentId = ours?.intentId || byOrder.get(orderId)?.intentId;
    const known = intentId ? byIntent.get(intentId) : undefined;
    const record = known ?? (intentId ? await reader.intent(intentId) : undefined);
    // The gateway's intent names an order we do not have: compare it as a gateway-only record.
    const gateway = record && (!record.orderId || record.orderId === orderId) ? record : undefined;
    if (intentId) seenIntents.add(intentId);
    if (!ours && !gateway) return [];
    checked += 1;
    const found = comparePayment(ours, gateway ? gatewayPayment(gateway) : undefined);
    if (ours && intentId && (gateway?.disputed || mine.some((entry) => entry.disputeId))) {
      found.push(...(await reconcileDisputes(store, reader, ours, mine)));
    }
    return found;
  });
  mismatches.push(...results.flat());
  // Intents of no order at all (no orderId in their metadata).
  for (const record of intents) {
    if (seenIntents.has(record.intentId)) continue;
    checked += 1;
    mismatches.push(...comparePayment(undefined, gatewayPayment(record)));
  }
  return { mismatches, checked };
}

async function reconcilePayouts(
  store: Store,
  reader: GatewayRecordReader,
  entries: Entry[],
  transfers: GatewayTransferRecord[],
): Promise<{ mismatches: ReconciliationMismatch[]; checked: number }> {
  const byPayout = new Map<string, GatewayTransferRecord>();
  const orphans: GatewayTransferRecord[] = [];
  for (const transfer of transfers) {
    if (transfer.payoutId) byPayout.set(transfer.payoutId, transfer);
    else orphans.push(transfer);
  }
  const payoutIds = new Set<string>(byPayout.keys());
  for (const entry of entries) {
    if ('payoutId' in entry && entry.gateway === reader.kind) payoutIds.add(entry.payoutId);
  }
  const ids = [...payoutIds];
  const payouts = await docsById<PayoutDoc>(store, 'payouts', ids);
  const movements = await docsById<Entry>(
    store,
    'ledger',
    ids.flatMap((id) => [`${id}:payout`, `${id}:payout_reversal`]),
  );
  const results = await inBatches(ids, async (payoutId) => {
    const payout = payouts.get(payoutId);
    const paid = movements.get(`${payoutId}:payout`);
    const reversal = movements.get(`${payoutId}:payout_reversal`);
    const ours: OurPayout | undefined =
      payout || paid
        ? {
            payoutId,
            ...(payout
              ? { providerId: payout.providerId, day: payout.day, state: payout.state, method: payout.method }
              : {}),
            ...(payout?.transferId ? { transferId: payout.transferId } : {}),
            currency: payout?.currency ?? paid?.currency ?? '',
            paid: paid?.amount ?? 0,
            reversed: Boolean(reversal),
            entryIds: [paid?._id, reversal?._id].filter((id): id is string => Boolean(id)),
          }
        : undefined;
    if (ours?.method === 'manual' && !byPayout.has(payoutId)) return compareTransfer(ours, undefined);
    const record = byPayout.get(payoutId) ?? (await reader.transferOf(payoutId));
    const gateway: GatewayTransfer | undefined = record && {
      transferId: record.transferId,
      ...(record.payoutId ? { payoutId: record.payoutId } : {}),
      amount: record.amount,
      currency: record.currency,
      reversed: record.reversed,
    };
    return compareTransfer(ours, gateway);
  });
  const mismatches = results.flat();
  for (const transfer of orphans) {
    mismatches.push(
      ...compareTransfer(undefined, {
        transferId: transfer.transferId,
        amount: transfer.amount,
        currency: transfer.currency,
        reversed: transfer.reversed,
      }),
    );
  }
  return { mismatches, checked: ids.length + orphans.length };
}

const ORDER: Record<ReconciliationMismatch['subject'], number> = {
  payment: 0,
  refund: 1,
  dispute: 2,
  transfer: 3,
};

export async function reconcile(
  store: Store,
  gateway: PaymentGateway,
  range: RecordRange,
  cap = RECONCILIATION_CAP,
): Promise<ReconciliationAnswer> {
  const reader = gatewayRecords(gateway, store);
  const ledger = await ledgerInRange(store, range, cap);
  const records = await reader.inRange(range, cap);
  const payments = await reconcilePayments(store, reader, ledger.entries, records.intents);
  const payouts = await reconcilePayouts(store, reader, ledger.entries, records.transfers);
  const mismatches = [...payments.mismatches, ...payouts.mismatches].sort(
    (a, b) => ORDER[a.subject] - ORDER[b.subject] || a.key.localeCompare(b.key),
  );
  return {
    gateway: reader.kind,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    checked: { payments: payments.checked, transfers: payouts.checked },
    partial: ledger.truncated || records.truncated,
    mismatches,
  };
}
