/**
 * Checkout on a company account: which accounts a signed-in client may bill a consultation to, and
 * the order's price there. Membership is the server's judgement, read by id when the order is placed
 * (a member removed a moment ago is refused at once); the browser's word is never taken for it.
 * The price is the account's negotiated one for the service (the platform's standard price in the
 * account's currency when none was negotiated); no promo code applies.
 *
 * Membership is by e-mail, so only a verified e-mail counts: otherwise anyone could register with an
 * employee's address before they do and have the company pay for their consultations.
 */
import { b2bQuote } from '../../../src/domain/b2b';
import type { B2bBillingOption } from '../../../src/domain/b2b';
import type { Pricing } from '../../../src/domain/config';
import type { CheckoutRequest, Quote } from '../../../src/domain/order';
import { ApiError } from '../../http/errors';
import type { Store } from '../../store/store';
import type { StoredAccount } from '../accounts';
import { b2bDb, isMember, readAccount } from './records';
import type { StoredB2bMember } from './records';

type MemberRow = { id: string; key: string; value: string };

/** The active accounts this client is a member of now (by their account's e-mail). */
export async function billingOptions(store: Store, client: StoredAccount): Promise<B2bBillingOption[]> {
  if (client.isVerifiedEmail !== true) return [];
  const emailLower = emailOf(client);
  const answer = await b2bDb<StoredB2bMember>(store).view<string>('b2b', 'members_by_email', {
    key: emailLower,
    limit: 20,
  });
  const options: B2bBillingOption[] = [];
  for (const row of answer.rows as unknown as MemberRow[]) {
    // The view may lag behind a removal on a cluster: the member and the account are read by id.
    const [account, member] = await Promise.all([
      readAccount(store, row.value),
      isMember(store, row.value, emailLower),
    ]);
    if (!account?.active || !member) continue;
    options.push({
      accountId: account.id,
      name: account.name,
      currency: account.currency,
      prices: account.prices,
    });
  }
  return options;
}

const emailOf = (client: StoredAccount) => (client.emailLower || client.email).toLowerCase();

const refused = (code: string, message: string) => new ApiError(403, code, message);

/** The account and the quote of an order billed to it, or a coded refusal. */
export async function accountQuote(
  store: Store,
  client: StoredAccount,
  input: CheckoutRequest & { billing: { accountId: string } },
  pricing: Pricing,
): Promise<{ quote: Quote; billing: { accountId: string; accountName: string } }> {
  if (input.promoCode) {
    throw new ApiError(400, 'b2b_no_promo', 'A promo code cannot be used on a company account.');
  }
  const account = await readAccount(store, input.billing.accountId);
  const member = account ? await isMember(store, account.id, emailOf(client)) : false;
  if (!account || !member) {
    throw refused('b2b_not_member', 'You are not a member of this company account.');
  }
  if (client.isVerifiedEmail !== true) {
    throw refused('b2b_email_unverified', 'Confirm your e-mail address to book on your company account.');
  }
  if (!account.active) throw refused('b2b_account_inactive', 'This company account is not active.');
  if (input.currency !== account.currency) {
    throw new ApiError(400, 'b2b_currency', 'This company account is billed in another currency.');
  }
  const quote = b2bQuote(pricing, input.service, account);
  if (!quote) throw new ApiError(409, 'service_unavailable', 'This service is not available.');
  if (quote.total !== input.expectedTotal) {
    throw new ApiError(409, 'amount_mismatch', 'Invalid amount. Please try again.');
  }
  return {
    quote,
    billing: { accountId: account.id, accountName: account.name },
  };
}
