/**
 * `POST /webhooks/stripe` (under `/api`): Stripe's notices about payment intents, verified with the
 * `Stripe-Signature` header over the raw body (so this route parses its own body and must come
 * before any JSON parser), then dispatched by type to the consultation service.
 *
 * Stripe delivers an event at least once and in no particular order. Each event id is handled once:
 * a document `stripe-event:<id>` in `orders` is written after the dispatch succeeded, and a replay
 * finding it answers 200 without effect. A dispatch that fails answers 500, writes nothing, and
 * Stripe sends the event again. Order does not matter: the consultation service's notices are
 * idempotent and never move an order backwards. A dispute's notices (`charge.dispute.*`) only name
 * the dispute: its current state is read from Stripe and recorded (consultation/disputes.ts).
 */
import express from 'express';
import type { Router } from 'express';
import type Stripe from 'stripe';
import { cardOutcomeOf } from '../adapters/payments/card-outcome';
import { stripeSdk } from '../adapters/sdks';
import type { PaymentGateway } from '../adapters/payments/types';
import type { Config } from '../config/env';
import { createDisputes } from '../services/consultation/disputes';
import type { ConsultationService, StoredOrder } from '../services/consultation/types';
import { createOnce, getOrUndefined } from '../store/store';
import type { Store } from '../store/store';
import { ApiError } from './errors';

export type StripeWebhookOptions = {
  store: Store;
  config: Config;
  consultations: ConsultationService;
  /** Reads a charge's intent when the charge does not carry the order id itself. */
  gateway?: PaymentGateway;
};

export type StripeEventRecord = {
  _id: string;
  type: 'stripe_event';
  eventType: string;
  orderId?: string;
  handledAt: string;
};

const MAX_BODY = '512kb';

export const stripeEventId = (eventId: string) => `stripe-event:${eventId}`;

export function stripeWebhookRouter({ store, config, consultations, gateway }: StripeWebhookOptions): Router {
  const router = express.Router();
  const orders = store.db<StoredOrder>('orders');
  const disputes = gateway ? createDisputes({ store, gateway, now: () => new Date() }) : undefined;

  /** The order an intent or a charge belongs to, when it is one of ours. */
  async function orderOf(orderId: string | undefined): Promise<string | undefined> {
    if (!orderId) return undefined;
    const order = await getOrUndefined(orders, orderId);
    return order?.type === 'order' ? order.orderId : undefined;
  }

  async function orderOfCharge(charge: Stripe.Charge): Promise<string | undefined> {
    if (charge.metadata?.orderId) return orderOf(charge.metadata.orderId);
    const intentId =
      typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    if (!intentId || !gateway) return undefined;
    return orderOf((await gateway.retrieve(intentId)).metadata.orderId);
  }

  /** Hands the event to the consultation service; answers the order it concerned, if any. */
  async function dispatch(event: Stripe.Event): Promise<string | undefined> {
    switch (event.type) {
      case 'payment_intent.amount_capturable_updated': {
        const orderId = await orderOf(event.data.object.metadata?.orderId);
        if (orderId && event.data.object.amount_capturable > 0)
          await consultations.paymentAuthorised(orderId);
        return orderId;
      }
      case 'payment_intent.payment_failed': {
        const intent = event.data.object;
        const orderId = await orderOf(intent.metadata?.orderId);
        const code = intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code;
        if (orderId) await consultations.paymentFailed(orderId, cardOutcomeOf(code));
        return orderId;
      }
      case 'payment_intent.canceled': {
        const orderId = await orderOf(event.data.object.metadata?.orderId);
        if (orderId) await consultations.paymentSettled(orderId, 'released');
        return orderId;
      }
      case 'payment_intent.succeeded': {
        const orderId = await orderOf(event.data.object.metadata?.orderId);
        if (orderId) await consultations.paymentSettled(orderId, 'captured');
        return orderId;
      }
      case 'charge.refunded': {
        // Part or all of it: each of the charge's refunds is recorded once (consultation/refunds.ts).
        const orderId = await orderOfCharge(event.data.object);
        if (orderId && event.data.object.amount_refunded > 0)
          await consultations.paymentSettled(orderId, 'refunded');
        return orderId;
      }
      case 'charge.dispute.created':
      case 'charge.dispute.updated':
      case 'charge.dispute.closed':
      case 'charge.dispute.funds_withdrawn':
      case 'charge.dispute.funds_reinstated': {
        const recorded = await disputes?.sync(event.data.object.id);
        return recorded?.orderId;
      }
      default:
        return undefined;
    }
  }

  router.post(
    '/webhooks/stripe',
    express.raw({ type: 'application/json', limit: MAX_BODY }),
    async (req, res) => {
      if (!config.stripe) throw new ApiError(404, 'not_found', 'No such API endpoint.');
      const signature = req.get('stripe-signature');
      const raw: unknown = req.body;
      let event: Stripe.Event;
      try {
        if (!signature || !Buffer.isBuffer(raw)) throw new Error('no signature or no body');
        event = stripeSdk().webhooks.constructEvent(raw, signature, config.stripe.webhookSecret);
      } catch {
        throw new ApiError(400, 'invalid_signature', 'The Stripe signature is missing or does not match.');
      }
      const recordId = stripeEventId(event.id);
      if (await getOrUndefined(orders, recordId)) {
        res.json({ received: true, duplicate: true });
        return;
      }
      const orderId = await dispatch(event);
      const record: StripeEventRecord = {
        _id: recordId,
        type: 'stripe_event',
        eventType: event.type,
        ...(orderId ? { orderId } : {}),
        handledAt: new Date().toISOString(),
      };
      await createOnce(store, 'orders', record);
      res.json({ received: true });
    },
  );

  return router;
}
