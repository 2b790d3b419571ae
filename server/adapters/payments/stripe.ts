/**
 * The Stripe gateway: PaymentIntents with manual capture, through the official SDK. The browser
 * confirms the intent with Stripe.js; the server creates it, reads it, captures, releases or refunds it.
 *
 * Every mutating call carries the caller's idempotency key, so a call repeated after a lost answer or
 * a restart returns Stripe's first answer instead of acting twice. A call that finds the intent already
 * where it was asked to go (captured, cancelled, refunded, with another key) answers the intent as it is:
 * the consultation service may repeat an effect without knowing whether the first one went through.
 */
import type Stripe from 'stripe';
import { stripeSdk } from '../sdks';
import type { Config } from '../../config/env';
import type { Currency } from '../../../src/domain/config';
import { stripeTransfer } from './stripe-transfer';
import type { DisputeStatus } from '../../../src/domain/disputes';
import type {
  CreateIntent,
  GatewayDispute,
  GatewayRefund,
  Intent,
  IntentStatus,
  PaymentGateway,
} from './types';

export type StripeSettings = NonNullable<Config['stripe']>;

/** Where the SDK sends its requests: Stripe's API by default, a local server in tests. */
export type StripeConnection = {
  host?: string;
  port?: number | string;
  protocol?: 'http' | 'https';
  /** Retries of a request that got no answer or a 5xx (the SDK's default: 2); same idempotency key. */
  maxNetworkRetries?: number;
};

const REQUEST_TIMEOUT_MS = 20_000;

export function createStripeClient(settings: StripeSettings, connection: StripeConnection = {}): Stripe {
  const Sdk = stripeSdk();
  return new Sdk(settings.secretKey, {
    timeout: REQUEST_TIMEOUT_MS,
    ...(connection.host ? { host: connection.host } : {}),
    ...(connection.port !== undefined ? { port: connection.port } : {}),
    ...(connection.protocol ? { protocol: connection.protocol } : {}),
    ...(connection.maxNetworkRetries !== undefined
      ? { maxNetworkRetries: connection.maxNetworkRetries }
      : {}),
  });
}

/** The code of an error answered by Stripe (`payment_intent_unexpected_state`…), if it is one. */
function stripeCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function toIntent(pi: Stripe.PaymentIntent): Intent {
  const charge = typeof pi.latest_charge === 'object' && pi.latest_charge ? pi.latest_charge : undefined;
  const lastError = pi.last_payment_error?.decline_code ?? pi.last_payment_error?.code ?? undefined;
  return {
    id: pi.id,
    status: pi.status as IntentStatus,
    amount: pi.amount,
    currency: pi.currency.toUpperCase() as Currency,
    amountReceived: pi.amount_received ?? 0,
    amountRefunded: charge?.amount_refunded ?? 0,
    ...(lastError ? { lastError } : {}),
    metadata: { ...(pi.metadata ?? {}) },
  };
}

function toRefund(refund: Stripe.Refund): GatewayRefund {
  return {
    refundId: refund.id,
    amount: refund.amount,
    metadata: { ...(refund.metadata ?? {}) },
    created: refund.created,
  };
}

function toDispute(dispute: Stripe.Dispute): GatewayDispute {
  const intent = dispute.payment_intent;
  const due = dispute.evidence_details?.due_by;
  return {
    disputeId: dispute.id,
    intentId: typeof intent === 'string' ? intent : (intent?.id ?? ''),
    amount: dispute.amount,
    currency: dispute.currency.toUpperCase() as Currency,
    reason: dispute.reason,
    status: dispute.status as DisputeStatus,
    ...(due ? { dueBy: new Date(due * 1000).toISOString() } : {}),
    created: dispute.created,
  };
}

export function createStripeGateway(
  settings: StripeSettings,
  connection: StripeConnection = {},
): PaymentGateway & { readonly client: Stripe } {
  const stripe = createStripeClient(settings, connection);

  async function retrieve(intentId: string): Promise<Intent> {
    return toIntent(await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] }));
  }

  /** Runs a state change; when Stripe says the intent is no longer in a state that allows it, and it is
   * already where the change leads, answers it as it is. */
  async function moveTo(
    intentId: string,
    target: IntentStatus,
    change: () => Promise<Stripe.PaymentIntent>,
  ): Promise<Intent> {
    try {
      return toIntent(await change());
    } catch (error) {
      if (stripeCode(error) !== 'payment_intent_unexpected_state') throw error;
      const current = await retrieve(intentId);
      if (current.status === target) return current;
      throw error;
    }
  }

  return {
    kind: 'stripe',
    publishableKey: settings.publishableKey,
    client: stripe,

    async createIntent(input: CreateIntent) {
      const pi = await stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          capture_method: 'manual',
          automatic_payment_methods: { enabled: true },
          description: input.description,
          ...(input.customerEmail ? { receipt_email: input.customerEmail } : {}),
          metadata: { ...input.metadata, orderId: input.orderId },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!pi.client_secret) throw new Error(`Stripe gave no client secret for ${pi.id}`);
      return { intent: toIntent(pi), clientSecret: pi.client_secret };
    },

    retrieve,

    capture(intentId, idempotencyKey) {
      return moveTo(intentId, 'succeeded', () =>
        stripe.paymentIntents.capture(intentId, {}, { idempotencyKey }),
      );
    },

    cancel(intentId, idempotencyKey) {
      return moveTo(intentId, 'canceled', () =>
        stripe.paymentIntents.cancel(intentId, {}, { idempotencyKey }),
      );
    },

    async refund(intentId, idempotencyKey, options = {}) {
      const refund = await stripe.refunds.create(
        {
          payment_intent: intentId,
          ...(options.amount !== undefined ? { amount: options.amount } : {}),
          ...(options.metadata ? { metadata: options.metadata } : {}),
        },
        { idempotencyKey },
      );
      return toRefund(refund);
    },

    async listRefunds(intentId) {
      const refunds: GatewayRefund[] = [];
      for await (const refund of stripe.refunds.list({ payment_intent: intentId, limit: 100 })) {
        // A failed or cancelled refund gave nothing back.
        if (refund.status !== 'failed' && refund.status !== 'canceled') refunds.push(toRefund(refund));
      }
      return refunds.sort((a, b) => a.created - b.created || a.refundId.localeCompare(b.refundId));
    },

    async retrieveDispute(disputeId) {
      return toDispute(await stripe.disputes.retrieve(disputeId));
    },

    async listDisputes(intentId) {
      const disputes: GatewayDispute[] = [];
      for await (const dispute of stripe.disputes.list({ payment_intent: intentId, limit: 100 }))
        disputes.push(toDispute(dispute));
      return disputes.sort((a, b) => a.created - b.created || a.disputeId.localeCompare(b.disputeId));
    },

    transfer: (input) => stripeTransfer(stripe, input),
  };
}
