/**
 * The client's reviews of their consultations: `review:<orderId>` documents of the user's own
 * collection, written here (offline too) and published by the service, which then sets
 * `publishedAt` on the user's copy. A review the service refuses ends as the server has it (no
 * copy): the losing version is reported by the conflict handler and kept here, so the dashboard can
 * tell the user which review was not published.
 */
import { useEffect, useState } from 'react';
import { BehaviorSubject } from 'rxjs';
import { reviewId } from '../domain/mine';
import type { CallSessionDoc, MineDoc, ReviewDoc } from '../domain/mine';
import type { Language } from '../domain/languages';
import { lostEdits$ } from './conflict';
import type { AppDatabase } from './database';
import { useDataLayer } from './data-context';
import { saveMine } from './mine';

/** Every review on this device, by order id; undefined while they are read. */
export function useMyReviews(): ReadonlyMap<string, ReviewDoc> | undefined {
  const { db } = useDataLayer();
  const [reviews, setReviews] = useState<ReadonlyMap<string, ReviewDoc>>();
  useEffect(() => {
    const subscription = db.mine.find({ selector: { type: { $eq: 'review' } } }).$.subscribe((docs) =>
      setReviews(
        new Map(
          docs.map((doc) => {
            const review = doc.toJSON() as unknown as ReviewDoc;
            return [review.orderId, review];
          }),
        ),
      ),
    );
    return () => subscription.unsubscribe();
  }, [db]);
  return reviews;
}

export type ReviewInput = { rating: number; comment: string; language: Language };

/** Saves the review of a completed consultation locally; the service publishes it once pushed. */
export async function saveReview(db: AppDatabase, call: CallSessionDoc, input: ReviewInput): Promise<void> {
  const now = new Date().toISOString();
  const review: ReviewDoc = {
    id: reviewId(call.orderId),
    type: 'review',
    orderId: call.orderId,
    providerId: call.providerId,
    rating: input.rating,
    comment: input.comment.trim(),
    language: input.language,
    createdAt: now,
    updatedAt: now,
  };
  await saveMine(db, review as unknown as MineDoc);
}

/** A review (or message) the service refused: what the user wrote, and when it was noticed. */
export type RefusedDoc<T> = { doc: T; at: string };

const refusedReviews$ = new BehaviorSubject<RefusedDoc<ReviewDoc>[]>([]);
const refusedMessages$ = new BehaviorSubject<RefusedDoc<Record<string, unknown>>[]>([]);

// A refused push ends on the server's state: no copy there (a tombstone) while the device had one.
lostEdits$.subscribe(({ lost, kept }) => {
  if (!kept._deleted || lost._deleted) return;
  const at = new Date().toISOString();
  if (lost.type === 'review') {
    const doc = lost as unknown as ReviewDoc;
    refusedReviews$.next([...refusedReviews$.value.filter((r) => r.doc.id !== doc.id), { doc, at }]);
  } else if (lost.type === 'message') {
    refusedMessages$.next([...refusedMessages$.value, { doc: lost, at }]);
  }
});

function useSubject<T>(subject: BehaviorSubject<T>): T {
  const [value, setValue] = useState(subject.value);
  useEffect(() => {
    const subscription = subject.subscribe(setValue);
    return () => subscription.unsubscribe();
  }, [subject]);
  return value;
}

/** The reviews refused by the service since the app started. */
export function useRefusedReviews(): RefusedDoc<ReviewDoc>[] {
  return useSubject(refusedReviews$);
}

/** The messages refused by the service since the app started. */
export function useRefusedMessages(): RefusedDoc<Record<string, unknown>>[] {
  return useSubject(refusedMessages$);
}

/** Forgets a refusal once the user has read it. */
export function dismissRefusedReview(id: string): void {
  refusedReviews$.next(refusedReviews$.value.filter((r) => r.doc.id !== id));
}

export function dismissRefusedMessage(id: unknown): void {
  refusedMessages$.next(refusedMessages$.value.filter((r) => r.doc.id !== id));
}
