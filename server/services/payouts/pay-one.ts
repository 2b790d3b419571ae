/**
 * One provider's payout, in steps that each run again without effect after a crash:
 * 1. the payout document, with its amount (its id fixed by provider, currency and day; created
 *    once: a second attempt finds the first and carries it on with the first's amount);
 * 2. its `payout` ledger entry (id fixed by the payout), which takes the amount off the balance;
 * 3. the gateway transfer, with the payout's id as idempotency key (a repeat answers the same
 *    transfer); a provider without a connected account when Stripe is configured gets none: the
 *    payout is `manual`, paid by bank transfer from the export;
 * 4. the payout marked `paid` (or `manual`). A transfer the gateway refuses marks it `failed` with
 *    the refusal's code and records `payout_reversal` (once), which gives the amount back. A
 *    transfer that got no answer (network, outage) leaves the payout `pending`: the next run
 *    carries it on with the same key, so it is never paid twice nor lost.
 */
import type { Currency } from '../../../src/domain/config';
import { affiliateOfPayee } from '../../../src/domain/affiliates';
import { payoutId } from '../../../src/domain/payouts';
import type { PaymentGateway } from '../../adapters/payments/types';
import type { Config } from '../../config/env';
import { redactText } from '../../log';
import { getOrUndefined, isConflict, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { recordPayoutMovement } from '../consultation/ledger';
import { payoutAccountOf } from './connected-accounts';
import { refreshEarnings } from './earnings';
import { PAYOUTS_DB, payoutsDb } from './records';
import type { PayoutDoc } from './records';

export type PayoutDeps = { store: Store; gateway: PaymentGateway; config: Config; now: () => Date };

export type PayoutTarget = {
  day: string;
  providerId: string;
  currency: Currency;
  amount: number;
  runId: string;
};

/**
 * Step 1: the day's payout of this provider and currency, created now or found as an earlier run
 * left it; undefined for a test profile (never paid).
 */
export async function openPayout(
  { store, gateway, now }: PayoutDeps,
  target: PayoutTarget,
): Promise<{ doc: PayoutDoc; created: boolean } | undefined> {
  const id = payoutId(target.day, target.currency, target.providerId);
  const existing = await getOrUndefined(payoutsDb<PayoutDoc>(store), id);
  if (existing) return { doc: existing, created: false };
  const account = await payoutAccountOf(store, target.providerId);
  if (account.isTestProfile) return undefined;
  const at = now().toISOString();
  const stripe = gateway.kind === 'stripe';
  const destination = stripe ? account.stripeAccountId : undefined;
  const doc: PayoutDoc = {
    _id: id,
    type: 'payout',
    day: target.day,
    providerId: target.providerId,
    currency: target.currency,
    amount: target.amount,
    state: 'pending',
    method: stripe && !destination ? 'manual' : 'transfer',
    gateway: gateway.kind,
    ...(destination ? { destination } : {}),
    ...(stripe && !destination ? { reason: 'no_connected_account' } : {}),
    runId: target.runId,
    createdAt: at,
    updatedAt: at,
    // A provider is told by mail once paid (payout-mailing.ts); an affiliate has no account to mail.
    ...(affiliateOfPayee(target.providerId) ? {} : { mail: { state: 'due' as const } }),
  };
  try {
    const written = await payoutsDb<PayoutDoc>(store).insert(doc);
    return { doc: { ...doc, _rev: written.rev }, created: true };
  } catch (error) {
    if (!isConflict(error)) throw error;
  }
  return { doc: (await getOrUndefined(payoutsDb<PayoutDoc>(store), id))!, created: false };
}

/** A refusal the gateway will give again (as opposed to no answer): the payout fails. */
function refusalCode(error: unknown): string | undefined {
  const { statusCode, code, name } = (error ?? {}) as {
    statusCode?: unknown;
    code?: unknown;
    name?: unknown;
  };
  const refused =
    (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 && statusCode !== 429) ||
    name === 'SimulatedTransferError' ||
    name === 'TransferRefused';
  if (!refused) return undefined;
  return typeof code === 'string' && code ? code : 'transfer_refused';
}

/** Changes a pending payout; answers it as it is now (as another attempt left it, if one came first). */
async function mark(store: Store, id: string, change: Partial<PayoutDoc>, at: string): Promise<PayoutDoc> {
  const written = await upsertDoc<PayoutDoc>(store, PAYOUTS_DB, id, (current) =>
    current && current.state === 'pending' ? { ...current, ...change, updatedAt: at } : undefined,
  );
  const settled = written ?? (await payoutsDb<PayoutDoc>(store).get(id));
  // The provider's dashboard shows the payout's state (never fails the payout: earnings.ts).
  await refreshEarnings(store, settled.providerId);
  return settled;
}

/** Steps 2 to 4 for a pending payout; answers it as it ends (still pending when the gateway did not answer). */
export async function carryOut({ store, gateway, now }: PayoutDeps, doc: PayoutDoc): Promise<PayoutDoc> {
  if (doc.state !== 'pending') return doc;
  const movement = { payoutId: doc._id, ...doc };
  // Dated by the payout, so that the entry is the same whichever attempt writes it.
  await recordPayoutMovement(store, movement, 'payout', doc.createdAt);
  if (doc.method === 'manual') {
    return mark(store, doc._id, { state: 'manual' }, now().toISOString());
  }
  let transferId: string;
  try {
    const transfer = await gateway.transfer({
      providerId: doc.providerId,
      ...(doc.destination ? { destination: doc.destination } : {}),
      amount: doc.amount,
      currency: doc.currency,
      idempotencyKey: doc._id,
      metadata: { payoutId: doc._id, day: doc.day },
    });
    transferId = transfer.transferId;
  } catch (error) {
    const at = now().toISOString();
    const code = refusalCode(error);
    if (!code) {
      const message = redactText(error instanceof Error ? error.message : String(error)).slice(0, 300);
      await mark(store, doc._id, { lastError: message }, at);
      throw error;
    }
    await recordPayoutMovement(store, movement, 'payout_reversal', at);
    return mark(store, doc._id, { state: 'failed', reason: code }, at);
  }
  return mark(store, doc._id, { state: 'paid', transferId }, now().toISOString());
}
