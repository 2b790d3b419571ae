/**
 * Where the affiliate screens live in the console (screens.ts paths), and the page of a payee that
 * is an affiliate (`affiliate:<id>` in balances and payouts, src/domain/affiliates.ts).
 */
import { affiliateOfPayee, affiliatePayeeId } from '../../../domain/affiliates';
import { adminPath } from '../screens';

const withQuery = (path: string, query: Record<string, string>) =>
  `${path}?${new URLSearchParams(query).toString()}`;

export const affiliatePaths = {
  list: () => adminPath('affiliates'),
  create: () => adminPath('affiliates/new'),
  affiliate: (id: string) => adminPath('affiliates/:id', { id }),
  /** The commission movements, of one affiliate when given. */
  commissions: (affiliateId?: string) =>
    affiliateId
      ? withQuery(adminPath('affiliates/commissions'), { affiliate: affiliateId })
      : adminPath('affiliates/commissions'),
  /** The affiliates' payouts, of one affiliate when given (the payouts list's `provider` filter). */
  payouts: (affiliateId?: string) =>
    affiliateId
      ? `${withQuery(adminPath('affiliates/payouts'), { provider: affiliatePayeeId(affiliateId) })}#payouts-list`
      : adminPath('affiliates/payouts'),
};

/** The console page of a payee that is an affiliate; undefined for a provider. */
export function affiliatePageOfPayee(payeeId: string): string | undefined {
  const affiliateId = affiliateOfPayee(payeeId);
  return affiliateId ? affiliatePaths.affiliate(affiliateId) : undefined;
}
