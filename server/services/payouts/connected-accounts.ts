/**
 * Where a provider's Stripe payouts go: their connected account id (`acct_…`), kept on their
 * account (`payout.stripeAccountId` in `accounts`), set or cleared by an admin (one audit entry per
 * change, none when nothing changes). A provider without one is paid by bank transfer (`manual`).
 * An affiliate's (payee id `affiliate:<code>`) is on its own record, set from the affiliates screen.
 */
import { accountIds } from '../../../src/domain/account';
import { affiliateOfPayee } from '../../../src/domain/affiliates';
import { STRIPE_ACCOUNT_PATTERN } from '../../../src/domain/payouts';
import { getOrUndefined, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import type { StoredAccount } from '../accounts';
import { recordAudit } from '../admin/audit';
import { readAffiliate } from '../affiliates/records';

export type PayoutSettings = { stripeAccountId: string; updatedAt: string; updatedBy: string };
type PayoutAccount = StoredAccount & { payout?: PayoutSettings };

export type ConnectedAccountRefusal = 'not_found' | 'not_a_provider' | 'invalid_account';

export class ConnectedAccountRefused extends Error {
  constructor(readonly reason: ConnectedAccountRefusal) {
    super(`Connected account not set: ${reason}`);
    this.name = 'ConnectedAccountRefused';
  }
}

const isProvider = (account: StoredAccount) => account.role === 'lawyer' || account.role === 'expat';

/**
 * What a payout needs of the provider's account: their connected account, when one was set, and
 * whether it is a test profile an admin made (test orders are no one's money: never paid out).
 */
export async function payoutAccountOf(
  store: Store,
  providerId: string,
): Promise<{ stripeAccountId?: string; isTestProfile: boolean }> {
  const affiliateId = affiliateOfPayee(providerId);
  if (affiliateId) {
    // An affiliate is paid like a provider, to the connected account kept on its own record.
    const affiliate = await readAffiliate(store, affiliateId);
    const account = affiliate?.stripeAccountId;
    return { ...(account ? { stripeAccountId: account } : {}), isTestProfile: false };
  }
  const account = await getOrUndefined(store.db<PayoutAccount>('accounts'), accountIds.account(providerId));
  if (account?.type !== 'account') return { isTestProfile: false };
  const stripeAccountId = account.payout?.stripeAccountId;
  return { ...(stripeAccountId ? { stripeAccountId } : {}), isTestProfile: account.isTestProfile === true };
}

/** Sets (or with null clears) a provider's connected account; `changed` false when it was already so. */
export async function setConnectedAccount(
  store: Store,
  input: { uid: string; stripeAccountId: string | null; by: string; now?: Date },
): Promise<{ stripeAccountId: string | null; changed: boolean }> {
  const wanted = input.stripeAccountId;
  if (wanted !== null && !STRIPE_ACCOUNT_PATTERN.test(wanted))
    throw new ConnectedAccountRefused('invalid_account');
  const at = (input.now ?? new Date()).toISOString();
  let before: string | null = null;
  const written = await upsertDoc<PayoutAccount>(
    store,
    'accounts',
    accountIds.account(input.uid),
    (current) => {
      if (!current || current.type !== 'account') throw new ConnectedAccountRefused('not_found');
      if (!isProvider(current)) throw new ConnectedAccountRefused('not_a_provider');
      before = current.payout?.stripeAccountId ?? null;
      if (before === wanted) return undefined;
      const { payout: _old, ...rest } = current;
      return {
        ...rest,
        ...(wanted ? { payout: { stripeAccountId: wanted, updatedAt: at, updatedBy: input.by } } : {}),
        updatedAt: at,
      };
    },
  );
  if (!written) return { stripeAccountId: wanted, changed: false };
  await recordAudit(store, {
    actor: input.by,
    action: 'payout_account',
    subject: { kind: 'account', id: input.uid },
    before: { stripeAccountId: before },
    after: { stripeAccountId: wanted },
    key: `payout_account:${input.uid}:${written._rev}`,
  });
  return { stripeAccountId: wanted, changed: true };
}
