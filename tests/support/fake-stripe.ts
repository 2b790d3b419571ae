/**
 * A local server speaking the part of Stripe's API the platform uses, so that tests run the real
 * `stripe` SDK (`new Stripe(key, { host, port, protocol: 'http' })`) end to end: PaymentIntents
 * (create, retrieve with `expand[]=latest_charge`, confirm with Stripe's test payment methods as
 * Stripe.js would, capture, cancel), refunds (create, list) and Connect transfers (create, list; a
 * destination starting `acct_refused` is refused as an account that cannot receive transfers) and
 * disputes (retrieve, list by intent; opened and decided by the test, as a cardholder's bank would).
 *
 * Like Stripe it reads form-encoded bodies (`metadata[orderId]=…`), answers errors as
 * `{ error: { type, code, message } }` with a 4xx status, and honours `Idempotency-Key`: the same
 * key answers the first response again (with `Idempotent-Replayed: true`), the same key with other
 * parameters is an `idempotency_error`. Every request is recorded, so tests can check that a capture
 * or a refund reached Stripe exactly once.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Params = Record<string, unknown>;
type Json = Record<string, unknown>;

export type RecordedRequest = {
  method: string;
  path: string;
  params: Params;
  idempotencyKey?: string;
  /** Answered from the idempotency store: Stripe did not act again. */
  replayed: boolean;
  status: number;
};

type StoredIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  status: string;
  capture_method: string;
  client_secret: string;
  description: string | null;
  receipt_email: string | null;
  metadata: Record<string, string>;
  latest_charge: string | null;
  last_payment_error: Json | null;
  next_action: Json | null;
  cancellation_reason: string | null;
  automatic_payment_methods: Json | null;
  created: number;
  livemode: false;
};

type StoredCharge = {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  refunded: boolean;
  /** Whether the charge has been disputed (Stripe's flag, set when a dispute opens). */
  disputed: boolean;
  currency: string;
  payment_intent: string;
  metadata: Record<string, string>;
  status: 'succeeded';
  created: number;
  livemode: false;
};

type StoredRefund = {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
};

type StoredTransfer = {
  id: string;
  object: 'transfer';
  amount: number;
  currency: string;
  destination: string;
  transfer_group: string | null;
  metadata: Record<string, string>;
  reversed: false;
  created: number;
  livemode: false;
};

type StoredDispute = {
  id: string;
  object: 'dispute';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  reason: string;
  status: string;
  evidence_details: {
    due_by: number | null;
    has_evidence: boolean;
    past_due: boolean;
    submission_count: number;
  };
  is_charge_refundable: boolean;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
};

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}

const invalidRequest = (status: number, code: string, message: string, param?: string) =>
  new StripeFailure(status, { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) });

/** What Stripe's test payment methods do when an intent is confirmed with them. */
const TEST_PAYMENT_METHODS: Record<
  string,
  'authorised' | 'requires_action' | { code: string; decline_code?: string }
> = {
  pm_card_visa: 'authorised',
  pm_card_mastercard: 'authorised',
  pm_card_authenticationRequired: 'requires_action',
  pm_card_chargeDeclined: { code: 'card_declined', decline_code: 'generic_decline' },
  pm_card_chargeDeclinedInsufficientFunds: { code: 'card_declined', decline_code: 'insufficient_funds' },
  pm_card_chargeDeclinedExpiredCard: { code: 'expired_card' },
  pm_card_chargeDeclinedIncorrectCvc: { code: 'incorrect_cvc' },
};

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Stripe's form encoding (`a[b]=1&c[0]=x`) back into nested objects; arrays come back as objects. */
export function parseStripeForm(text: string): Params {
  const out: Params = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Params;
    });
  }
  return out;
}

/**
 * One page of a list as Stripe answers it: newest first, `created` filters (`created[gte]`,
 * `[gt]`, `[lt]`, `[lte]` or an exact second), `limit` (1–100, 10 by default), `starting_after` /
 * `ending_before` (an object id of the list), and `has_more`.
 */
