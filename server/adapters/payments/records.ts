/**
 * The gateway's own records, read for reconciliation (admin finance/reconciliation): what the
 * gateway says was held, captured, refunded and transferred, never what we recorded of it.
 *
 * - Stripe: payment intents, charges (the captured and refunded amounts), refunds and Connect
 *   transfers, through the SDK's auto-pagination with a `created` range (Stripe counts seconds).
 * - Simulated (demo mode): the `sim-intent:*` documents (with their refunds: the `refunds` list, or
 *   the single whole `refund` of older intents) and `sim-transfer:*` documents of the `orders`
 *   database, by date through the `sim-gateway` view.
 *
 * `inRange` reads what was created in `[from, to)`, at most `cap` records in all (`truncated` says
 * the cap was reached); `intent` and `transferOf` look up one record created outside the range, for
 * a payment or payout that something inside the range brought into scope.
 */
import type Stripe from 'stripe';
import { getOrUndefined } from '../../store/store';
import type { Store } from '../../store/store';
import type { SimulatedIntentDoc } from './simulated';
import type { SimulatedDisputeDoc } from './simulated-disputes';
import { SIM_TRANSFER_PREFIX } from './simulated-transfers';
import type { SimulatedTransferDoc } from './simulated-transfers';
import type { GatewayDispute, IntentStatus, PaymentGateway } from './types';

export type RecordRange = { from: Date; to: Date };

export type GatewayRefundRecord = { refundId: string; intentId: string; amount: number; created: string };

export type GatewayIntentRecord = {
  intentId: string;
  orderId?: string;
  status: IntentStatus;
  amount: number;
  currency: string;
  /** What was captured (the charge's captured amount). */
  captured: number;
  /** All that was given back so far (the charge's refunded amount). */
  refunded: number;
  chargeId?: string;
  /** The refunds known of (those read in the range, or all of them for a looked-up intent). */
  refundIds: string[];
  /** The gateway says the charge was disputed (its disputes are then read one by one). */
  disputed: boolean;
  created: string;
};

export type GatewayTransferRecord = {
  transferId: string;
  payoutId?: string;
  amount: number;
  currency: string;
  reversed: boolean;
  created: string;
};

export type GatewayRecords = {
  intents: GatewayIntentRecord[];
  transfers: GatewayTransferRecord[];
  /** Records read in all (intents, charges, refunds, transfers). */
  count: number;
  truncated: boolean;
};

export interface GatewayRecordReader {
  readonly kind: 'stripe' | 'simulated';
  inRange(range: RecordRange, cap: number): Promise<GatewayRecords>;
  intent(intentId: string): Promise<GatewayIntentRecord | undefined>;
  transferOf(payoutId: string): Promise<GatewayTransferRecord | undefined>;
  /** Every dispute of an intent's charge, as the gateway holds it now. */
  disputes(intentId: string): Promise<GatewayDispute[]>;
}

