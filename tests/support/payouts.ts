/**
 * Provider payouts in tests: a provider's earnings recorded as the consultation service records a
 * capture (an order and its capture, commission and provider share entries), an affiliate's
 * commission on a referred client's consultation, a provider's identity
 * record with bank details, and the ledger's movements of each provider summed straight from the
 * documents (not through the balance view the service reads).
 */
import { affiliatePayeeId } from '../../src/domain/affiliates';
import { splitCommission } from '../../src/domain/order';
import { affiliateIds, AFFILIATES_DB } from '../../server/services/affiliates/records';
import { record, recordAffiliateCommission } from '../../server/services/consultation/ledger';
import type { AnyLedgerEntry } from '../../server/services/consultation/ledger';
import type { StoredOrder } from '../../server/services/consultation/types';
import { kycId } from '../../server/services/registration';
import type { KycDoc } from '../../server/services/registration';
import { createOnce } from '../../server/store/store';
import type { Store } from '../../server/store/store';
import { storeOrder } from './orders';

let serial = 0;

/** A completed, captured 49 € consultation of `providerId`: a share of 41.65 € on their balance. */
export async function earn(
  store: Store,
  providerId: string,
  clientUid = 'payout-client',
  affiliate?: StoredOrder['affiliate'],
): Promise<StoredOrder> {
  serial += 1;
  const order = await storeOrder(store, {
    orderId: `ord_payout_${providerId}_${serial}_${Date.now()}`,
    clientUid,
    providerId,
    providerHasAccount: true,
    ...(affiliate ? { affiliate } : {}),
  });
  const at = new Date().toISOString();
  const { commission, providerShare } = splitCommission(order.quote.total, order.commissionRate);
  await record(store, order, 'capture', order.quote.total, at);
  await record(store, order, 'commission', commission, at);
  await record(store, order, 'provider_share', providerShare, at);
  return order;
}

export const SHARE = splitCommission(4900, 0.15).providerShare;

/**
 * An affiliate (its record in `affiliates`) whose referred client's 49 € consultation with
 * `providerId` was captured: its commission on its balance, under the payee id `affiliate:<code>`
 * (and the provider's share on theirs). Answers the payee id.
 */
export async function earnAsAffiliate(
  store: Store,
  code: string,
  providerId = `affiliate-lawyer-${code}`,
  rate = 0.3,
): Promise<string> {
  const at = new Date().toISOString();
  await createOnce(store, AFFILIATES_DB, {
    _id: affiliateIds.affiliate(code),
    type: 'affiliate',
    id: code,
    code,
    name: `Partner ${code}`,
    email: `${code.toLowerCase()}@partners.example`,
    rate,
    active: true,
    createdAt: at,
    updatedAt: at,
  });
  const order = await earn(store, providerId, `referred-by-${code}`, { id: code, rate });
  await recordAffiliateCommission(store, order, at);
  return affiliatePayeeId(code);
}

export async function storeKyc(
  store: Store,
  uid: string,
  bank: { bankAccountNumber: string; ifsc: string },
): Promise<void> {
  const at = new Date().toISOString();
  const doc: KycDoc = {
    _id: kycId(uid),
    type: 'kyc',
    uid,
    role: 'lawyer',
    dateOfBirth: '1980-01-01',
    address: '1 rue de la Paix, Paris',
    idNumber: 'X1234567',
    idDocument: 'photo-none',
    ...bank,
    status: 'verified',
    createdAt: at,
    updatedAt: at,
  };
  await store.db('admin').insert(doc);
}

export async function ledgerEntries(store: Store): Promise<AnyLedgerEntry[]> {
  const { rows } = await store.db<AnyLedgerEntry>('ledger').list({ include_docs: true });
  return rows.map((row) => row.doc!).filter((doc) => doc.type === 'ledger');
}

const SIGN: Record<string, number> = {
  provider_share: 1,
  provider_recovery: -1,
  affiliate_commission: 1,
  affiliate_recovery: -1,
  payout: -1,
  payout_reversal: 1,
};

/**
 * Each payee's (provider's or affiliate's) balance (`<providerId>:<currency>`), summed from the
 * ledger's documents; with `beforePayouts`, what it was before any payout (the payouts and their
 * reversals left out).
 */
export async function balancesFromDocuments(
  store: Store,
  options: { beforePayouts?: boolean } = {},
): Promise<Map<string, number>> {
  const sums = new Map<string, number>();
  for (const entry of await ledgerEntries(store)) {
    const sign = SIGN[entry.kind];
    if (!sign || (options.beforePayouts && entry.kind.startsWith('payout'))) continue;
    const key = `${entry.providerId}:${entry.currency}`;
    sums.set(key, (sums.get(key) ?? 0) + sign * entry.amount);
  }
  return sums;
}
