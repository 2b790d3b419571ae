/**
 * What the B2B screens share: their paths, the months an admin picks from, and the list of accounts
 * for the pickers (the first page, by name: a console for a handful of company accounts).
 */
import { monthOf, previousMonth } from '../../../domain/b2b';
import type { B2bAccount } from '../../../domain/b2b';
import { adminPath } from '../screens';
import { useAdminQuery } from '../ui/use-admin-query';

export const b2bPaths = {
  accounts: () => adminPath('b2b/accounts'),
  newAccount: () => adminPath('b2b/accounts/new'),
  account: (id: string) => adminPath('b2b/accounts/:id', { id }),
};

/** The last `count` months, the current one first (`YYYY-MM`). */
export function recentMonths(count = 12, now = new Date()): string[] {
  const months = [monthOf(now)];
  while (months.length < count) months.push(previousMonth(months[months.length - 1]!));
  return months;
}

/** "mars 2026" in the interface language. */
export function monthLabel(month: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

export function useAccountChoices() {
  const result = useAdminQuery<{ items: B2bAccount[] }>('b2b/accounts', { limit: 100 });
  return result.status === 'ready' ? result.data.items : [];
}
