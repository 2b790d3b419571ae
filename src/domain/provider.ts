import type { ExtractDocumentTypeFromTypedRxJsonSchema } from 'rxdb';
import { LANGUAGES } from './languages';
import { OTHER_TEXT_MAX_LENGTH, OTHER_TEXT_MIN_LENGTH, OTHER_TEXT_PATTERN } from './other-text';
import { PROFESSIONS, PROVIDER_ROLES } from './professions';
import { PUBLIC_SPECIALTIES } from './specialties';

const REVIEW_SLOTS = 1_000_000;
const RATING_SLOTS = 51; // rating in tenths, 0.0 to 5.0
const LIST_ORDER_MAX = 2 * RATING_SLOTS * REVIEW_SLOTS - 1;

/**
 * A provider's public profile, as published by the server into the `providers` database once the
 * provider is approved. Public fields only: no e-mail, phone or identity data.
 */
export const providerSchema = {
  title: 'provider public profile',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 64 },
    type: { type: 'string', enum: ['provider'] },
    role: { type: 'string', enum: PROVIDER_ROLES, maxLength: 8 },
    profession: { type: 'string', enum: PROFESSIONS },
    fullName: { type: 'string', minLength: 1, maxLength: 120 },
    slug: { type: 'string', maxLength: 160 },
    profilePhoto: { type: 'string', maxLength: 300 },
    country: { type: 'string', minLength: 2, maxLength: 2 },
    practiceCountries: { type: 'array', items: { type: 'string', minLength: 2, maxLength: 2 } },
    languages: { type: 'array', minItems: 1, maxItems: 5, items: { type: 'string', enum: LANGUAGES } },
    /** Codes of the role's list only (specialties.ts), shown translated. */
    specialties: { type: 'array', items: { type: 'string', enum: PUBLIC_SPECIALTIES } },
    /** The provider's own words beside the codes (other-text.ts): shown as such, never translated. */
    specialtyOther: {
      type: 'string',
      minLength: OTHER_TEXT_MIN_LENGTH,
      maxLength: OTHER_TEXT_MAX_LENGTH,
      pattern: OTHER_TEXT_PATTERN,
    },
    bio: { type: 'string', maxLength: 4000 },
    education: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          title: { type: 'string', maxLength: 200 },
          institution: { type: 'string', maxLength: 200 },
          year: { type: 'integer', minimum: 1950, maximum: 2100 },
        },
        required: ['title', 'institution'],
      },
    },
    yearsOfExperience: { type: 'integer', minimum: 0, maximum: 80, multipleOf: 1 },
    yearsAsExpat: { type: 'integer', minimum: 0, maximum: 80 },
    rating: { type: 'number', minimum: 0, maximum: 5 },
    reviewCount: { type: 'integer', minimum: 0, maximum: 10_000_000 },
    successRate: { type: 'integer', minimum: 0, maximum: 100 },
    completedCalls: { type: 'integer', minimum: 0 },
    isActive: { type: 'boolean' },
    isOnline: { type: 'boolean' },
    availability: { type: 'string', enum: ['available', 'unavailable'] },
    isVisible: { type: 'boolean' },
    isVisibleOnMap: { type: 'boolean' },
    isVerified: { type: 'boolean' },
    /**
     * Position in the listing, derived by `providerListOrder`: online first, then by rating, then by
     * review count. Ascending, because storages read indexes in ascending order only: a page of the
     * listing is then read straight from the index, without sorting the whole collection.
     */
    listOrder: { type: 'integer', minimum: 0, maximum: LIST_ORDER_MAX, multipleOf: 1 },
    createdAt: { type: 'string', format: 'date-time', maxLength: 30 },
    updatedAt: { type: 'string', format: 'date-time', maxLength: 30 },
    lastStatusChange: { type: 'string', format: 'date-time', maxLength: 30 },
    /**
     * A demo provider an admin made for testing (admin "aaaprofiles"): listed, so that the whole
     * journey can be tried on it, but never counted in the public figures (provider-filter.ts).
     */
    isTestProfile: { type: 'boolean' },
  },
  required: [
    'id',
    'type',
    'role',
    'profession',
    'fullName',
    'slug',
    'profilePhoto',
    'country',
    'languages',
    'specialties',
    'yearsOfExperience',
    'rating',
    'reviewCount',
    'isActive',
    'isOnline',
    'availability',
    'isVisible',
    'isVerified',
    'listOrder',
    'createdAt',
    'updatedAt',
  ],
  /**
   * Each index is written for every document pulled, and costs nearly as much as the document: in
   * Chromium, 10,000 such documents took 1.6 s into IndexedDB with no index, 4.5 s with three and
   * 10-11 s with eight (RxDB adds three of its own). The listing reads `listOrder` and filters the
   * directory in memory (providers.ts); a filtered page read before that walks `listOrder` until
   * the page is full. Indexes by role, country and status served only that page, and made a first
   * pull of 10,000 providers some 13% slower (medians of 3: 6.7 s against 5.8 s). A device that held
   * the copy with five drops and pulls it again (database.ts), but keeps the old indexes in IndexedDB:
   * Dexie adds the indexes a schema asks for and leaves others in place (seen in Chromium).
   */
  indexes: ['listOrder', 'slug'],
  additionalProperties: false,
} as const;

export type Provider = ExtractDocumentTypeFromTypedRxJsonSchema<typeof providerSchema>;

/** What the listing can filter on; `undefined` means "all". */
export type ProviderFilter = {
  role?: Provider['role'];
  country?: string;
  language?: Provider['languages'][number];
  online?: boolean;
};

/**
 * A provider's position in the listing, smallest first: online before offline, then the better
 * rated, then the more reviewed.
 */
export function providerListOrder(p: Pick<Provider, 'isOnline' | 'rating' | 'reviewCount'>): number {
  const tenths = Math.max(0, Math.min(RATING_SLOTS - 1, Math.round(p.rating * 10)));
  const reviews = Math.max(0, Math.min(REVIEW_SLOTS - 1, p.reviewCount));
  const rank = ((p.isOnline ? 1 : 0) * RATING_SLOTS + tenths) * REVIEW_SLOTS + reviews;
  return LIST_ORDER_MAX - rank;
}
