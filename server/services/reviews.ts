/**
 * Reviews of consultations: a client writes a `review:<orderId>` document into their own database
 * (offline too); the gateway asks `check` whether it may be written, and `afterWrite` publishes it.
 *
 * - Refused: a review of an order that is not the owner's, not completed, of another provider than
 *   the order's, or of an order already reviewed (its published `content` document exists), and any
 *   change to a review once published (`publishedAt` is the service's).
 * - Published once: the public `content` document's id is fixed by the order
 *   (`review:order-<orderId>`) and created with `createOnce`; the provider's rating and review count
 *   are updated only by the call that created it, so a repeated push or afterWrite counts nothing
 *   twice. Then the client's copy is marked published.
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

/** The new average after one more rating, to two decimals (the schema takes any number 0–5). */
export function nextRating(rating: number, count: number, added: number): number {
  const average = (rating * count + added) / (count + 1);
  return Math.min(5, Math.max(0, Math.round(average * 100) / 100));
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
  const provider = await getOrUndefined(store.db<Provider>('providers'), order.provider.id);
  const profile = await getOrUndefined(store.db<Profile>(userDbName(uid)), 'profile');
  const now = new Date().toISOString();
  const country = profile?.residenceCountry ?? order.booking.nationality;
  const content: Omit<ContentDoc, 'id'> & { _id: string } = {
    _id: publishedReviewId(order.orderId),
    type: 'review',
    language: review.language,
    providerId: order.provider.id,
    ...(provider ? { serviceType: provider.role } : { serviceType: order.provider.role }),
    rating: review.rating,
    authorName: authorName(order.booking.firstName, order.booking.lastName),
    ...(/^[A-Z]{2}$/.test(country ?? '') ? { country } : {}),
    body: review.comment,
    verified: true,
    publishedAt: now,
    group: order.provider.id,
    newestFirst: newestFirstKey(now),
    updatedAt: now,
  };
  const created = await createOnce(store, 'content', content);
  if (created) {
    await upsertDoc<Provider>(store, 'providers', order.provider.id, (current) => {
      if (!current) return undefined;
      const rating = nextRating(current.rating, current.reviewCount, review.rating);
      const reviewCount = current.reviewCount + 1;
      return {
        ...current,
        rating,
        reviewCount,
        listOrder: providerListOrder({ isOnline: current.isOnline, rating, reviewCount }),
        updatedAt: now,
      };
    });
  }
  const published = await getOrUndefined(store.db<{ publishedAt?: string }>('content'), content._id);
  await upsertDoc<ReviewDoc>(store, userDbName(uid), reviewId(order.orderId), (current) => {
    if (!current || current.publishedAt) return undefined;
    return { ...current, publishedAt: published?.publishedAt ?? now, updatedAt: now };
  });
}
