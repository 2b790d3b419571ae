/**
 * The payment gateway of demo mode (no Stripe account configured). It behaves as Stripe does for the
 * parts the platform uses: intents with manual capture, confirmed with Stripe's test card numbers
 * (src/domain/demo-mode.ts), 3-D Secure cards waiting for an authentication, idempotency keys.
 *
 * Intents are documents `sim-intent:<intentId>` in the `orders` database, so a restart keeps them.
 * An intent's id is derived from the idempotency key of its creation, so creating it twice (a lost
 * answer, a crash between the two writes of the checkout) is one document, never two. Each mutating
 * call records its answer under its idempotency key in the intent's document: the same key gives the
 * same answer. The client secret (`<intentId>_secret_<random>`) is what the browser holds; it is
 * compared in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { TEST_CARDS } from '../../../src/domain/demo-mode';
import { cardNumberValid, cvcLength, digitsOf, isExpired, parseExpiry } from '../../../src/domain/card';
import type { CardOutcome } from '../../../src/domain/order';
import { getOrUndefined, isConflict, replaceDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { createSimulatedDisputes } from './simulated-disputes';
import type { SimulatedDisputes } from './simulated-disputes';
import { createSimulatedTransfers } from './simulated-transfers';
import type { CreateIntent, GatewayRefund, Intent, PaymentGateway } from './types';

export type CardInput = { number: string; exp: string; cvc: string };

type Operation = 'capture' | 'cancel' | 'refund';
type Answer = { op: Operation; intent?: Intent; refund?: GatewayRefund };

export type SimulatedIntentDoc = {
  _id: string;
  _rev?: string;
  type: 'sim_intent';
  intent: Intent;
  clientSecret: string;
  /** The answer given to each idempotency key of a capture, a cancellation or a refund. */
  answers: Record<string, Answer>;
  /** Every refund, oldest first. */
  refunds?: GatewayRefund[];
  /** The single whole refund of intents refunded before refunds could be partial. */
  refund?: { refundId: string; amount: number };
  createdAt: string;
  updatedAt: string;
};

/** A refusal by the simulated gateway, with Stripe's error codes. */
export class SimulatedPaymentError extends Error {
  constructor(
    readonly code:
      | 'resource_missing'
      | 'payment_intent_unexpected_state'
      | 'idempotency_error'
      | 'charge_already_refunded'
      | 'amount_too_large',
    message: string,
  ) {
    super(message);
    this.name = 'SimulatedPaymentError';
  }
}

export interface SimulatedGateway extends PaymentGateway {
  readonly kind: 'simulated';
  /** The intent a client secret belongs to, or undefined when the secret is unknown or wrong. */
  findByClientSecret(clientSecret: string): Promise<Intent | undefined>;
  /** Confirms the intent with a card, as Stripe.js would: authorised, waiting for 3-D Secure, or refused. */
  confirmCard(clientSecret: string, card: CardInput): Promise<{ outcome: CardOutcome; intent: Intent }>;
  /** The outcome of the 3-D Secure step of a `requires_action` intent: approved or refused. */
  authenticate(clientSecret: string, approve: boolean): Promise<{ outcome: CardOutcome; intent: Intent }>;
  /** Demo only: a cardholder disputes a captured payment (see simulated-disputes.ts). */
  openDispute: SimulatedDisputes['openDispute'];
  /** Demo only: the bank decides a dispute. */
  closeDispute: SimulatedDisputes['closeDispute'];
}

/** An intent's refunds, the one whole refund of older intents included. */
function refundsOf(doc: SimulatedIntentDoc): GatewayRefund[] {
  if (doc.refunds) return doc.refunds;
  if (!doc.refund) return [];
  return [{ ...doc.refund, metadata: {}, created: Math.floor(Date.parse(doc.updatedAt) / 1000) }];
}

export function isSimulatedGateway(gateway: PaymentGateway): gateway is SimulatedGateway {
  return gateway.kind === 'simulated' && 'confirmCard' in gateway;
}

const DOC_PREFIX = 'sim-intent:';
const WRITE_ATTEMPTS = 8;

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * What confirming a card gives, before the test numbers: a number that is not a card number (or a
 * malformed expiry) is invalid, a past expiry is expired, a security code of the wrong length is
 * incorrect. A valid card that is not a test number behaves as 4242 4242 4242 4242.
 */
export function simulatedCardOutcome(card: CardInput, now: Date): CardOutcome {
  const number = digitsOf(String(card.number ?? ''));
  if (!cardNumberValid(String(card.number ?? '').replace(/[\s-]/g, ''))) return 'invalid_card';
  const expiry = parseExpiry(String(card.exp ?? ''));
  if (!expiry) return 'invalid_card';
  if (isExpired(expiry, now)) return 'expired_card';
  if (!new RegExp(`^\\d{${cvcLength(number)}}$`).test(String(card.cvc ?? '').trim())) return 'incorrect_cvc';
  return TEST_CARDS[number] ?? 'authorised';
}

