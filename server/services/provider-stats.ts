/**
 * The figures of a provider's public profile that the platform counts (rating, review count,
 * completed calls), kept exact when the service stops half-way through counting.
 *
 * A tally per provider (`provider:<id>` in `ledger`) holds the figures the provider had before
 * the platform first counted for them (the demo directory starts with some), and what was counted
 * since, keyed by order: adding an order already there changes nothing. The public profile's
 * figures are then computed from the tally, which gives the same result however many times it
 * runs. So each step can run again after a stop without counting anything twice.
 */
import { providerListOrder } from '../../src/domain/provider';
import type { Provider } from '../../src/domain/provider';
import { getOrUndefined, upsertDoc } from '../store/store';
import type { Store } from '../store/store';

type Figures = { rating: number; reviewCount: number; completedCalls: number };

export type ProviderTally = {
  _id: string;
  _rev?: string;
  type: 'provider_tally';
  providerId: string;
  /** The figures before the platform first counted for this provider. */
  base: Figures;
  /** Each reviewed order's rating, by order id. */
  ratings: Record<string, number>;
  /** The orders whose consultation was completed. */
  completed: Record<string, true>;
  updatedAt: string;
};

export function providerTallyId(providerId: string): string {
  return `provider:${providerId}`;
}

/** The figures a tally gives (the rating averaged to two decimals; the schema takes 0 to 5). */
export function tallied(tally: Pick<ProviderTally, 'base' | 'ratings' | 'completed'>): Figures {
  const added = Object.values(tally.ratings);
  const reviewCount = tally.base.reviewCount + added.length;
  const sum = tally.base.rating * tally.base.reviewCount + added.reduce((total, rating) => total + rating, 0);
  const rating =
    reviewCount === 0 ? 0 : Math.min(5, Math.max(0, Math.round((sum / reviewCount) * 100) / 100));
  return {
    rating,
    reviewCount,
    completedCalls: tally.base.completedCalls + Object.keys(tally.completed).length,
  };
}

/** Counts into the provider's tally (`add` answers undefined when already counted), then publishes. */
async function count(
  store: Store,
  providerId: string,
  add: (tally: ProviderTally) => ProviderTally | undefined,
): Promise<void> {
  const provider = await getOrUndefined(store.db<Provider>('providers'), providerId);
  if (!provider) return; // no public profile: nothing shows these figures
  const id = providerTallyId(providerId);
  await upsertDoc<ProviderTally>(store, 'ledger', id, (current) => {
    const tally: ProviderTally = current ?? {
      _id: id,
      type: 'provider_tally',
      providerId,
      base: {
        rating: provider.rating,
        reviewCount: provider.reviewCount,
        completedCalls: provider.completedCalls ?? 0,
      },
      ratings: {},
      completed: {},
      updatedAt: new Date().toISOString(),
    };
    const next = add(tally);
    return next ? { ...next, updatedAt: new Date().toISOString() } : undefined;
  });
  const tally = await getOrUndefined(store.db<ProviderTally>('ledger'), id);
  if (!tally) return;
  const figures = tallied(tally);
  await upsertDoc<Provider>(store, 'providers', providerId, (current) => {
    if (!current) return undefined;
    if (
      current.rating === figures.rating &&
      current.reviewCount === figures.reviewCount &&
      current.completedCalls === figures.completedCalls
    ) {
      return undefined;
    }
    return {
      ...current,
      ...figures,
      listOrder: providerListOrder({ isOnline: current.isOnline, ...figures }),
      updatedAt: new Date().toISOString(),
    };
  });
}

/** A client's rating of an order, counted once into the provider's rating and review count. */
export function countRating(
  store: Store,
  providerId: string,
  orderId: string,
  rating: number,
): Promise<void> {
  return count(store, providerId, (tally) =>
    tally.ratings[orderId] !== undefined
      ? undefined
      : { ...tally, ratings: { ...tally.ratings, [orderId]: rating } },
  );
}

/** A completed consultation, counted once into the provider's completed calls. */
export function countCompletedCall(store: Store, providerId: string, orderId: string): Promise<void> {
  return count(store, providerId, (tally) =>
    tally.completed[orderId] ? undefined : { ...tally, completed: { ...tally.completed, [orderId]: true } },
  );
}
