/**
 * The checkout and payment routes (contract: `.tmp/consult-contract.md`, DESIGN.md "stable paths"):
 *
 * - `GET /checkout/options`: which gateway and telephony run, and the demo mode's test data;
 * - `GET /checkout/billing-accounts`: the company accounts the signed-in client may bill a call to;
 * - `POST /checkout`: the order and its payment intent (server/services/checkout.ts); an order
 *   billed to a company account is authorised at once (no card);
 * - `POST /payments/simulated/confirm` and `/authenticate`: the demo mode's card form (404 with Stripe);
 * - `POST /orders/:id/confirm`: after Stripe.js confirmed the intent in the browser;
 * - `GET /orders/:id`: the order for its client or its provider (404 for anyone else).
 *
 * An authorised payment is handed to the consultation service, which starts the call; a refused card
 * is reported to it too, and the order waits for another try. Both notices are idempotent there, so
 * the browser's confirmation and Stripe's webhook may both arrive, in either order.
 */
import express from 'express';
import type { Request, Router } from 'express';
import { DEMO_CARD_HINTS, TEST_PHONE_NUMBERS } from '../../src/domain/demo-mode';
import type { CardOutcome, CheckoutResponse } from '../../src/domain/order';
import { CARD_OUTCOME_MESSAGES, cardOutcomeOf } from '../adapters/payments/card-outcome';
import { isSimulatedGateway } from '../adapters/payments/simulated';
import type { CardInput, SimulatedGateway } from '../adapters/payments/simulated';
import type { PaymentGateway } from '../adapters/payments/types';
import type { Config } from '../config/env';
import { billingOptions } from '../services/b2b/checkout-billing';
import { ensureIntent, isOrderId, placeOrder } from '../services/checkout';
import { parseCheckoutRequest } from '../services/checkout-request';
import { orderView } from '../services/consultation/order-view';
import { providerUid } from '../services/consultation/parties';
import type { ConsultationService, StoredCall, StoredOrder } from '../services/consultation/types';
import { readSession, sessionToken } from '../services/sessions';
import type { SessionState } from '../services/sessions';
import { getOrUndefined } from '../store/store';
import type { Store } from '../store/store';
import { ApiError } from './errors';
import { jsonBody } from './json-body';
import { logError } from '../log';

export type CheckoutRouterOptions = {
  store: Store;
  config: Config;
  gateway: PaymentGateway;
  consultations: ConsultationService;
  /** The clock of the checkout (tests move it past a promo use's hold time). */
  now?: () => Date;
};

const json = jsonBody('32kb');

const orderNotFound = () => new ApiError(404, 'order_not_found', 'No such order.');

/** A refusal of the card (or of its authentication), answered 402 with the card outcome as code. */
const refused = (outcome: CardOutcome) => new ApiError(402, outcome, CARD_OUTCOME_MESSAGES[outcome]);

