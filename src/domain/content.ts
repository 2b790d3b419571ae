import type { ExtractDocumentTypeFromTypedRxJsonSchema } from 'rxdb';
import { LANGUAGES } from './languages';

/**
 * Public editorial content, one document per item and language: help-centre articles, FAQ
 * entries, testimonials, legal documents, and the published reviews of providers. Written by the
 * server only.
 */
export const CONTENT_TYPES = ['article', 'faq', 'testimonial', 'legal', 'review'] as const;

/**
 * The types a reader reads in their own language only, and so are pulled in it alone (the help
 * centre, the FAQ, the legal pages: about four fifths of the database). Testimonials and reviews are
 * shown in every language (the reader's first, then the others'), so they are pulled whole.
 */
export const PER_LANGUAGE_TYPES: readonly ContentType[] = ['article', 'faq', 'legal'];

export type ContentType = (typeof CONTENT_TYPES)[number];

/** Dates up to the year 2286 fit; `newestFirst` is this minus the date in seconds. */
const NEWEST_FIRST_MAX = 10_000_000_000;

/**
 * The ascending index key that lists documents newest first (storages read indexes in ascending
 * order only): testimonials and reviews are paged straight from the index.
 */
export function newestFirstKey(isoDate: string | undefined): number {
  const time = isoDate ? Date.parse(isoDate) : NaN;
  return Number.isNaN(time) ? NEWEST_FIRST_MAX : NEWEST_FIRST_MAX - Math.floor(time / 1000);
}

export const contentSchema = {
  title: 'public content',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 120 },
    type: { type: 'string', enum: CONTENT_TYPES, maxLength: 12 },
    language: { type: 'string', enum: LANGUAGES, maxLength: 2 },
    category: { type: 'string', maxLength: 40 },
    slug: { type: 'string', maxLength: 160 },
    title: { type: 'string', maxLength: 300 },
    summary: { type: 'string', maxLength: 1000 },
    body: { type: 'string', maxLength: 100_000 },
    order: { type: 'integer', minimum: 0, maximum: 100_000 },
    version: { type: 'string', maxLength: 20 },
    publishedAt: { type: 'string', maxLength: 30 },
    /** See `contentGroup`: derived by the server. */
    group: { type: 'string', maxLength: 64 },
    /** See `newestFirstKey`: derived from `publishedAt` (else `updatedAt`) by the server. */
    newestFirst: { type: 'integer', minimum: 0, maximum: NEWEST_FIRST_MAX, multipleOf: 1 },
    /** Testimonials and reviews. */
    rating: { type: 'number', minimum: 0, maximum: 5 },
    /** Reviews only: the provider reviewed. */
    providerId: { type: 'string', maxLength: 64 },
    country: { type: 'string', maxLength: 2 },
    serviceType: { type: 'string', enum: ['lawyer', 'expat'], maxLength: 8 },
    authorName: { type: 'string', maxLength: 120 },
    helpfulCount: { type: 'integer', minimum: 0 },
    verified: { type: 'boolean' },
    updatedAt: { type: 'string', maxLength: 30 },
  },
  // Indexed fields are all required: IndexedDB leaves a document without them out of the index.
  required: ['id', 'type', 'language', 'group', 'newestFirst', 'updatedAt'],
  indexes: [
    ['type', 'language', 'id'],
    ['type', 'newestFirst', 'id'],
    ['type', 'group', 'newestFirst', 'id'],
    // Testimonials in one language (the reader's first, or the list's language filter), newest first.
    ['type', 'language', 'newestFirst', 'id'],
    ['type', 'group', 'language', 'newestFirst', 'id'],
  ],
  additionalProperties: false,
} as const;

export type ContentDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof contentSchema>;

/**
 * The sub-list a document is read in within its type, for the `[type, group, newestFirst]` index:
 * a testimonial's service, a review's provider; empty for the other types.
 */
export function contentGroup(doc: Pick<ContentDoc, 'type' | 'serviceType' | 'providerId'>): string {
  if (doc.type === 'testimonial') return doc.serviceType ?? '';
  if (doc.type === 'review') return doc.providerId ?? '';
  return '';
}
