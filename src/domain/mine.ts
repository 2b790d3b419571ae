import type { ExtractDocumentTypeFromTypedRxJsonSchema } from 'rxdb';
import { DEFAULT_NOTIFICATIONS, DEFAULT_PROFILE_VISIBILITY } from './constants';
import { LANGUAGES } from './languages';

/**
 * The documents of a user's own database (`userdb-<hex>`, the `mine` collection). Every document
 * has a `type`; each type has its schema and says whether its owner may write it through the
 * replication gateway. Types the server alone writes (invoices, call sessions…) join this table
 * with `ownerWritable: false`.
 */
const isoDate = { type: 'string', format: 'date-time', maxLength: 30 } as const;

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

export const MINE_TYPES = {
  favourite: { schema: favouriteSchema, ownerWritable: true },
  settings: { schema: settingsSchema, ownerWritable: true },
} as const;
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