function body(req: Request): Record<string, unknown> {
  const value: unknown = req.body;
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function checkoutRouter({
  store,
  config,
  gateway,
  consultations,
  now,
}: CheckoutRouterOptions): Router {
  const router = express.Router();
  const orders = store.db<StoredOrder>('orders');

  async function signedIn(req: Request, locals: Record<string, unknown>) {
    // The API's rate limiter has usually read the session already.
    const state =
      (locals.session as SessionState | undefined) ?? (await readSession(store, sessionToken(req)));
    if (state.kind === 'banned') throw new ApiError(403, 'account_suspended', 'This account is suspended.');
    if (state.kind === 'none') throw new ApiError(401, 'unauthenticated', 'Sign in first.');
    return state.account;
  }

  /** The order, for its client (or also its provider): anyone else is told it does not exist. */
  async function ownOrder(orderId: string, uid: string, providerMayRead = false) {
    const order = isOrderId(orderId) ? await getOrUndefined(orders, orderId) : undefined;
    if (!order || order.type !== 'order') throw orderNotFound();
    if (order.client.uid === uid) return { order, viewer: 'client' as const };
    if (providerMayRead && providerUid(order) === uid) return { order, viewer: 'provider' as const };
    throw orderNotFound();
  }

  async function viewOf(order: StoredOrder, viewer: 'client' | 'provider' = 'client') {
    const call = await getOrUndefined(store.db<StoredCall>('calls'), order.orderId);
    return orderView(order, call, viewer);
  }

  function simulated(): SimulatedGateway {
    if (!isSimulatedGateway(gateway)) throw new ApiError(404, 'not_found', 'No such API endpoint.');
    return gateway;
  }

  /** The order of a simulated intent's client secret, when it is the caller's. */
  async function orderOfSecret(sim: SimulatedGateway, clientSecret: unknown, uid: string) {
    const intent = typeof clientSecret === 'string' ? await sim.findByClientSecret(clientSecret) : undefined;
    if (!intent?.metadata.orderId) throw orderNotFound();
    const { order } = await ownOrder(intent.metadata.orderId, uid);
    if (order.payment.intentId !== intent.id) throw orderNotFound();
    return order;
  }

  /** Tells the consultation service how the card answered, then the browser. */
  async function settle(orderId: string, outcome: CardOutcome) {
    if (outcome === 'authorised') {
      await consultations.paymentAuthorised(orderId);
      return { orderId, outcome };
    }
    if (outcome === 'requires_action') return { orderId, outcome };
    if (outcome !== 'canceled') await consultations.paymentFailed(orderId, outcome);
    throw refused(outcome);
  }

  router.get('/checkout/options', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const simulatedPayments = gateway.kind === 'simulated';
    res.json({
      payments: gateway.kind,
      telephony: config.twilio ? 'twilio' : 'simulated',
      ...(gateway.publishableKey ? { publishableKey: gateway.publishableKey } : {}),
      ...(simulatedPayments ? { testCards: [...DEMO_CARD_HINTS] } : {}),
      ...(config.twilio ? {} : { testNumbers: { ...TEST_PHONE_NUMBERS } }),
    });
  });

  router.post('/checkout', json, async (req, res) => {
    const client = await signedIn(req, res.locals);
    const input = parseCheckoutRequest(req.body);
    const placed = await placeOrder({ store, config, gateway, now }, client, input);
    const { order, created } = await ensureIntent({ store, gateway }, placed);
    // Billed to a company account: authorised at once, no card (adapters/payments/account-billing.ts).
    if (order.billing && order.payment.state === 'requires_payment') {
      await consultations.paymentAuthorised(order.orderId);
    }
    const answer: CheckoutResponse = {
      orderId: order.orderId,
      quote: order.quote,
      payment: {
        gateway: order.payment.gateway,
        clientSecret: order.payment.clientSecret,
        ...(gateway.publishableKey ? { publishableKey: gateway.publishableKey } : {}),
      },
    };
    res.status(created ? 201 : 200).json(answer);
  });

  router.get('/checkout/billing-accounts', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const client = await signedIn(req, res.locals);
    res.json({ accounts: await billingOptions(store, client) });
  });

  router.post('/payments/simulated/confirm', json, async (req, res) => {
    const sim = simulated();
    const client = await signedIn(req, res.locals);
    const input = body(req);
    const order = await orderOfSecret(sim, input.clientSecret, client.uid);
    const raw = (input.card ?? {}) as Record<string, unknown>;
    const card: CardInput = {
      number: typeof raw.number === 'string' ? raw.number : '',
      exp: typeof raw.exp === 'string' ? raw.exp : '',
      cvc: typeof raw.cvc === 'string' ? raw.cvc : '',
    };
    const { outcome } = await sim.confirmCard(order.payment.clientSecret, card);
    res.json(await settle(order.orderId, outcome));
  });

  router.post('/payments/simulated/authenticate', json, async (req, res) => {
    const sim = simulated();
    const client = await signedIn(req, res.locals);
    const input = body(req);
    const order = await orderOfSecret(sim, input.clientSecret, client.uid);
    const { outcome } = await sim.authenticate(order.payment.clientSecret, input.approve === true);
    res.json(await settle(order.orderId, outcome));
  });

  router.post('/orders/:id/confirm', async (req, res) => {
    const client = await signedIn(req, res.locals);
    const { order } = await ownOrder(String(req.params.id), client.uid);
    if (!order.payment.intentId)
      throw new ApiError(409, 'payment_incomplete', 'The payment is not confirmed yet.');
    let intent;
    try {
      intent = await gateway.retrieve(order.payment.intentId);
    } catch (error) {
      logError(`[checkout] payment intent of ${order.orderId} not read:`, error);
      throw new ApiError(
        502,
        'payment_provider_error',
        'The payment service did not answer. Please try again.',
      );
    }
    switch (intent.status) {
      case 'requires_capture':
        await consultations.paymentAuthorised(order.orderId);
        break;
      case 'succeeded':
      case 'processing':
        break;
      case 'canceled':
        throw refused('canceled');
      case 'requires_action':
        throw refused('authentication_failed');
      default:
        if (!intent.lastError) {
          throw new ApiError(409, 'payment_incomplete', 'The payment is not confirmed yet.');
        }
        await consultations.paymentFailed(order.orderId, cardOutcomeOf(intent.lastError));
        throw refused(cardOutcomeOf(intent.lastError));
    }
    const current = (await getOrUndefined(orders, order.orderId)) ?? order;
    res.json({ order: await viewOf(current) });
  });

  router.get('/orders/:id', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const client = await signedIn(req, res.locals);
    const { order, viewer } = await ownOrder(String(req.params.id), client.uid, true);
    res.json({ order: await viewOf(order, viewer) });
  });

  return router;
}
