/**
 * Moderation of published reviews (admin console, "reviews"). A review an admin hides leaves the
 * public `content` database (browsers drop it with the deletion they replicate) and its rating
 * leaves the provider's figures; restoring puts both back. Each decision needs a reason.
 *
 * A decision is one moderation record per review (`moderation:<review id>` in `admin`), written
 * by compare-and-swap: of two admins hiding at once, or a request sent twice, one write changes the
 * state and the other finds it already so. The record keeps the published document, so that a
 * hidden review can be listed and restored as it was. Then the world follows the record, in steps
 * that can each run again without effect (like the publication in reviews.ts): the provider's tally
 * (`countHidden`, keyed by the review: taken out once), the `content` document (deleted, or created
 * again), the audit entry (keyed by the record's version). A request that stopped half-way is
 * finished by the next request about the same review.
 */
import type { ContentDoc } from '../../../src/domain/content';
import type { Provider } from '../../../src/domain/provider';
import type { ReviewModerationView, ReviewState } from '../../../src/domain/review-moderation';
import { normalizeForSearch } from '../../../src/domain/search';
import { createOnce, getOrUndefined, isConflict, isNotFound, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { countHidden } from '../provider-stats';
import { recordAudit } from './audit';
import { docsById } from './docs-by-id';
import type { Page } from './paging';
import { PREFIX_END, scanPage } from './paging';

/** A published review as `content` holds it. */
type StoredReview = Omit<ContentDoc, 'id'> & { _id: string; _rev?: string };

export type ModerationDoc = {
  _id: string;
  _rev?: string;
  type: 'review_moderation';
  reviewId: string;
  providerId: string;
  rating: number;
  state: ReviewState;
  /** The state before this decision (what the audit entry says it was). */
  previous: ReviewState;
  reason: string;
  at: string;
  by: string;
  /** One more at each decision: the audit entry of a decision is keyed on it. */
  version: number;
  /** The published document as it was, to list and restore a hidden review. */
  review: StoredReview;
};

export class ReviewNotFound extends Error {
  constructor(readonly reviewId: string) {
    super(`No published review ${reviewId}`);
    this.name = 'ReviewNotFound';
  }
}

export const moderationId = (reviewId: string) => `moderation:${reviewId}`;

const contentDb = (store: Store) => store.db<StoredReview>('content');

/** Whether an admin hid this review (the publication of reviews.ts must not bring it back). */
export async function isReviewHidden(store: Store, reviewId: string): Promise<boolean> {
  const record = await getOrUndefined(store.db<ModerationDoc>('admin'), moderationId(reviewId));
  return record?.state === 'hidden';
}

function snapshot(doc: StoredReview): StoredReview {
  const { _rev: _ignored, ...rest } = doc;
  return rest;
}

export type ModerationDecision = {
  reviewId: string;
  state: ReviewState;
  reason: string;
  by: string;
  now?: Date;
};

/**
 * Hides or restores a review. `changed` is false when it was already in that state (a retried
 * request, or another admin first): nothing is counted nor audited again.
 */
export async function moderateReview(
  store: Store,
  { reviewId, state, reason, by, now = new Date() }: ModerationDecision,
): Promise<{ review: ReviewModerationView; changed: boolean }> {
  const published = await getOrUndefined(contentDb(store), reviewId);
  if (published && published.type !== 'review') throw new ReviewNotFound(reviewId);
  const at = now.toISOString();
  const written = await upsertDoc<ModerationDoc>(store, 'admin', moderationId(reviewId), (current) => {
    const was: ReviewState = current?.state ?? 'visible';
    if (was === state) return undefined;
    const review = published ? snapshot(published) : current?.review;
    if (!review) throw new ReviewNotFound(reviewId);
    return {
      _id: moderationId(reviewId),
      type: 'review_moderation',
      reviewId,
      providerId: review.providerId ?? '',
      rating: review.rating ?? 0,
      state,
      previous: was,
      reason: reason.trim(),
      at,
      by,
      version: (current?.version ?? 0) + 1,
      review,
    };
  });
  const record = written ?? (await getOrUndefined(store.db<ModerationDoc>('admin'), moderationId(reviewId)));
  if (!record && !published) throw new ReviewNotFound(reviewId);
  if (record) await applyDecision(store, record);
  const [view] = await withProviderNames(store, [
    record ? viewOf(record.review, record) : viewOf(published!, undefined),
  ]);
  return { review: view!, changed: written !== undefined };
}

/** Makes the tally, the public document and the audit trail follow a moderation record. */
async function applyDecision(store: Store, record: ModerationDoc): Promise<void> {
  const hidden = record.state === 'hidden';
  if (record.providerId) {
    await countHidden(store, record.providerId, record.reviewId, record.rating, hidden);
  }
  if (hidden) await unpublish(store, record.reviewId);
  else await createOnce(store, 'content', record.review);
  await recordAudit(store, {
    actor: record.by,
    action: hidden ? 'review_hide' : 'review_restore',
    subject: { kind: 'review', id: record.reviewId },
    before: { state: record.previous },
    after: { state: record.state },
    reason: record.reason,
    key: `moderation:${record.reviewId}:${record.version}`,
    now: new Date(record.at),
  });
}

async function unpublish(store: Store, reviewId: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await getOrUndefined(contentDb(store), reviewId);
    if (!current) return;
    try {
      await contentDb(store).destroy(current._id, current._rev);
      return;
    } catch (error) {
      if (isNotFound(error)) return;
      if (!isConflict(error)) throw error;
    }
  }
}

