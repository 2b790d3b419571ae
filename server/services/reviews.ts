/**
 * Reviews of consultations: a client writes a `review:<orderId>` document into their own database
 * (offline too); the gateway asks `check` whether it may be written, and `afterWrite` publishes it.
 *
 * - Refused: a review of an order that is not the owner's, not completed, of another provider than
 *   the order's, or of an order already reviewed (its published `content` document exists), and any
 *   change to a review once published (`publishedAt` is the service's).
 * - Published once, and counted once, even when the service stops half-way: the review is first
 *   recorded on the order (`review`, state `pending`; orders are the service's own), then each
 *   step is one that can be run again without effect: the public `content` document (id fixed by
 *   the order, `createOnce`); the provider's tally (`rating:<providerId>` in `ledger`: the rating
 *   and count the provider had before their first review here, and each order's rating, keyed by
 *   order); the provider's rating and review count computed from the tally (the same every time);
 *   the client's copy marked published; the order's review marked `done`. `resumeReviews` runs the
 *   steps again, at start, for every review still `pending`.
 */
import { contentIds } from '../../src/domain/help-centre';
import { newestFirstKey } from '../../src/domain/content';
import type { ContentDoc } from '../../src/domain/content';
import { reviewId } from '../../src/domain/mine';
import type { Profile, ReviewDoc } from '../../src/domain/mine';
import { providerListOrder } from '../../src/domain/provider';
import type { Provider } from '../../src/domain/provider';
import { userDbName } from '../../src/domain/user-db';
import type { UserDocHooks } from '../http/gateway';
import { createOnce, getOrUndefined, upsertDoc } from '../store/store';
import type { Store } from '../store/store';
import type { StoredOrder } from './consultation/types';

/** The id of the published review of an order, in `content`. */
export function publishedReviewId(orderId: string): string {
  return contentIds.review(`order-${orderId}`);
}

/** "Camille D." from the name given at booking. */
export function authorName(firstName: string, lastName: string | undefined): string {
  const first = firstName.trim();
  const initial = lastName?.trim().charAt(0).toLocaleUpperCase();
  return (initial ? `${first} ${initial}.` : first).slice(0, 120);
}

/** The tally of a provider's ratings given here, over what they had before the first one. */
export type RatingTally = {
  _id: string;
  _rev?: string;
  type: 'rating_tally';
  providerId: string;
  baseRating: number;
  baseCount: number;
  /** Each reviewed order's rating, by order id. */
  ratings: Record<string, number>;
  updatedAt: string;
};

export function ratingTallyId(providerId: string): string {
  return `rating:${providerId}`;
}

/** The rating and review count a tally gives (average to two decimals, the schema takes 0–5). */
export function tallied(tally: Pick<RatingTally, 'baseRating' | 'baseCount' | 'ratings'>): {
  rating: number;
  reviewCount: number;
} {
  const added = Object.values(tally.ratings);
  const reviewCount = tally.baseCount + added.length;
  if (reviewCount === 0) return { rating: 0, reviewCount };
  const sum = tally.baseRating * tally.baseCount + added.reduce((total, rating) => total + rating, 0);
  return { rating: Math.min(5, Math.max(0, Math.round((sum / reviewCount) * 100) / 100)), reviewCount };
}

export function reviewHooks(store: Store): UserDocHooks {
  const readOrder = (orderId: unknown) =>
    typeof orderId === 'string' ? getOrUndefined(store.db<StoredOrder>('orders'), orderId) : undefined;

  return {
    review: {
      async check(owner, doc, current) {
        if (current?.publishedAt !== undefined) return 'a published review cannot be changed';
        if (doc.publishedAt !== undefined) return 'reviews are published by the service only';
        if (doc._deleted === true) return undefined;
        if (doc._id !== reviewId(String(doc.orderId))) return 'a review is keyed on its order';
        const order = await readOrder(doc.orderId);
        if (!order || order.client.uid !== owner.uid) return 'this consultation is not yours';
        if (order.state !== 'completed') return 'this consultation is not completed';
        if (order.provider.id !== doc.providerId) return 'this consultation was with another provider';
        if (order.review) return 'this consultation has already been reviewed';
        const published = await getOrUndefined(store.db('content'), publishedReviewId(order.orderId));
        if (published) return 'this consultation has already been reviewed';
        return undefined;
      },
      async afterWrite(owner, docs) {
        for (const doc of docs) {
          if (doc._deleted === true) continue;
          await publish(store, owner.uid, doc as unknown as ReviewDoc & { _rev?: string });
        }
      },
    },
  };
}