function listPage<T extends { id: string; created: number }>(url: string, items: T[], params: Params): Json {
  const limit = params.limit === undefined ? 10 : Number(params.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw invalidRequest(
      400,
      'parameter_invalid_integer',
      'Invalid limit: must be between 1 and 100.',
      'limit',
    );
  }
  const created = params.created;
  const range = created && typeof created === 'object' ? (created as Record<string, string>) : undefined;
  const exact = typeof created === 'string' ? Number(created) : undefined;
  const inRange = (at: number) =>
    (exact === undefined || at === exact) &&
    (range?.gte === undefined || at >= Number(range.gte)) &&
    (range?.gt === undefined || at > Number(range.gt)) &&
    (range?.lt === undefined || at < Number(range.lt)) &&
    (range?.lte === undefined || at <= Number(range.lte));
  // Newest first; objects made in the same second keep their order of creation, reversed.
  let all = items.filter((item) => inRange(item.created)).reverse();
  const cursor = (name: 'starting_after' | 'ending_before') => {
    const id = params[name];
    if (id === undefined) return -1;
    const at = all.findIndex((item) => item.id === id);
    if (at < 0) throw invalidRequest(400, 'resource_missing', `No such object: '${String(id)}'`, name);
    return at;
  };
  const after = cursor('starting_after');
  const before = cursor('ending_before');
  if (after >= 0) all = all.slice(after + 1);
  else if (before >= 0) all = all.slice(Math.max(0, before - limit), before);
  return { object: 'list', data: all.slice(0, limit), has_more: all.length > limit, url };
}

const listOf = (value: unknown): string[] =>
  value && typeof value === 'object' ? Object.values(value as Record<string, string>) : [];

