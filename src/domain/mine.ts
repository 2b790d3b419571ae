import type { ExtractDocumentTypeFromTypedRxJsonSchema } from 'rxdb';
import { DEFAULT_NOTIFICATIONS, DEFAULT_PROFILE_VISIBILITY } from './constants';
import { LANGUAGES } from './languages';
import { PROVIDER_ROLES, USER_ROLES } from './professions';
import { invoiceSchema } from './invoice';
import { CALL_FAILURES, CALL_PHASES, PAYMENT_STATES } from './order';
import { PROFILE_OWNER_FIELDS } from './profile-fields';

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
 * service at registration. The owner may change only the whitelisted fields of spec section 5 and,
 * for lawyers and expats, their professional fields (`ownerFields`; see profile-fields.ts): the gateway refuses a push that changes any other field (role, approval,
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
    /** Lawyers, optional: their bar registration number. */
    barNumber: shortText(40),
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
  barNumber?: string;
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

/**
 * The live state of a consultation, one per order in the client's and in the provider's database
 * (`call:<orderId>`), written by the service at each step so that the payment-success page and the
 * dashboard follow the call through the ordinary replication. Never written by the owner.
 */
export const callSessionSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^call:[A-Za-z0-9_-]{1,64}$' },
    type: { type: 'string', const: 'call_session' },
    orderId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
    /** Whose copy this is. */
    role: { type: 'string', enum: ['client', 'provider'] },
    service: { type: 'string', enum: ['lawyerCall', 'expatCall'] },
    providerId: shortText(64),
    providerName: shortText(200),
    clientName: shortText(200),
    phase: { type: 'string', enum: CALL_PHASES },
    /** The attempt under way on the current leg (1 to maxAttempts), 0 before the first call. */
    attempt: { type: 'integer', minimum: 0, maximum: 10 },
    maxAttempts: { type: 'integer', minimum: 1, maximum: 10 },
    failure: { type: 'string', enum: CALL_FAILURES },
    durationMinutes: { type: 'integer', minimum: 1, maximum: 600 },
    /** When the client's phone is expected to ring (the countdown's target). */
    expectedCallAt: isoDate,
    connectedAt: isoDate,
    /** When the conference will be ended (connectedAt + duration). */
    endsAt: isoDate,
    endedAt: isoDate,
    payment: { type: 'string', enum: PAYMENT_STATES },
    currency: { type: 'string', enum: ['EUR', 'USD'] },
    /** What the client paid (client's copy) or what the provider earns after commission (provider's). */
    amount: { type: 'integer', minimum: 0, maximum: 10_000_000 },
    invoiceId: shortText(40),
    /**
     * The uid of the other party, to whom messages about this consultation go (see `messageSchema`):
     * absent when they have no account (the demo directory's providers), so no database to reach.
     */
    partnerUid: shortText(64),
    createdAt: isoDate,
    updatedAt: isoDate,
  },
  required: [
    'id',
    'type',
    'orderId',
    'role',
    'service',
    'providerId',
    'providerName',
    'clientName',
    'phase',
    'attempt',
    'maxAttempts',
    'durationMinutes',
    'payment',
    'currency',
    'amount',
    'createdAt',
    'updatedAt',
  ],
  additionalProperties: false,
} as const;

export type CallSessionDoc = {
  id: string;
  type: 'call_session';
  orderId: string;
  role: 'client' | 'provider';
  service: 'lawyerCall' | 'expatCall';
  providerId: string;
  providerName: string;
  clientName: string;
  phase: (typeof CALL_PHASES)[number];
  attempt: number;
  maxAttempts: number;
  failure?: (typeof CALL_FAILURES)[number];
  durationMinutes: number;
  expectedCallAt?: string;
  connectedAt?: string;
  endsAt?: string;
  endedAt?: string;
  payment: (typeof PAYMENT_STATES)[number];
  currency: 'EUR' | 'USD';
  amount: number;
  invoiceId?: string;
  partnerUid?: string;
  createdAt: string;
  updatedAt: string;
};

export function callSessionId(orderId: string): string {
  return `call:${orderId}`;
}

/** What a notification tells; its text is `notifications.kinds.<kind>` with its `params`. */
export const NOTIFICATION_KINDS = [
  'booking_confirmed',
  'new_booking',
  'call_started',
  'call_completed',
  'invoice_ready',
  'call_failed',
  'refund_issued',
  'call_missed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * A notification (spec section 3: id, createdAt, isRead plus the caller's fields), written by the
 * service; the owner may only mark it read.
 */
