/** The documents of a consultation in the user's own database (see mine.ts). */
import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_TITLE_MAX } from './comms';
import { LANGUAGES } from './languages';
import { CALL_FAILURES, CALL_PHASES, PAYMENT_STATES } from './order';
import { isoDate, shortText } from './mine-schema-parts';

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
    /** Between two attempts on the current leg: when the next one is placed (attempt + 1). */
    retryAt: isoDate,
    connectedAt: isoDate,
    /** When the conference will be ended (connectedAt + duration). */
    endsAt: isoDate,
    endedAt: isoDate,
    payment: { type: 'string', enum: PAYMENT_STATES },
    currency: { type: 'string', enum: ['EUR', 'USD'] },
    /** What the client paid (client's copy) or what the provider earns after commission (provider's). */
    amount: { type: 'integer', minimum: 0, maximum: 10_000_000 },
    /** Client's copy: how much of a charged payment was refunded so far (part or all of it). */
    refunded: { type: 'integer', minimum: 0, maximum: 10_000_000 },
    invoiceId: shortText(40),
    /** Client's copy: the company whose monthly invoice bills the consultation (no card charged). */
    billedTo: shortText(200),
    /**
     * The uid of the other party, to whom messages about this consultation go (see `messageSchema`):
     * in demo mode a demo expert's stand-in (demo-stand-in.ts); absent when there is no database to
     * reach (a demo expert outside demo mode, or booked before stand-ins existed).
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
  retryAt?: string;
  connectedAt?: string;
  endsAt?: string;
  endedAt?: string;
  payment: (typeof PAYMENT_STATES)[number];
  currency: 'EUR' | 'USD';
  amount: number;
  refunded?: number;
  invoiceId?: string;
  billedTo?: string;
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
  /** Part of a charged consultation given back, with its credit note (one per refund). */
  'partial_refund',
  'call_missed',
  /** New messages in a consultation's thread: one per thread while unread (see services/messages.ts). */
  'message_received',
  /**
   * A message from the platform's team (admin console, comms): its `title` and `body` are shown as
   * written, already in the recipient's language (src/domain/comms.ts), never through a text key.
   */
  'announcement',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

const shortParam = { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'number' }] } as const;

/** `title` and `body` only (limits: src/domain/comms.ts, which the admin API enforces first). */
const announcementParams = {
  type: 'object',
  properties: {
    title: { type: 'string', minLength: 1, maxLength: ANNOUNCEMENT_TITLE_MAX },
    body: { type: 'string', minLength: 1, maxLength: ANNOUNCEMENT_BODY_MAX },
  },
  required: ['title', 'body'],
  additionalProperties: false,
} as const;

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
      // Bounded by the longest value of any kind; the kind's own limits follow (if / then / else).
      additionalProperties: {
        anyOf: [{ type: 'string', maxLength: ANNOUNCEMENT_BODY_MAX }, { type: 'number' }],
      },
    },
    isRead: { type: 'boolean' },
    createdAt: isoDate,
    updatedAt: isoDate,
  },
  required: ['id', 'type', 'kind', 'params', 'isRead', 'createdAt', 'updatedAt'],
  additionalProperties: false,
  // An announcement's params are its title and body, longer than other kinds' values.
  if: { type: 'object', properties: { kind: { type: 'string', const: 'announcement' } }, required: ['kind'] },
  then: { type: 'object', properties: { params: announcementParams } },
  else: { type: 'object', properties: { params: { type: 'object', additionalProperties: shortParam } } },
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
 * delivered (`deliveredAt`, set by the service only). A sent message is never changed by its
 * parties; an admin may hide it (`hiddenAt`: both copies lose their `body`, the service keeps it for
 * the console, see server/services/comms/message-moderation.ts) and show it again.
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
    /** Absent only while the message is hidden by moderation (`hiddenAt`). */
    body: { type: 'string', minLength: 1, maxLength: MESSAGE_BODY_MAX },
    /** Set by the service once the message is in the other party's database. */
    deliveredAt: isoDate,
    /** Set by the service when an admin hid the message; never pushed by a device. */
    hiddenAt: isoDate,
    createdAt: isoDate,
    updatedAt: isoDate,
  },
  required: ['id', 'type', 'orderId', 'from', 'to', 'createdAt', 'updatedAt'],
  additionalProperties: false,
} as const;

export type MessageDoc = {
  id: string;
  type: 'message';
  orderId: string;
  from: string;
  to: string;
  /** Absent while hidden by moderation. */
  body?: string;
  deliveredAt?: string;
  hiddenAt?: string;
  createdAt: string;
  updatedAt: string;
};

export function messageId(orderId: string, key: string): string {
  return `message:${orderId}:${key}`;
}