function viewOf(review: StoredReview, record: ModerationDoc | undefined): ReviewModerationView {
  return {
    id: review._id,
    state: record?.state ?? 'visible',
    providerId: review.providerId ?? '',
    ...(review.authorName ? { authorName: review.authorName } : {}),
    rating: review.rating ?? 0,
    body: review.body ?? '',
    language: review.language,
    ...(review.publishedAt ? { publishedAt: review.publishedAt } : {}),
    ...(record
      ? { moderation: { state: record.state, reason: record.reason, at: record.at, by: record.by } }
      : {}),
  };
}

async function withProviderNames(
  store: Store,
  items: ReviewModerationView[],
): Promise<ReviewModerationView[]> {
  const providers = await docsById<Provider>(
    store,
    'providers',
    items.map((item) => item.providerId).filter(Boolean),
  );
  return items.map((item) => {
    const name = providers.get(item.providerId)?.fullName;
    return name ? { ...item, providerName: name } : item;
  });
}

export type ReviewListQuery = {
  state: ReviewState;
  providerId?: string;
  q?: string;
  limit?: number;
  token?: string;
};

/** Whether a review passes the list's provider filter and search (author, text, provider id). */
function matches(review: StoredReview, { providerId, q }: ReviewListQuery): boolean {
  if (providerId && review.providerId !== providerId) return false;
  if (!q) return true;
  const haystack = normalizeForSearch(
    [review.authorName, review.body, review.providerId, review._id].filter(Boolean).join(' '),
  );
  return normalizeForSearch(q)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/**
 * One page of reviews in a state. Visible ones are read from `content` (its `review:` id range:
 * public databases carry no design document), hidden ones from the moderation records, the most
 * recently hidden first. The provider filter and the search apply while scanning (paging.ts).
 */
export async function listReviews(store: Store, query: ReviewListQuery): Promise<Page<ReviewModerationView>> {
  let page: Page<ReviewModerationView>;
  if (query.state === 'visible') {
    page = await scanPage<StoredReview, ReviewModerationView>(contentDb(store), {
      view: '_all_docs',
      startkey: 'review:',
      endkey: `review:${PREFIX_END}`,
      limit: query.limit,
      token: query.token,
      pick: (doc) => (doc.type === 'review' && matches(doc, query) ? viewOf(doc, undefined) : undefined),
    });
    // A review restored after being hidden shows its last decision.
    const records = await docsById<ModerationDoc>(
      store,
      'admin',
      page.items.map((item) => moderationId(item.id)),
    );
    page.items = page.items.map((item) => {
      const record = records.get(moderationId(item.id));
      return record ? { ...item, moderation: viewOf(record.review, record).moderation } : item;
    });
  } else {
    page = await scanPage<ModerationDoc, ReviewModerationView>(store.db<ModerationDoc>('admin'), {
      view: 'moderation/reviews_by_state',
      startkey: ['hidden', PREFIX_END],
      endkey: ['hidden'],
      descending: true,
      limit: query.limit,
      token: query.token,
      pick: (doc) =>
        doc.type === 'review_moderation' && doc.state === 'hidden' && matches(doc.review, query)
          ? viewOf(doc.review, doc)
          : undefined,
    });
  }
  return { ...page, items: await withProviderNames(store, page.items) };
}
