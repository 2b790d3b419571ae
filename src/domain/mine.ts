import type { ExtractDocumentTypeFromTypedRxJsonSchema } from 'rxdb';
import { DEFAULT_NOTIFICATIONS, DEFAULT_PROFILE_VISIBILITY } from './constants';
import { LANGUAGES } from './languages';
import { PROVIDER_ROLES, USER_ROLES } from './professions';
import { PROFILE_UPDATE_FIELDS } from './profile-fields';

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

const shortText = (max: number) => ({ type: 'string', maxLength: max }) as const;
const countryCode = { type: 'string', pattern: '^[A-Z]{2}$' } as const;
const codeList = (max: number) =>
  ({ type: 'array', maxItems: 20, items: { type: 'string', minLength: 1, maxLength: max } }) as const;

/**
 * The user record (spec section 3), one `profile` document per user database, written by the
 * service at registration. The owner may change only the whitelisted fields of spec section 5
 * (`ownerFields`): the gateway refuses a push that changes any other field (role, approval,
 * e-mail, presence…), creates the document, or deletes it.
 */
export const profileSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', const: 'profile' },
    type: { type: 'string', const: 'profile' },
    uid: shortText(64),
    role: { type: 'string', enum: USER_ROLES },
    email: shortText(254),
    preferredLanguage: { type: 'string', enum: LANGUAGES },
    firstName: shortText(80),
    lastName: shortText(80),
    fullName: shortText(161),
    displayName: shortText(161),
    profilePhoto: shortText(300),
    photoURL: shortText(300),
    avatar: shortText(300),
    phone: { type: 'string', pattern: '^(\\+[1-9]\\d{6,14})?$' },
    phoneNumber: shortText(20),
    phoneCountryCode: { type: 'string', pattern: '^(\\+\\d{1,4})?$' },
    whatsapp: { type: 'string', pattern: '^(\\+[1-9]\\d{6,14})?$' },
    whatsappNumber: shortText(20),
    whatsappCountryCode: { type: 'string', pattern: '^(\\+\\d{1,4})?$' },
    languages: codeList(8),
    languagesSpoken: codeList(8),
    languageOther: shortText(120),
    bio: shortText(4000),
    description: shortText(4000),
    residenceCountry: countryCode,
    presenceCountry: countryCode,
    interventionCountry: countryCode,
    practiceCountries: { type: 'array', maxItems: 20, items: countryCode },
    practiceCountryOther: shortText(120),
    yearsOfExperience: { type: 'integer', minimum: 0, maximum: 80 },
    graduationYear: { type: 'integer', minimum: 1950, maximum: 2100 },
    specialties: codeList(40),
    specialtyOther: shortText(120),
    education: {
      type: 'array',
      maxItems: 10,
      items: {
        type: 'object',
        properties: {
          title: shortText(200),
          institution: shortText(200),
          year: { type: 'integer', minimum: 1950, maximum: 2100 },
        },
        required: ['title'],
        additionalProperties: false,
      },
    },
    yearsAsExpat: { type: 'integer', minimum: 0, maximum: 80 },
    helpTypes: codeList(40),
    helpTypeOther: shortText(120),
    /** Providers only: set by the service when an admin approves the profile. */
    isApproved: { type: 'boolean' },
    isOnline: { type: 'boolean' },
    availability: { type: 'string', enum: ['available', 'unavailable'] },
    lastStatusChange: isoDate,
    createdAt: isoDate,
    updatedAt: isoDate,
  },
  required: [
    'id',
    'type',
    'uid',
    'role',
    'email',
    'preferredLanguage',
    'firstName',
    'displayName',
    'languages',
    'isApproved',
    'createdAt',
    'updatedAt',
  ],
  additionalProperties: false,
} as const;

export type Profile = {
  id: 'profile';
  type: 'profile';
  uid: string;
  role: (typeof USER_ROLES)[number];
  email: string;
  preferredLanguage: (typeof LANGUAGES)[number];
  firstName: string;
  lastName?: string;
  fullName?: string;
  displayName: string;
  profilePhoto?: string;
  photoURL?: string;
  avatar?: string;
  phone?: string;
  phoneNumber?: string;
  phoneCountryCode?: string;
  whatsapp?: string;
  whatsappNumber?: string;
  whatsappCountryCode?: string;
  languages: string[];
  languagesSpoken?: string[];
  languageOther?: string;
  bio?: string;
  description?: string;
  residenceCountry?: string;
  presenceCountry?: string;
  interventionCountry?: string;
  practiceCountries?: string[];
  practiceCountryOther?: string;
  yearsOfExperience?: number;
  graduationYear?: number;
  specialties?: string[];
  specialtyOther?: string;
  education?: { title: string; institution?: string; year?: number }[];
  yearsAsExpat?: number;
  helpTypes?: string[];
  helpTypeOther?: string;
  isApproved: boolean;
  isOnline?: boolean;
  availability?: 'available' | 'unavailable';
  lastStatusChange?: string;
  createdAt: string;
  updatedAt: string;
};

export const PROFILE_ID = 'profile';

export function isProviderRole(role: string): role is (typeof PROVIDER_ROLES)[number] {
  return (PROVIDER_ROLES as readonly string[]).includes(role);
}

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
  profile: { schema: profileSchema, ownerWritable: true, ownerFields: PROFILE_UPDATE_FIELDS },
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
