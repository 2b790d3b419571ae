import type { ExtractDocumentTypeFromTypedRxJsonSchema } from 'rxdb';
import { DEFAULT_NOTIFICATIONS, DEFAULT_PROFILE_VISIBILITY } from './constants';
import { earningsSchema } from './earnings';
import { LANGUAGES } from './languages';
import { creditNoteSchema } from './credit-note';
import { invoiceSchema } from './invoice';
import { PROFILE_OWNER_FIELDS } from './profile-fields';
import { callSessionSchema, messageSchema, notificationSchema, reviewSchema } from './mine-consultation';
import { profileSchema } from './mine-profile';
import { isoDate } from './mine-schema-parts';

export * from './mine-consultation';
export * from './mine-profile';

/**
 * The documents of a user's own database (`userdb-<hex>`, the `mine` collection). Every document
 * has a `type`; each type has its schema and says whether its owner may write it through the
 * replication gateway. Types the server alone writes (invoices, call sessions…) join this table
 * with `ownerWritable: false`.
 */

export const favouriteSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^favourite:[A-Za-z0-9_-]{1,64}$', maxLength: 80 },
    type: { type: 'string', const: 'favourite' },
    providerId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
    createdAt: isoDate,
    updatedAt: isoDate,
  },
  required: ['id', 'type', 'providerId', 'createdAt', 'updatedAt'],
  additionalProperties: false,
} as const;

export const settingsSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', const: 'settings' },
    type: { type: 'string', const: 'settings' },
    notifications: {
      type: 'object',
      properties: { email: { type: 'boolean' }, push: { type: 'boolean' }, sms: { type: 'boolean' } },
      required: ['email', 'push', 'sms'],
      additionalProperties: false,
    },
    privacy: {
      type: 'object',
      properties: {
        profileVisibility: { type: 'string', enum: ['public', 'private'] },
        allowContact: { type: 'boolean' },
        showOnMap: { type: 'boolean' },
        /**
         * Consent to opens and clicks of newsletters being measured (A/B tests); absent: no. Optional,
         * so that settings saved before it existed stay valid (the collection's schema is unchanged:
         * per-type schemas are checked on write, not by RxDB's storage).
         */
        mailTracking: { type: 'boolean' },
      },
      required: ['profileVisibility', 'allowContact', 'showOnMap'],
      additionalProperties: false,
    },
    language: {
      type: 'object',
      properties: {
        primary: { type: 'string', enum: LANGUAGES },
        secondary: { type: 'string', enum: LANGUAGES },
        preferredCommunication: { type: 'string', enum: LANGUAGES },
      },
      required: ['primary', 'preferredCommunication'],
      additionalProperties: false,
    },
    updatedAt: isoDate,
  },
  required: ['id', 'type', 'notifications', 'privacy', 'language', 'updatedAt'],
  additionalProperties: false,
} as const;

type MineTypeRule = {
  schema: object;
  /** Whether the owner may write documents of this type through the gateway. */
  ownerWritable: boolean;
  /**
   * When set, the owner may only change these fields (plus `updatedAt`) of a document the service
   * created; every other field must stay as the server has it.
   */
  ownerFields?: readonly string[];
};

export const MINE_TYPES = {
  favourite: { schema: favouriteSchema, ownerWritable: true },
  settings: { schema: settingsSchema, ownerWritable: true },
  profile: { schema: profileSchema, ownerWritable: true, ownerFields: PROFILE_OWNER_FIELDS },
  call_session: { schema: callSessionSchema, ownerWritable: false },
  invoice: { schema: invoiceSchema, ownerWritable: false },
  /** The counterpart of an invoice for a refund (credit-note.ts). */
  credit_note: { schema: creditNoteSchema, ownerWritable: false },
  notification: { schema: notificationSchema, ownerWritable: true, ownerFields: ['isRead'] },
  review: { schema: reviewSchema, ownerWritable: true },
  message: { schema: messageSchema, ownerWritable: true },
  /** A provider's earnings, paid out and balance (earnings.ts): a projection of the books. */
  earnings: { schema: earningsSchema, ownerWritable: false },
} as const satisfies Record<string, MineTypeRule>;
export type MineType = keyof typeof MINE_TYPES;

export function isMineType(value: unknown): value is MineType {
  return typeof value === 'string' && Object.hasOwn(MINE_TYPES, value);
}

/**
 * The RxDB schema of the `mine` collection: the common fields of every type. The per-type
 * schemas above are checked before a local write and again by the gateway on push.
 */
export const mineSchema = {
  title: 'own documents',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 120 },
    type: { type: 'string', maxLength: 40 },
    updatedAt: { type: 'string', maxLength: 30 },
  },
  required: ['id', 'type', 'updatedAt'],
  indexes: [['type', 'updatedAt']],
} as const;

export type MineDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof mineSchema> & Record<string, unknown>;

export type Favourite = {
  id: string;
  type: 'favourite';
  providerId: string;
  createdAt: string;
  updatedAt: string;
};

export function favouriteId(providerId: string): string {
  return `favourite:${providerId}`;
}

export function defaultSettings(language: (typeof LANGUAGES)[number], now: string) {
  return {
    id: 'settings',
    type: 'settings',
    notifications: { ...DEFAULT_NOTIFICATIONS },
    privacy: { profileVisibility: DEFAULT_PROFILE_VISIBILITY, allowContact: true, showOnMap: true },
    language: { primary: language, preferredCommunication: language },
    updatedAt: now,
  } as const;
}