export const notificationSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^notification:[A-Za-z0-9_:-]{1,100}$', maxLength: 120 },
    type: { type: 'string', const: 'notification' },
    kind: { type: 'string', enum: NOTIFICATION_KINDS },
    orderId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
    params: {
      type: 'object',
      maxProperties: 10,
      additionalProperties: { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'number' }] },
    },
    isRead: { type: 'boolean' },
    createdAt: isoDate,
    updatedAt: isoDate,
  },
  required: ['id', 'type', 'kind', 'params', 'isRead', 'createdAt', 'updatedAt'],
  additionalProperties: false,
} as const;

export type NotificationDoc = {
  id: string;
  type: 'notification';
  kind: NotificationKind;
  orderId?: string;
  params: Record<string, string | number>;
  isRead: boolean;
  createdAt: string;
  updatedAt: string;
};

/** How long a review's comment may be, in characters. */
export const REVIEW_COMMENT_MIN = 10;
export const REVIEW_COMMENT_MAX = 2000;

/**
 * A client's review of one of their completed consultations (`review:<orderId>`, so one per order),
 * written by the client — offline too — and published by the service: the gateway's check refuses a
 * review of an order that is not the owner's, not completed, of another provider, or already
 * reviewed; once the service has published it (`publishedAt`, set by the service only) it can no
 * longer be changed or deleted.
 */
export const reviewSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^review:[A-Za-z0-9_-]{1,64}$', maxLength: 80 },
    type: { type: 'string', const: 'review' },
    orderId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
    providerId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
    rating: { type: 'integer', minimum: 1, maximum: 5 },
    comment: { type: 'string', minLength: REVIEW_COMMENT_MIN, maxLength: REVIEW_COMMENT_MAX },
    language: { type: 'string', enum: LANGUAGES },
    /** Set by the service when the review is published on the provider's profile. */
    publishedAt: isoDate,
    createdAt: isoDate,
    updatedAt: isoDate,
  },
  required: [
    'id',
    'type',
    'orderId',
    'providerId',
    'rating',
    'comment',
    'language',
    'createdAt',
    'updatedAt',
  ],
  additionalProperties: false,
} as const;

export type ReviewDoc = {
  id: string;
  type: 'review';
  orderId: string;
  providerId: string;
  rating: number;
  comment: string;
  language: (typeof LANGUAGES)[number];
  publishedAt?: string;
  createdAt: string;
  updatedAt: string;
};

export function reviewId(orderId: string): string {
  return `review:${orderId}`;
}

export const MESSAGE_BODY_MAX = 2000;

/**
 * A message between the client and the provider of a consultation (`message:<orderId>:<uuid>`),
 * written by its sender — offline too — into their own database; the service checks that the
 * sender is a party of the order, copies it into the other party's database and marks both copies
 * delivered (`deliveredAt`, set by the service only). A sent message is never changed.
 */
export const messageSchema = {
  type: 'object',
  properties: {
    id: {
      type: 'string',
      pattern: '^message:[A-Za-z0-9_-]{1,64}:[A-Za-z0-9_-]{1,40}$',
      maxLength: 120,
    },
    type: { type: 'string', const: 'message' },
    orderId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
    from: shortText(64),
    to: shortText(64),
    body: { type: 'string', minLength: 1, maxLength: MESSAGE_BODY_MAX },
    /** Set by the service once the message is in the other party's database. */
    deliveredAt: isoDate,
    createdAt: isoDate,
    updatedAt: isoDate,
  },
  required: ['id', 'type', 'orderId', 'from', 'to', 'body', 'createdAt', 'updatedAt'],
  additionalProperties: false,
} as const;

export type MessageDoc = {
  id: string;
  type: 'message';
  orderId: string;
  from: string;
  to: string;
  body: string;
  deliveredAt?: string;
  createdAt: string;
  updatedAt: string;
};

export function messageId(orderId: string, key: string): string {
  return `message:${orderId}:${key}`;
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
  profile: { schema: profileSchema, ownerWritable: true, ownerFields: PROFILE_OWNER_FIELDS },
  call_session: { schema: callSessionSchema, ownerWritable: false },
  invoice: { schema: invoiceSchema, ownerWritable: false },
  notification: { schema: notificationSchema, ownerWritable: true, ownerFields: ['isRead'] },
  review: { schema: reviewSchema, ownerWritable: true },
  message: { schema: messageSchema, ownerWritable: true },
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