/** The gateway did not answer, or refused to, while its records were read. */
export class GatewayRecordsError extends Error {
  constructor(cause: unknown) {
    super(
      `The gateway's records could not be read: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
    this.name = 'GatewayRecordsError';
  }
}

/** The same reader, its failures told apart from ours (a store error stays what it is). */
function failingAsGateway(reader: GatewayRecordReader): GatewayRecordReader {
  const wrap =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await run(...args);
      } catch (error) {
        throw new GatewayRecordsError(error);
      }
    };
  return {
    kind: reader.kind,
    inRange: wrap(reader.inRange),
    intent: wrap(reader.intent),
    transferOf: wrap(reader.transferOf),
    disputes: wrap(reader.disputes),
  };
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : value?.id;

/** The reader of the gateway this service runs with. */
export function gatewayRecords(gateway: PaymentGateway, store: Store): GatewayRecordReader {
  if (gateway.kind === 'stripe') {
    const client = (gateway as PaymentGateway & { client?: Stripe }).client;
    if (!client) throw new Error('The Stripe gateway has no SDK client to read its records with.');
    return failingAsGateway(stripeRecords(client, gateway));
  }
  return simulatedRecords(store, gateway);
}

// --- Stripe -------------------------------------------------------------------------------------

function fromStripeIntent(pi: Stripe.PaymentIntent, charge?: Stripe.Charge): GatewayIntentRecord {
  const orderId = pi.metadata?.orderId;
  return {
    intentId: pi.id,
    ...(orderId ? { orderId } : {}),
    status: pi.status as IntentStatus,
    amount: pi.amount,
    currency: pi.currency.toUpperCase(),
    captured: charge ? (charge.captured ? charge.amount_captured : 0) : (pi.amount_received ?? 0),
    refunded: charge?.amount_refunded ?? 0,
    ...(charge ? { chargeId: charge.id } : {}),
    refundIds: [],
    disputed: charge?.disputed ?? false,
    created: iso(pi.created),
  };
}

const refundCounts = (refund: Stripe.Refund) => refund.status !== 'failed' && refund.status !== 'canceled';

export function stripeRecords(stripe: Stripe, gateway: PaymentGateway): GatewayRecordReader {
  async function intent(intentId: string): Promise<GatewayIntentRecord | undefined> {
    let pi: Stripe.PaymentIntent;
    try {
      pi = await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
    } catch (error) {
      if ((error as { code?: unknown }).code === 'resource_missing') return undefined;
      throw error;
    }
    const charge = typeof pi.latest_charge === 'object' && pi.latest_charge ? pi.latest_charge : undefined;
    const refundIds: string[] = [];
    for await (const refund of stripe.refunds.list({ payment_intent: pi.id, limit: 100 })) {
      if (refundCounts(refund)) refundIds.push(refund.id);
    }
    return { ...fromStripeIntent(pi, charge), refundIds };
  }

  return {
    kind: 'stripe',
    intent,
    disputes: (intentId) => gateway.listDisputes(intentId),

    async transferOf(payoutId) {
      // The payout's id is the transfer's group (services/payouts/pay-one.ts).
      const { data } = await stripe.transfers.list({ transfer_group: payoutId, limit: 1 });
      return data[0] ? fromStripeTransfer(data[0]) : undefined;
    },

    async inRange(range, cap) {
      const created = {
        gte: Math.floor(range.from.getTime() / 1000),
        lt: Math.ceil(range.to.getTime() / 1000),
      };
      let count = 0;
      let truncated = false;
      /** Every item of a list, until the cap. */
      async function each<T>(list: AsyncIterable<T>, use: (item: T) => void) {
        for await (const item of list) {
          if (count >= cap) {
            truncated = true;
            return;
          }
          count += 1;
          use(item);
        }
      }
      const intents = new Map<string, Stripe.PaymentIntent>();
      const charges = new Map<string, Stripe.Charge>();
      const refunds = new Map<string, string[]>();
      const transfers: GatewayTransferRecord[] = [];
      await each(stripe.paymentIntents.list({ created, limit: 100 }), (pi) => intents.set(pi.id, pi));
      await each(stripe.charges.list({ created, limit: 100 }), (charge) => {
        const intentId = idOf(charge.payment_intent);
        if (intentId) charges.set(intentId, charge);
      });
      await each(stripe.refunds.list({ created, limit: 100 }), (refund) => {
        const intentId = idOf(refund.payment_intent);
        if (intentId && refundCounts(refund))
          refunds.set(intentId, [...(refunds.get(intentId) ?? []), refund.id]);
      });
      await each(stripe.transfers.list({ created, limit: 100 }), (transfer) =>
        transfers.push(fromStripeTransfer(transfer)),
      );
      // A dispute opened in the range brings its payment in, however old.
      const disputed = new Set<string>();
      await each(stripe.disputes.list({ created, limit: 100 }), (dispute) => {
        const intentId = idOf(dispute.payment_intent);
        if (intentId) disputed.add(intentId);
      });

      const records: GatewayIntentRecord[] = [];
      for (const pi of intents.values()) {
        const charge = charges.get(pi.id);
        const chargeId = idOf(pi.latest_charge);
        if (chargeId && charge?.id !== chargeId) {
          // Its charge was made after the range (or is not the latest): read the intent whole.
          const whole = await intent(pi.id);
          if (whole) records.push(whole);
          continue;
        }
        records.push({ ...fromStripeIntent(pi, charge), refundIds: refunds.get(pi.id) ?? [] });
      }
      // Charges and refunds in the range of intents created before it.
      const older = new Set(
        [...charges.keys(), ...refunds.keys(), ...disputed].filter((id) => !intents.has(id)),
      );
      for (const intentId of older) {
        if (records.length >= cap) {
          truncated = true;
          break;
        }
        const whole = await intent(intentId);
        if (whole) records.push(whole);
      }
      return { intents: records, transfers, count, truncated };
    },
  };
}

function fromStripeTransfer(transfer: Stripe.Transfer): GatewayTransferRecord {
  const payoutId = transfer.metadata?.payoutId ?? transfer.transfer_group ?? undefined;
  return {
    transferId: transfer.id,
    ...(payoutId ? { payoutId } : {}),
    amount: transfer.amount,
    currency: transfer.currency.toUpperCase(),
    reversed: transfer.reversed || (transfer.amount_reversed ?? 0) > 0,
    created: iso(transfer.created),
  };
}

// --- Simulated ----------------------------------------------------------------------------------

type SimDoc = SimulatedIntentDoc | SimulatedTransferDoc | SimulatedDisputeDoc;

/** A simulated intent's refunds: the list, or the one whole refund of intents refunded before it. */
function simRefunds(doc: SimulatedIntentDoc): { refundId: string; amount: number }[] {
  if (Array.isArray(doc.refunds)) {
    return doc.refunds.map((refund) => ({ refundId: refund.refundId, amount: refund.amount }));
  }
  return doc.refund ? [{ refundId: doc.refund.refundId, amount: doc.refund.amount }] : [];
}

function fromSimIntent(doc: SimulatedIntentDoc): GatewayIntentRecord {
  const { intent } = doc;
  const refunds = simRefunds(doc);
  return {
    intentId: intent.id,
    ...(intent.metadata.orderId ? { orderId: intent.metadata.orderId } : {}),
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    captured: intent.status === 'succeeded' ? intent.amountReceived : 0,
    // Older documents kept only the single refund, and the intent's total with it.
    refunded: Math.max(
      intent.amountRefunded,
      refunds.reduce((sum, refund) => sum + refund.amount, 0),
    ),
    refundIds: refunds.map((refund) => refund.refundId),
    disputed: false,
    created: doc.createdAt,
  };
}

function fromSimTransfer(doc: SimulatedTransferDoc): GatewayTransferRecord {
  return {
    transferId: doc.transferId,
    payoutId: doc.metadata.payoutId ?? doc.idempotencyKey,
    amount: doc.amount,
    currency: doc.currency,
    reversed: false,
    created: doc.createdAt,
  };
}

export function simulatedRecords(store: Store, gateway: PaymentGateway): GatewayRecordReader {
  const db = store.db<SimDoc>('orders');

  /** The records with `disputed` read from the simulated disputes (one request for all). */
  async function withDisputes(records: GatewayIntentRecord[]): Promise<GatewayIntentRecord[]> {
    if (records.length === 0) return records;
    const { rows } = await db.view<null>('sim-gateway', 'disputed_intents', {
      keys: records.map((record) => record.intentId),
    });
    const disputed = new Set(rows.map((row) => String(row.key)));
    return records.map((record) => ({ ...record, disputed: disputed.has(record.intentId) }));
  }

  /** The documents of one kind of the view's rows in the range, at most `limit`. */
  async function between(
    kind: 'intent' | 'refund' | 'dispute' | 'transfer',
    range: RecordRange,
    limit: number,
  ) {
    const { rows } = await db.view<null>('sim-gateway', 'by_created', {
      startkey: [kind, range.from.toISOString()],
      endkey: [kind, range.to.toISOString()],
      inclusive_end: false,
      include_docs: true,
      limit: limit + 1,
    });
    return rows.map((row) => row.doc).filter((doc): doc is SimDoc & { _rev: string } => Boolean(doc));
  }

  return {
    kind: 'simulated',

    async intent(intentId) {
      const doc = await getOrUndefined(db, `sim-intent:${intentId}`);
      if (!doc || doc.type !== 'sim_intent') return undefined;
      const [record] = await withDisputes([fromSimIntent(doc)]);
      return record;
    },

    disputes: (intentId) => gateway.listDisputes(intentId),

    async transferOf(payoutId) {
      const doc = await getOrUndefined(db, SIM_TRANSFER_PREFIX + payoutId);
      return doc && doc.type === 'sim_transfer' ? fromSimTransfer(doc) : undefined;
    },

    async inRange(range, cap) {
      const intentDocs = await between('intent', range, cap);
      const refundDocs = await between('refund', range, cap);
      const disputeDocs = await between('dispute', range, cap);
      const transferDocs = await between('transfer', range, cap);
      const count = intentDocs.length + refundDocs.length + disputeDocs.length + transferDocs.length;
      const truncated = count > cap;
      const intents = new Map<string, GatewayIntentRecord>();
      for (const doc of [...intentDocs, ...refundDocs]) {
        if (doc.type === 'sim_intent' && intents.size < cap) intents.set(doc.intent.id, fromSimIntent(doc));
      }
      // A dispute opened in the range brings its payment in, however old.
      for (const doc of disputeDocs) {
        if (doc.type !== 'sim_dispute' || intents.has(doc.intentId) || intents.size >= cap) continue;
        const intent = await getOrUndefined(db, `sim-intent:${doc.intentId}`);
        if (intent?.type === 'sim_intent') intents.set(intent.intent.id, fromSimIntent(intent));
      }
      const transfers = transferDocs
        .filter((doc): doc is SimulatedTransferDoc & { _rev: string } => doc.type === 'sim_transfer')
        .slice(0, cap)
        .map(fromSimTransfer);
      const records = await withDisputes([...intents.values()]);
      return { intents: records, transfers, count: Math.min(count, cap), truncated };
    },
  };
}
