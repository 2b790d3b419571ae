/**
 * The console's lists of payouts and runs, paged by the store (`payouts` views), newest day first:
 * by provider (`by_provider`), by kind of payee (`by_payee_kind`: providers or affiliates), by state
 * (`by_state`) or by day (`by_day`), whichever filter narrows the range; the other filters are
 * applied while scanning.
 */
import { payeeKind } from '../../../src/domain/affiliates';
import type { PayeeKind } from '../../../src/domain/affiliates';
import type { PayoutRunSummary, PayoutState, PayoutView } from '../../../src/domain/payouts';
import type { Store } from '../../store/store';
import type { Page } from '../admin/paging';
import { PREFIX_END, scanPage } from '../admin/paging';
import { providerNames } from './names';
import { payoutsDb, payoutView } from './records';
import type { PayoutDoc, PayoutRunDoc } from './records';
import { runView } from './run-summary';

export type PayoutListQuery = {
  /** Only providers' payouts, or only affiliates' (payee ids `affiliate:<code>`). */
  payee?: PayeeKind;
  state?: PayoutState;
  providerId?: string;
  day?: string;
  limit?: number;
  token?: string;
};

function range(query: PayoutListQuery): { view: string; low: unknown[]; high: unknown[] } {
  const { state, providerId, day, payee } = query;
  const dayPart = (prefix: unknown[]) =>
    day
      ? { low: [...prefix, day], high: [...prefix, day, PREFIX_END] }
      : { low: prefix, high: [...prefix, PREFIX_END] };
  if (providerId) return { view: 'payouts/by_provider', ...dayPart([providerId]) };
  if (payee) return { view: 'payouts/by_payee_kind', ...dayPart([payee]) };
  if (state) return { view: 'payouts/by_state', ...dayPart([state]) };
  if (day) return { view: 'payouts/by_day', low: [day], high: [day, PREFIX_END] };
  return { view: 'payouts/by_day', low: [], high: [PREFIX_END] };
}

export async function listPayouts(store: Store, query: PayoutListQuery): Promise<Page<PayoutView>> {
  const { view, low, high } = range(query);
  const page = await scanPage<PayoutDoc, PayoutDoc>(payoutsDb<PayoutDoc>(store), {
    view,
    descending: true,
    startkey: high,
    endkey: low,
    limit: query.limit,
    token: query.token,
    pick: (doc) =>
      doc.type === 'payout' &&
      (!query.state || doc.state === query.state) &&
      (!query.day || doc.day === query.day) &&
      (!query.providerId || doc.providerId === query.providerId) &&
      (!query.payee || payeeKind(doc.providerId) === query.payee)
        ? doc
        : undefined,
  });
  const names = await providerNames(store, [...new Set(page.items.map((doc) => doc.providerId))]);
  return { ...page, items: page.items.map((doc) => payoutView(doc, names.get(doc.providerId))) };
}

export function listRuns(
  store: Store,
  query: { limit?: number; token?: string },
): Promise<Page<PayoutRunSummary>> {
  return scanPage<PayoutRunDoc, PayoutRunSummary>(payoutsDb<PayoutRunDoc>(store), {
    view: 'payouts/runs',
    descending: true,
    limit: query.limit,
    token: query.token,
    pick: (doc) => (doc.type === 'payout_run' ? runView(doc) : undefined),
  });
}