async function publish(store: Store, uid: string, review: ReviewDoc): Promise<void> {
  const order = await getOrUndefined(store.db<StoredOrder>('orders'), review.orderId);
  if (!order || order.client.uid !== uid || order.state !== 'completed') return;
  const at = new Date().toISOString();
  await upsertDoc<StoredOrder>(store, 'orders', order.orderId, (current) =>
    current && !current.review
      ? {
          ...current,
          review: {
            uid,
            rating: review.rating,
            comment: review.comment,
            language: review.language,
            state: 'pending',
            at,
          },
          updatedAt: at,
        }
      : undefined,
  );
  await finishReview(store, order.orderId);
}

/** Runs every step of an order's review publication; each one is without effect when already done. */
async function finishReview(store: Store, orderId: string): Promise<void> {
  const order = await getOrUndefined(store.db<StoredOrder>('orders'), orderId);
  const review = order?.review;
  if (!order || !review || review.state === 'done') return;
  const providerId = order.provider.id;
  const provider = await getOrUndefined(store.db<Provider>('providers'), providerId);
  const profile = await getOrUndefined(store.db<Profile>(userDbName(review.uid)), 'profile');
  const country = profile?.residenceCountry ?? order.booking.nationality;
  const content: Omit<ContentDoc, 'id'> & { _id: string } = {
    _id: publishedReviewId(orderId),
    type: 'review',
    language: review.language,
    providerId,
    serviceType: provider?.role ?? order.provider.role,
    rating: review.rating,
    authorName: authorName(order.booking.firstName, order.booking.lastName),
    ...(/^[A-Z]{2}$/.test(country ?? '') ? { country } : {}),
    body: review.comment,
    verified: true,
    publishedAt: review.at,
    group: providerId,
    newestFirst: newestFirstKey(review.at),
    updatedAt: review.at,
  };
  await createOnce(store, 'content', content);

  const tally =
    (await upsertDoc<RatingTally>(store, 'ledger', ratingTallyId(providerId), (current) => {
      if (current?.ratings[orderId] !== undefined) return undefined;
      const base = current ?? {
        _id: ratingTallyId(providerId),
        type: 'rating_tally' as const,
        providerId,
        baseRating: provider?.rating ?? 0,
        baseCount: provider?.reviewCount ?? 0,
        ratings: {},
        updatedAt: review.at,
      };
      return {
        ...base,
        ratings: { ...base.ratings, [orderId]: review.rating },
        updatedAt: new Date().toISOString(),
      };
    })) ?? (await getOrUndefined(store.db<RatingTally>('ledger'), ratingTallyId(providerId)));

  if (tally) {
    const { rating, reviewCount } = tallied(tally);
    await upsertDoc<Provider>(store, 'providers', providerId, (current) => {
      if (!current || (current.rating === rating && current.reviewCount === reviewCount)) return undefined;
      return {
        ...current,
        rating,
        reviewCount,
        listOrder: providerListOrder({ isOnline: current.isOnline, rating, reviewCount }),
        updatedAt: new Date().toISOString(),
      };
    });
  }

  await upsertDoc<ReviewDoc>(store, userDbName(review.uid), reviewId(orderId), (current) => {
    if (!current || current.publishedAt) return undefined;
    return { ...current, publishedAt: review.at, updatedAt: new Date().toISOString() };
  });
  await upsertDoc<StoredOrder>(store, 'orders', orderId, (current) =>
    current?.review && current.review.state !== 'done'
      ? { ...current, review: { ...current.review, state: 'done' }, updatedAt: new Date().toISOString() }
      : undefined,
  );
}

/** Finishes the review publications a stop of the service cut short; answers how many there were. */
export async function resumeReviews(store: Store): Promise<number> {
  const pending = await store
    .db<StoredOrder>('orders')
    .view('orders', 'reviews_pending', { include_docs: false });
  for (const row of pending.rows) await finishReview(store, row.id);
  return pending.rows.length;
}
