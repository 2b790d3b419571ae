/**
 * The "gateway" of consultations billed to a company account (src/domain/b2b.ts): no card, no
 * money taken now — the company pays its monthly invoice. It speaks the PaymentGateway interface so
 * that the consultation service runs such orders unchanged (capture when the call connects, ledger
 * entries with gateway `account`, the provider's share paid out as usual).
 *
 * Intents are documents `acct-intent:<orderId>` in `orders`: created authorised (`requires_capture`)
 * at once, the checkout having checked the membership; capture and cancel only move their state
 * (idempotent: a repeat answers the intent as it is). A refund is refused: nothing was charged to a
 * card, so a mistake is corrected on the company's invoice, never by moving money here.
 */
import { getOrUndefined, isConflict, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import type { CreateIntent, Intent, PaymentGateway } from './types';

export const ACCOUNT_INTENT_PREFIX = 'acct-intent:';

type AccountIntentDoc = {
  _id: string;
  _rev?: string;
  type: 'account_intent';
  intent: Intent;
  createdAt: string;
  updatedAt: string;
};

/** A refusal of the account gateway (a refund, an unknown intent, a capture after a cancel…). */
export class AccountBillingError extends Error {
  constructor(
    readonly code: 'refund_not_supported' | 'resource_missing' | 'payment_intent_unexpected_state',
    message: string,
  ) {
    super(message);
    this.name = 'AccountBillingError';
  }
}

export function isAccountIntent(intentId: string): boolean {
  return intentId.startsWith(ACCOUNT_INTENT_PREFIX);
}

/** The account gateway: the methods the consultation service calls for account-billed orders. */
export type AccountBillingGateway = Pick<
  PaymentGateway,
  'createIntent' | 'retrieve' | 'capture' | 'cancel' | 'refund'
>;

export function createAccountBillingGateway(store: Store): AccountBillingGateway {
  const db = store.db<AccountIntentDoc>('orders');

  async function load(intentId: string): Promise<AccountIntentDoc> {
    const doc = isAccountIntent(intentId) ? await getOrUndefined(db, intentId) : undefined;
    if (!doc) throw new AccountBillingError('resource_missing', `No such account intent: '${intentId}'`);
    return doc;
  }

  async function move(intentId: string, to: 'succeeded' | 'canceled'): Promise<Intent> {
    await load(intentId);
    const updated = await upsertDoc<AccountIntentDoc>(store, 'orders', intentId, (doc) => {
      if (!doc || doc.intent.status === to) return undefined;
      if (doc.intent.status !== 'requires_capture') {
        throw new AccountBillingError(
          'payment_intent_unexpected_state',
          `The account intent ${intentId} is ${doc.intent.status}.`,
        );
      }
      const amountReceived = to === 'succeeded' ? doc.intent.amount : 0;
      return {
        ...doc,
        intent: { ...doc.intent, status: to, amountReceived },
        updatedAt: new Date().toISOString(),
      };
    });
    return (updated ?? (await load(intentId))).intent;
  }

  return {
    async createIntent(input: CreateIntent) {
      const id = ACCOUNT_INTENT_PREFIX + input.orderId;
      const now = new Date().toISOString();
      const doc: AccountIntentDoc = {
        _id: id,
        type: 'account_intent',
        intent: {
          id,
          status: 'requires_capture',
          amount: input.amount,
          currency: input.currency,
          amountReceived: 0,
          amountRefunded: 0,
          metadata: { ...input.metadata, orderId: input.orderId },
        },
        createdAt: now,
        updatedAt: now,
      };
      try {
        await db.insert(doc);
        return { intent: doc.intent, clientSecret: id };
      } catch (error) {
        if (!isConflict(error)) throw error;
      }
      // The same order's intent, created by an earlier try.
      const existing = await load(id);
      return { intent: existing.intent, clientSecret: id };
    },

    async retrieve(intentId) {
      return (await load(intentId)).intent;
    },

    capture(intentId) {
      return move(intentId, 'succeeded');
    },

    cancel(intentId) {
      return move(intentId, 'canceled');
    },

    refund(intentId) {
      return Promise.reject(
        new AccountBillingError(
          'refund_not_supported',
          `${intentId} is billed to a company account: correct the company's invoice instead of refunding.`,
        ),
      );
    },
  };
}

/**
 * The gateway the service uses: account-billed intents (created with `metadata.billing: 'account'`,
 * ids `acct-intent:…`) go to the account gateway, everything else to the card gateway, whose kind,
 * transfers and demo-mode methods are kept as they are.
 */
export function withAccountBilling<G extends PaymentGateway>(card: G, account: AccountBillingGateway): G {
  const byIntent = (intentId: string) => (isAccountIntent(intentId) ? account : card);
  // Arguments passed on whole: a later parameter of the interface (an amount…) reaches the gateway.
  type Args<K extends keyof AccountBillingGateway> = Parameters<PaymentGateway[K]>;
  return {
    ...card,
    createIntent: (...args: Args<'createIntent'>) =>
      (args[0].metadata.billing === 'account' ? account : card).createIntent(...args),
    retrieve: (...args: Args<'retrieve'>) => byIntent(args[0]).retrieve(...args),
    capture: (...args: Args<'capture'>) => byIntent(args[0]).capture(...args),
    cancel: (...args: Args<'cancel'>) => byIntent(args[0]).cancel(...args),
    refund: (...args: Args<'refund'>) => byIntent(args[0]).refund(...args),
  };
}
