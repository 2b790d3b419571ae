/**
 * Moderation of published reviews in the admin console: an admin hides a review (it leaves the
 * public `content` database, and the provider's rating and review count no longer include it) or
 * restores it, each time with a reason.
 */
export const REVIEW_STATES = ['visible', 'hidden'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** A review as the moderation list shows it. */
export type ReviewModerationView = {
  /** The review's id in `content` (`review:…`). */
  id: string;
  state: ReviewState;
  providerId: string;
  providerName?: string;
  authorName?: string;
  rating: number;
  body: string;
  language: string;
  publishedAt?: string;
  /** The last moderation decision, when there was one. */
  moderation?: { state: ReviewState; reason: string; at: string; by: string };
};

/** The shape of a review id in `content`. */
export const REVIEW_ID_PATTERN = /^review:[A-Za-z0-9_.:-]{1,112}$/;
