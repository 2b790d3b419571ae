/**
 * The figures of a provider's public profile that the platform counts (rating, review count,
 * completed calls), kept exact when the service stops half-way through counting.
 *
 * A tally per provider (`provider:<id>` in `ledger`) holds the figures the provider had before
 * the platform first counted for them (the demo directory starts with some), and what was counted
 * since, keyed by order: adding an order already there changes nothing. The public profile's
 * figures are then computed from the tally, which gives the same result however many times it
 * runs. So each step can run again after a stop without counting anything twice.
 *
 * Moderation goes through the same tally: a review an admin hides is added to `hidden` (keyed by its
 * review id, with its rating) and taken out of the figures, whether its rating came with the base
 * (a demo review) or was counted from an order; restoring removes it from `hidden`. Hiding twice,
 * or two admins hiding at once, leaves one key: nothing is taken out twice.
 */
import { NEW_PROVIDER_RATING } from '../../src/domain/constants';
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
  /** Reviews an admin hid, by review id (`review:…` in `content`): their rating, taken out. */
  hidden?: Record<string, number>;
  updatedAt: string;
};

export function providerTallyId(providerId: string): string {
  return `provider:${providerId}`;
}

/**
 * The figures a tally gives: the rating averaged to two decimals, or the spec's default for a new
 * provider while nobody has reviewed them (a completed call without a review changes nothing).
 */
export function tallied(tally: Pick<ProviderTally, 'base' | 'ratings' | 'completed' | 'hidden'>): Figures {
  const added = Object.values(tally.ratings);
  const hidden = Object.values(tally.hidden ?? {});
  const total = (ratings: number[]) => ratings.reduce((sum, rating) => sum + rating, 0);
  const reviewCount = Math.max(0, tally.base.reviewCount + added.length - hidden.length);
  const sum = tally.base.rating * tally.base.reviewCount + total(added) - total(hidden);
  const rating =
    reviewCount === 0
      ? NEW_PROVIDER_RATING
      : Math.min(5, Math.max(0, Math.round((sum / reviewCount) * 100) / 100));
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
  await publishFigures(store, providerId);
}

const PUBLISH_ATTEMPTS = 5;

/**
 * Writes the figures of the provider's tally into their public profile. Two counts for the same
 * provider may publish in either order, so after writing, the tally is read again: when it changed
 * meanwhile, the figures are computed and written again, and the last write is the newest tally's.
 */
async function publishFigures(store: Store, providerId: string): Promise<void> {
  const id = providerTallyId(providerId);
  let tally = await getOrUndefined(store.db<ProviderTally>('ledger'), id);
  for (let attempt = 0; tally && attempt < PUBLISH_ATTEMPTS; attempt++) {
    await writeFigures(store, providerId, tallied(tally));
    const again = await getOrUndefined(store.db<ProviderTally>('ledger'), id);
    if (again?._rev === tally._rev) return;
    tally = again;
  }
}

async function writeFigures(store: Store, providerId: string, figures: Figures): Promise<void> {
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

/**
 * A review an admin hid (`hidden` true) or restored (false): its rating is taken out of the
 * provider's figures, or put back, once whatever the number of calls.
 */
export function countHidden(
  store: Store,
  providerId: string,
  reviewId: string,
  rating: number,
  hidden: boolean,
): Promise<void> {
  return count(store, providerId, (tally) => {
    const current = tally.hidden ?? {};
    if ((current[reviewId] !== undefined) === hidden) return undefined;
    const { [reviewId]: _removed, ...rest } = current;
    return { ...tally, hidden: hidden ? { ...current, [reviewId]: rating } : rest };
  });
}

/** A completed consultation, counted once into the provider's completed calls. */
export function countCompletedCall(store: Store, providerId: string, orderId: string): Promise<void> {
  return count(store, providerId, (tally) =>
    tally.completed[orderId] ? undefined : { ...tally, completed: { ...tally.completed, [orderId]: true } },
  );
}
