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
 *   the order, `createOnce`); the order's rating counted into the provider's rating and review
 *   count (`countRating`: once per order, see provider-stats.ts);
 *   the client's copy marked published; the order's review marked `done`. `resumeReviews` runs the
 *   steps again, at start, for every review still `pending`.
 * - Hidden by an admin (admin/review-moderation.ts): the public document is removed and the rating
 *   taken out through the same tally; a resumed publication does not publish it again.
 */
import { contentIds } from '../../src/domain/help-centre';
import { newestFirstKey } from '../../src/domain/content';
import type { ContentDoc } from '../../src/domain/content';
import { reviewId } from '../../src/domain/mine';
import type { Profile, ReviewDoc } from '../../src/domain/mine';
import type { Provider } from '../../src/domain/provider';
import { userDbName } from '../../src/domain/user-db';
import type { UserDocHooks } from '../http/gateway';
import { createOnce, getOrUndefined, upsertDoc } from '../store/store';
import type { Store } from '../store/store';
import type { StoredOrder } from './consultation/types';
import { isReviewHidden } from './admin/review-moderation';
import { countRating } from './provider-stats';

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
  // A review an admin hid before this step ran again (a resumed publication) stays hidden.
  if (!(await isReviewHidden(store, content._id))) await createOnce(store, 'content', content);

  await countRating(store, providerId, orderId, review.rating);

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