function unexpectedState(intent: Intent, action: string): SimulatedPaymentError {
  return new SimulatedPaymentError(
    'payment_intent_unexpected_state',
    `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}.`,
  );
}

/**
 * `transferDelayMs`: how long each provider transfer takes (tests stop a payout run half-way);
 * `refundDelayMs`: how long a refund, once made, takes to be answered (tests kill the service then).
 */
export function createSimulatedGateway(
  store: Store,
  options: { transferDelayMs?: number; refundDelayMs?: number } = {},
): SimulatedGateway {
  const db = store.db<SimulatedIntentDoc>('orders');
  const refundDelayMs = options.refundDelayMs ?? 0;
  const disputes = createSimulatedDisputes(store, async (intentId) => (await load(intentId)).intent);

  async function load(intentId: string): Promise<SimulatedIntentDoc> {
    const doc = await getOrUndefined(db, DOC_PREFIX + intentId);
    if (!doc) throw new SimulatedPaymentError('resource_missing', `No such payment_intent: '${intentId}'`);
    return doc;
  }

  /**
   * Reads the intent, applies `change` and writes it, again from a fresh read when another write came
   * first. `change` answers the result and the document to write, or no document to write nothing.
   */
  async function update<T>(
    intentId: string,
    change: (doc: SimulatedIntentDoc) => { result: T; next?: SimulatedIntentDoc },
  ): Promise<T> {
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      const doc = await load(intentId);
      const { result, next } = change(doc);
      if (!next) return result;
      try {
        await replaceDoc(store, 'orders', { ...next, _rev: doc._rev, updatedAt: new Date().toISOString() });
        return result;
      } catch (error) {
        if (!isConflict(error)) throw error;
      }
    }
    throw new Error(`Simulated intent ${intentId}: too many concurrent writes`);
  }

  /** A capture, a cancellation or a refund under an idempotency key: replays the key's first answer. */
  function keyed(
    intentId: string,
    idempotencyKey: string,
    op: Operation,
    change: (doc: SimulatedIntentDoc) => { answer: Omit<Answer, 'op'>; doc: SimulatedIntentDoc },
  ): Promise<Answer> {
    return update(intentId, (doc) => {
      const previous = doc.answers[idempotencyKey];
      if (previous && previous.op !== op) {
        throw new SimulatedPaymentError(
          'idempotency_error',
          `Keys for idempotent requests can only be used for the same request (this one was a ${previous.op}).`,
        );
      }
      if (previous) return { result: previous };
      const { answer: result, doc: changed } = change(doc);
      const answer: Answer = { ...result, op };
      return {
        result: answer,
        next: { ...changed, answers: { ...changed.answers, [idempotencyKey]: answer } },
      };
    });
  }

  /** The document of a client secret, when the secret is exactly the intent's. */
  async function bySecret(clientSecret: string): Promise<SimulatedIntentDoc | undefined> {
    if (typeof clientSecret !== 'string' || clientSecret.length > 200) return undefined;
    const cut = clientSecret.indexOf('_secret_');
    if (cut <= 0) return undefined;
    const doc = await getOrUndefined(db, DOC_PREFIX + clientSecret.slice(0, cut));
    if (!doc) return undefined;
    return timingSafeEqual(digest(doc.clientSecret), digest(clientSecret)) ? doc : undefined;
  }

  async function withSecret<T>(
    clientSecret: string,
    change: (doc: SimulatedIntentDoc) => { result: T; next?: SimulatedIntentDoc },
  ): Promise<T> {
    const found = await bySecret(clientSecret);
    if (!found) throw new SimulatedPaymentError('resource_missing', 'No such payment_intent.');
    return update(found.intent.id, change);
  }

  /** Moves an intent after a card or an authentication answered. */
  function settleCard(doc: SimulatedIntentDoc, outcome: CardOutcome) {
    const { lastError: _previous, ...intent } = doc.intent;
    const next: Intent =
      outcome === 'authorised'
        ? { ...intent, status: 'requires_capture' }
        : outcome === 'requires_action'
          ? { ...intent, status: 'requires_action' }
          : { ...intent, status: 'requires_payment_method', lastError: outcome };
    return { result: { outcome, intent: next }, next: { ...doc, intent: next } };
  }

  /** What a card or an authentication answers for an intent that no longer waits for one. */
  function settledOutcome(intent: Intent): CardOutcome | undefined {
    if (intent.status === 'requires_capture' || intent.status === 'succeeded') return 'authorised';
    if (intent.status === 'canceled') return 'canceled';
    return undefined;
  }

  return {
    kind: 'simulated',

    async createIntent(input: CreateIntent) {
      const id = 'pi_sim_' + digest(input.idempotencyKey).toString('hex').slice(0, 24);
      const now = new Date().toISOString();
      const doc: SimulatedIntentDoc = {
        _id: DOC_PREFIX + id,
        type: 'sim_intent',
        intent: {
          id,
          status: 'requires_payment_method',
          amount: input.amount,
          currency: input.currency,
          amountReceived: 0,
          amountRefunded: 0,
          metadata: { ...input.metadata, orderId: input.orderId },
        },
        clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
        answers: {},
        createdAt: now,
        updatedAt: now,
      };
      try {
        await db.insert(doc);
        return { intent: doc.intent, clientSecret: doc.clientSecret };
      } catch (error) {
        if (!isConflict(error)) throw error;
      }
      const existing = await load(id);
      const same =
        existing.intent.amount === input.amount &&
        existing.intent.currency === input.currency &&
        existing.intent.metadata.orderId === input.orderId;
      if (!same) {
        throw new SimulatedPaymentError(
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      return { intent: existing.intent, clientSecret: existing.clientSecret };
    },

    async retrieve(intentId) {
      return (await load(intentId)).intent;
    },

    async capture(intentId, idempotencyKey) {
      const answer = await keyed(intentId, idempotencyKey, 'capture', (doc) => {
        const { intent } = doc;
        if (intent.status === 'succeeded') return { answer: { intent }, doc };
        if (intent.status !== 'requires_capture') throw unexpectedState(intent, 'capture');
        const captured: Intent = { ...intent, status: 'succeeded', amountReceived: intent.amount };
        return { answer: { intent: captured }, doc: { ...doc, intent: captured } };
      });
      return answer.intent!;
    },

    async cancel(intentId, idempotencyKey) {
      const answer = await keyed(intentId, idempotencyKey, 'cancel', (doc) => {
        const { intent } = doc;
        if (intent.status === 'canceled') return { answer: { intent }, doc };
        if (intent.status === 'succeeded' || intent.status === 'processing')
          throw unexpectedState(intent, 'cancel');
        const canceled: Intent = { ...intent, status: 'canceled' };
        return { answer: { intent: canceled }, doc: { ...doc, intent: canceled } };
      });
      return answer.intent!;
    },

    async refund(intentId, idempotencyKey, options = {}) {
      const answer = await keyed(intentId, idempotencyKey, 'refund', (doc) => {
        const { intent } = doc;
        if (intent.status !== 'succeeded') throw unexpectedState(intent, 'refund');
        const left = intent.amountReceived - intent.amountRefunded;
        if (left <= 0) {
          throw new SimulatedPaymentError(
            'charge_already_refunded',
            `Charge of ${intent.id} has already been refunded.`,
          );
        }
        const amount = options.amount ?? left;
        if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
          throw new SimulatedPaymentError(
            'amount_too_large',
            `Refund amount (${amount}) is greater than what is left (${left}).`,
          );
        }
        const refund: GatewayRefund = {
          refundId: 're_sim_' + randomBytes(12).toString('hex'),
          amount,
          metadata: { ...(options.metadata ?? {}) },
          created: Math.floor(Date.now() / 1000),
        };
        const refunded: Intent = { ...intent, amountRefunded: intent.amountRefunded + amount };
        return {
          answer: { refund },
          doc: { ...doc, intent: refunded, refunds: [...refundsOf(doc), refund] },
        };
      });
      if (refundDelayMs > 0) {
        // Said, so that a crash test knows the refund is made and kills the service before its answer.
        console.log(`[payments] simulated refund of ${intentId} made, answered in ${refundDelayMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, refundDelayMs));
      }
      return answer.refund!;
    },

    async listRefunds(intentId) {
      return refundsOf(await load(intentId));
    },

    transfer: createSimulatedTransfers(store, options.transferDelayMs),

    retrieveDispute: disputes.retrieveDispute,
    listDisputes: disputes.listDisputes,
    openDispute: disputes.openDispute,
    closeDispute: disputes.closeDispute,

    async findByClientSecret(clientSecret) {
      return (await bySecret(clientSecret))?.intent;
    },

    confirmCard(clientSecret, card) {
      return withSecret(clientSecret, (doc) => {
        const settled = settledOutcome(doc.intent);
        if (settled) return { result: { outcome: settled, intent: doc.intent } };
        return settleCard(doc, simulatedCardOutcome(card, new Date()));
      });
    },

    authenticate(clientSecret, approve) {
      return withSecret(clientSecret, (doc) => {
        const settled = settledOutcome(doc.intent);
        if (settled) return { result: { outcome: settled, intent: doc.intent } };
        if (doc.intent.status !== 'requires_action') {
          return { result: { outcome: 'authentication_failed' as CardOutcome, intent: doc.intent } };
        }
        return settleCard(doc, approve ? 'authorised' : 'authentication_failed');
      });
    },
  };
}