export type FakeStripe = {
  /** What the SDK needs: `{ host, port, protocol }`. */
  connection: { host: string; port: number; protocol: 'http' };
  requests: RecordedRequest[];
  /** Requests matching, optionally only those Stripe acted on (not replayed). */
  count(method: string, path: RegExp, options?: { actedOnly?: boolean }): number;
  /** The intent as Stripe holds it now (the object a webhook event carries). */
  intent(id: string): StoredIntent;
  charge(id: string): StoredCharge;
  /** Every transfer Stripe made, oldest first. */
  transfers(): StoredTransfer[];
  /** An event as Stripe sends it to a webhook endpoint. */
  event(type: string, object: object): Json;
  /** Changes an object as Stripe holds it (a test's stand-in for a change made at Stripe). */
  edit(kind: 'payment_intent' | 'charge' | 'refund' | 'transfer' | 'dispute', id: string, fields: Json): void;
  /** The cardholder's bank disputes `amount` (all that is left by default) of an intent's charge. */
  dispute(intentId: string, options?: { amount?: number; reason?: string }): StoredDispute;
  /** The bank decides a dispute. */
  closeDispute(id: string, outcome: 'won' | 'lost'): StoredDispute;
  /** The next `times` requests to a path answer 500 (an outage). */
  failNext(method: string, path: RegExp, times?: number): void;
  close(): Promise<void>;
};

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, StoredIntent>();
  const charges = new Map<string, StoredCharge>();
  const refunds = new Map<string, StoredRefund>();
  const transfers = new Map<string, StoredTransfer>();
  const disputes = new Map<string, StoredDispute>();
  const idempotent = new Map<
    string,
    { method: string; path: string; params: string; status: number; body: Json }
  >();
  const requests: RecordedRequest[] = [];
  const failures: { method: string; path: RegExp; times: number }[] = [];

  function intentOf(id: string): StoredIntent {
    const intent = intents.get(id);
    if (!intent) throw invalidRequest(404, 'resource_missing', `No such payment_intent: '${id}'`, 'intent');
    return intent;
  }

  function unexpectedState(intent: StoredIntent, action: string) {
    return invalidRequest(
      400,
      'payment_intent_unexpected_state',
      `This PaymentIntent's ${action} could not be performed because it has a status of ${intent.status}.`,
    );
  }

  function view(intent: StoredIntent, expand: string[] = []): Json {
    const chargeId = intent.latest_charge;
    const latest = chargeId && expand.includes('latest_charge') ? { ...charges.get(chargeId)! } : chargeId;
    return { ...intent, metadata: { ...intent.metadata }, latest_charge: latest };
  }

  function createIntent(params: Params): Json {
    const amount = Number(params.amount);
    if (!params.amount)
      throw invalidRequest(400, 'parameter_missing', 'Missing required param: amount.', 'amount');
    if (!Number.isInteger(amount) || amount < 50) {
      throw invalidRequest(400, 'amount_too_small', 'Amount must be at least 50 cents.', 'amount');
    }
    const currency = String(params.currency ?? '');
    if (!/^[a-z]{3}$/.test(currency)) {
      throw invalidRequest(400, 'parameter_invalid_string', 'Invalid currency.', 'currency');
    }
    const id = newId('pi');
    const intent: StoredIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      currency,
      status: 'requires_payment_method',
      capture_method: String(params.capture_method ?? 'automatic_async'),
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      description: typeof params.description === 'string' ? params.description : null,
      receipt_email: typeof params.receipt_email === 'string' ? params.receipt_email : null,
      metadata: { ...((params.metadata as Record<string, string>) ?? {}) },
      latest_charge: null,
      last_payment_error: null,
      next_action: null,
      cancellation_reason: null,
      automatic_payment_methods: (params.automatic_payment_methods as Json) ?? null,
      created: now(),
      livemode: false,
    };
    intents.set(id, intent);
    return view(intent);
  }

  function confirm(intent: StoredIntent, params: Params): Json {
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) {
      throw unexpectedState(intent, 'confirmation');
    }
    const method = String(params.payment_method ?? '');
    const behaviour = TEST_PAYMENT_METHODS[method];
    if (!behaviour)
      throw invalidRequest(400, 'resource_missing', `No such PaymentMethod: '${method}'`, 'payment_method');
    if (behaviour === 'requires_action') {
      Object.assign(intent, { status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
      return view(intent);
    }
    if (behaviour !== 'authorised') {
      const error = { type: 'card_error', message: 'Your card was declined.', ...behaviour };
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: error,
        next_action: null,
      });
      throw new StripeFailure(402, { ...error, payment_intent: view(intent) });
    }
    const charge: StoredCharge = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: 0,
      amount_refunded: 0,
      captured: false,
      refunded: false,
      disputed: false,
      currency: intent.currency,
      payment_intent: intent.id,
      // Stripe does not copy an intent's metadata to its charges.
      metadata: {},
      status: 'succeeded',
      created: now(),
      livemode: false,
    };
    charges.set(charge.id, charge);
    const manual = intent.capture_method === 'manual';
    Object.assign(intent, {
      status: manual ? 'requires_capture' : 'succeeded',
      amount_capturable: manual ? intent.amount : 0,
      amount_received: manual ? 0 : intent.amount,
      latest_charge: charge.id,
      last_payment_error: null,
      next_action: null,
    });
    if (!manual) Object.assign(charge, { captured: true, amount_captured: intent.amount });
    return view(intent);
  }

  function capture(intent: StoredIntent): Json {
    if (intent.status !== 'requires_capture') throw unexpectedState(intent, 'capture');
    const charge = charges.get(intent.latest_charge!)!;
    Object.assign(charge, { captured: true, amount_captured: intent.amount });
    Object.assign(intent, { status: 'succeeded', amount_capturable: 0, amount_received: intent.amount });
    return view(intent);
  }

  function cancel(intent: StoredIntent, params: Params): Json {
    const cancellable = [
      'requires_payment_method',
      'requires_capture',
      'requires_confirmation',
      'requires_action',
    ];
    if (!cancellable.includes(intent.status)) throw unexpectedState(intent, 'cancellation');
    Object.assign(intent, {
      status: 'canceled',
      amount_capturable: 0,
      cancellation_reason: typeof params.cancellation_reason === 'string' ? params.cancellation_reason : null,
    });
    return view(intent);
  }

  function createRefund(params: Params): Json {
    const intent = intentOf(String(params.payment_intent ?? ''));
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    if (intent.status !== 'succeeded' || !charge) {
      throw invalidRequest(400, 'charge_not_captured', `PaymentIntent ${intent.id} has not been captured.`);
    }
    // As at Stripe: a charge the cardholder's bank is taking back (or took back) cannot be refunded.
    const disputed = [...disputes.values()].some((d) => d.charge === charge.id && d.status !== 'won');
    if (disputed) throw invalidRequest(400, 'charge_disputed', `Charge ${charge.id} has been charged back.`);
    const left = charge.amount_captured - charge.amount_refunded;
    if (left <= 0) {
      throw invalidRequest(400, 'charge_already_refunded', `Charge ${charge.id} has already been refunded.`);
    }
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      throw invalidRequest(
        400,
        'amount_too_large',
        `Refund amount (${String(params.amount)}) is greater than unrefunded amount on charge (${left}).`,
      );
    }
    const refund: StoredRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      currency: charge.currency,
      payment_intent: intent.id,
      status: 'succeeded',
      metadata: { ...((params.metadata as Record<string, string>) ?? {}) },
      created: now(),
    };
    refunds.set(refund.id, refund);
    const refunded = charge.amount_refunded + amount;
    Object.assign(charge, { amount_refunded: refunded, refunded: refunded >= charge.amount_captured });
    return { ...refund };
  }

  function listRefunds(params: Params): Json {
    const all = [...refunds.values()].filter(
      (refund) => !params.payment_intent || refund.payment_intent === params.payment_intent,
    );
    return listPage('/v1/refunds', all, params);
  }

  function createTransfer(params: Params): Json {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) {
      throw invalidRequest(400, 'parameter_invalid_integer', 'Invalid positive integer.', 'amount');
    }
    const currency = String(params.currency ?? '');
    if (!/^[a-z]{3}$/.test(currency)) {
      throw invalidRequest(400, 'parameter_invalid_string', 'Invalid currency.', 'currency');
    }
    const destination = String(params.destination ?? '');
    if (!/^acct_\w+$/.test(destination)) {
      throw invalidRequest(400, 'resource_missing', `No such destination: '${destination}'`, 'destination');
    }
    if (destination.startsWith('acct_refused')) {
      throw invalidRequest(
        400,
        'account_invalid',
        'The destination account cannot receive transfers.',
        'destination',
      );
    }
    const transfer: StoredTransfer = {
      id: newId('tr'),
      object: 'transfer',
      amount,
      currency,
      destination,
      transfer_group: typeof params.transfer_group === 'string' ? params.transfer_group : null,
      metadata: { ...((params.metadata as Record<string, string>) ?? {}) },
      reversed: false,
      created: now(),
      livemode: false,
    };
    transfers.set(transfer.id, transfer);
    return { ...transfer };
  }

  function listTransfers(params: Params): Json {
    const all = [...transfers.values()]
      .filter((t) => !params.transfer_group || t.transfer_group === params.transfer_group)
      .filter((t) => !params.destination || t.destination === params.destination);
    return listPage('/v1/transfers', all, params);
  }

  function route(method: string, path: string, params: Params): Json {
    const intentPath = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel|confirm))?$/.exec(path);
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(params);
    if (intentPath) {
      const intent = intentOf(decodeURIComponent(intentPath[1]!));
      const action = intentPath[2];
      if (method === 'GET' && !action) return view(intent, listOf(params.expand));
      if (method === 'POST' && action === 'capture') return capture(intent);
      if (method === 'POST' && action === 'cancel') return cancel(intent, params);
      if (method === 'POST' && action === 'confirm') return confirm(intent, params);
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(params);
    if (method === 'GET' && path === '/v1/refunds') return listRefunds(params);
    const disputePath = /^\/v1\/disputes\/([^/]+)$/.exec(path);
    if (method === 'GET' && disputePath) {
      const dispute = disputes.get(decodeURIComponent(disputePath[1]!));
      if (!dispute)
        throw invalidRequest(404, 'resource_missing', `No such dispute: '${disputePath[1]!}'`, 'dispute');
      return { ...dispute, evidence_details: { ...dispute.evidence_details } };
    }
    if (method === 'GET' && path === '/v1/disputes') {
      const all = [...disputes.values()].filter(
        (d) =>
          (!params.payment_intent || d.payment_intent === params.payment_intent) &&
          (!params.charge || d.charge === params.charge),
      );
      return listPage('/v1/disputes', all, params);
    }
    if (method === 'POST' && path === '/v1/transfers') return createTransfer(params);
    if (method === 'GET' && path === '/v1/transfers') return listTransfers(params);
    if (method === 'GET' && path === '/v1/payment_intents') {
      const all = [...intents.values()].map((intent) => ({
        ...view(intent),
        id: intent.id,
        created: intent.created,
      }));
      return listPage('/v1/payment_intents', all, params);
    }
    if (method === 'GET' && path === '/v1/charges') {
      const all = [...charges.values()].filter(
        (charge) => !params.payment_intent || charge.payment_intent === params.payment_intent,
      );
      return listPage('/v1/charges', all, params);
    }
    throw invalidRequest(404, 'resource_missing', `Unrecognized request URL (${method}: ${path}).`);
  }

  function send(res: ServerResponse, status: number, body: Json, replayed = false) {
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': newId('req'),
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    });
    res.end(JSON.stringify(body));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const method = req.method ?? 'GET';
    const path = url.pathname;
    const params = parseStripeForm(method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString());
    const key = req.headers['idempotency-key'] as string | undefined;
    const record: RecordedRequest = {
      method,
      path,
      params,
      ...(key ? { idempotencyKey: key } : {}),
      replayed: false,
      status: 200,
    };
    requests.push(record);

    if (!/^Bearer sk_test_\w+$/.test(req.headers.authorization ?? '')) {
      record.status = 401;
      return send(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
      });
    }
    const failure = failures.find((f) => f.method === method && f.path.test(path) && f.times > 0);
    if (failure) {
      failure.times -= 1;
      record.status = 500;
      return send(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred.' } });
    }
    const paramsText = JSON.stringify(params);
    const previous = key && method === 'POST' ? idempotent.get(key) : undefined;
    if (previous) {
      if (previous.method !== method || previous.path !== path || previous.params !== paramsText) {
        record.status = 400;
        return send(res, 400, {
          error: {
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          },
        });
      }
      record.replayed = true;
      record.status = previous.status;
      return send(res, previous.status, previous.body, true);
    }
    let status = 200;
    let body: Json;
    try {
      body = route(method, path, params);
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      status = error.status;
      body = { error: error.body };
    }
    record.status = status;
    if (key && method === 'POST') idempotent.set(key, { method, path, params: paramsText, status, body });
    send(res, status, body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      send(res, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let eventCount = 0;

  return {
    connection: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    count(method, path, options = {}) {
      return requests.filter(
        (r) =>
          r.method === method && path.test(r.path) && (!options.actedOnly || (!r.replayed && r.status < 500)),
      ).length;
    },
    intent: (id) => ({ ...intentOf(id), metadata: { ...intentOf(id).metadata } }),
    charge(id) {
      const charge = charges.get(id);
      if (!charge) throw new Error(`No such charge ${id}`);
      return { ...charge };
    },
    transfers: () => [...transfers.values()].map((t) => ({ ...t, metadata: { ...t.metadata } })),
    event(type, object) {
      eventCount += 1;
      return {
        id: `evt_${eventCount}_${randomBytes(8).toString('hex')}`,
        object: 'event',
        api_version: '2025-01-01',
        created: now(),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    edit(kind, id, fields) {
      const maps = {
        payment_intent: intents,
        charge: charges,
        refund: refunds,
        transfer: transfers,
        dispute: disputes,
      };
      const object = (maps[kind] as Map<string, object>).get(id);
      if (!object) throw new Error(`No such ${kind} ${id}`);
      Object.assign(object, fields);
    },
    dispute(intentId, options = {}) {
      const intent = intentOf(intentId);
      const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
      if (!charge || !charge.captured) throw new Error(`No captured charge on ${intentId}`);
      const dispute: StoredDispute = {
        id: newId('dp'),
        object: 'dispute',
        amount: options.amount ?? charge.amount_captured - charge.amount_refunded,
        charge: charge.id,
        currency: charge.currency,
        payment_intent: intentId,
        reason: options.reason ?? 'fraudulent',
        status: 'needs_response',
        evidence_details: {
          due_by: now() + 7 * 86_400,
          has_evidence: false,
          past_due: false,
          submission_count: 0,
        },
        is_charge_refundable: false,
        metadata: {},
        created: now(),
        livemode: false,
      };
      disputes.set(dispute.id, dispute);
      charge.disputed = true;
      return { ...dispute };
    },
    closeDispute(id, outcome) {
      const dispute = disputes.get(id);
      if (!dispute) throw new Error(`No such dispute ${id}`);
      dispute.status = outcome;
      return { ...dispute };
    },
    failNext(method, path, times = 1) {
      failures.push({ method, path, times });
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
