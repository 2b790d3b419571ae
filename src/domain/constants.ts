/**
 * Business constants of the product (spec section 9). Every other module imports them from here;
 * no bare number of this table appears anywhere else.
 */
export const LAWYER_CALL_MINUTES = 20;
export const EXPAT_CALL_MINUTES = 30;
export const DEFAULT_LAWYER_PRICE_EUR = 49;
export const DEFAULT_EXPAT_PRICE_EUR = 19;
export const PAYMENT_MIN_EUR = 5;
export const PAYMENT_MAX_EUR = 500;
export const CALL_ATTEMPTS_BEFORE_REFUND = 3;
/** Refund after unanswered attempts, stated as within this many hours. */
export const REFUND_WITHIN_HOURS = 24;
export const CALLBACK_TARGET_MINUTES = 5;
/** Provider payout and lawyer validation, both stated as within this many hours (marketing claim). */
export const PROVIDER_PAYOUT_HOURS = 24;
export const LAWYER_VALIDATION_HOURS = 24;
export const DEFAULT_PLATFORM_COMMISSION = 0.15;
export const DEFAULT_MAX_CALL_DURATION = 30;
export const DEFAULT_CALL_TIMEOUT = 30;
export const DEFAULT_SUPPORTED_COUNTRIES = [
  'CA',
  'UK',
  'DE',
  'ES',
  'IT',
  'BE',
  'CH',
  'LU',
  'NL',
  'AT',
] as const;
export const DEFAULT_SUPPORTED_LANGUAGES = ['fr', 'en', 'es'] as const;
export const DEFAULT_NOTIFICATIONS = { email: true, push: true, sms: false } as const;
export const DEFAULT_PROFILE_VISIBILITY = 'public';
export const API_CALLS_PER_MINUTE = 60;
/**
 * Console calls per minute per admin: a detail page reads the record, its history and its audit
 * trail at once, and the dashboard keeps a live wait open, so the traveller's limit would stop an
 * admin at work. Still a limit: a stolen admin session cannot read the whole base in a minute.
 */
export const ADMIN_API_CALLS_PER_MINUTE = 300;
/** Photo and document uploads per hour by a visitor not signed in (registration forms), per address. */
export const ANONYMOUS_UPLOADS_PER_HOUR = 20;
export const PASSWORD_MIN_LENGTH = 6;
export const CLIENT_FIRST_NAME_MIN_LENGTH = 2;
export const BIO_MIN_LENGTH = 50;
export const BOOKING_TITLE_MIN_LENGTH = 10;
export const BOOKING_DESCRIPTION_MIN_LENGTH = 50;
export const EXPAT_YEARS_ABROAD_MIN = 1;
export const LOGIN_TIMEOUT_MS = 10_000;
export const LOGIN_TIMEOUT_SLOW_MS = 15_000;
export const BAN_CHECK_TIMEOUT_MS = 5_000;
export const NEW_PROVIDER_RATING = 5;
export const NEW_PROVIDER_REVIEW_COUNT = 0;
export const DEFAULT_AVATAR = '/default-avatar.png';
export const PHOTO_MAX_PX_MOBILE = 200;
export const PHOTO_MAX_PX_OTHER = 400;
export const PHOTO_JPEG_QUALITY = 0.8;
export const LOG_RETRY_ATTEMPTS = 3;
export const LOG_RETRY_BASE_DELAY_MS = 1_000;
export const LOG_MAX_STRING = 1000;
export const LOG_MAX_ARRAY = 50;
export const LOG_MAX_OBJECT_KEYS = 20;
export const BREAKPOINT_TABLET = 768;
export const BREAKPOINT_DESKTOP = 1024;
export const BREAKPOINT_WIDE = 1440;
export const DEFAULT_USER_LIST_SIZE = 10;
export const EXTERNAL_PROVIDER_DEFAULT_LANGUAGE = 'fr';
export const SPLASH_REMOVAL_MS = 500;
export const SERVICE_STATUS_DAYS = 30;
/** Providers per page in the expert listing. */
export const PROVIDERS_PAGE_SIZE = 12;
/** Characters a contact message needs at least (spec section 5: required, never shown as a number). */
export const CONTACT_MESSAGE_MIN_LENGTH = 30;
