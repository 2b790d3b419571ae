/**
 * Error codes of `/api/auth`, of the shared validation and of the browser (`ApiError`), and the
 * translated message of each (`auth.errors.<code>`). The French texts are the spec's catalogue.
 */
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../data/api';
import { OTHER_TEXT_MAX_LENGTH, OTHER_TEXT_MIN_LENGTH } from '../../domain/other-text';

export const AUTH_ERROR_CODES = [
  'email_password_required',
  'email_required',
  'email_invalid',
  'password_required',
  'password_too_short',
  'password_mismatch',
  'role_invalid',
  'email_in_use_password',
  'email_in_use_google',
  'email_in_use_provider',
  'email_taken',
  'same_email',
  'invalid_credentials',
  'rate_limited',
  'account_suspended',
  'not_signed_in',
  'forbidden',
  'csrf',
  'google_clients_only',
  'google_unavailable',
  'google_failed',
  'google_email_unverified',
  'mail_unavailable',
  'token_invalid',
  'validation',
  'registration_failed',
  'required',
  'too_short',
  'too_long',
  'first_name_too_short',
  'phone_invalid',
  'country_invalid',
  'languages_required',
  'language_invalid',
  'terms_required',
  'bio_too_short',
  'photo_required',
  'photo_invalid',
  'photo_too_large',
  'help_types_required',
  'specialties_required',
  'practice_countries_required',
  'education_required',
  'years_abroad_min',
  'no_shared_language',
  'number_invalid',
  'year_invalid',
  'date_invalid',
  'ifsc_invalid',
  'other_text_invalid',
  'value_invalid',
  'field_not_allowed',
  'timeout',
  'offline',
  'network',
  'server',
  'auth_error',
  'unknown',
  'not_found',
  'bad_json',
  'payload_too_large',
  'internal',
  'store_unavailable',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

const KNOWN = new Set<string>(AUTH_ERROR_CODES);

/** The code whose message to show: the code itself when it has one, otherwise `fallback`. */
export function knownCode(code: string | undefined, fallback: AuthErrorCode = 'unknown'): AuthErrorCode {
  return code && KNOWN.has(code) ? (code as AuthErrorCode) : fallback;
}

/** The code of anything an account operation threw. */
export function codeOf(error: unknown, fallback: AuthErrorCode = 'unknown'): AuthErrorCode {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status >= 500 && !KNOWN.has(error.code)) return 'server';
  return knownCode(error.code, fallback);
}

/** Seconds to wait as "in 2 minutes", "in 30 seconds", in the interface language. */
export function formatDelay(seconds: number, locale: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  if (seconds < 60) return format.format(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 3600) return format.format(Math.ceil(seconds / 60), 'minute');
  return format.format(Math.ceil(seconds / 3600), 'hour');
}

/** The figures messages name ("2 to 60 characters"). */
const FIGURES = { min: OTHER_TEXT_MIN_LENGTH, max: OTHER_TEXT_MAX_LENGTH };

/** Turns codes and thrown errors into the messages of the interface language. */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  const text = (code: string | undefined, fallback: AuthErrorCode = 'unknown') =>
    t(`auth.errors.${knownCode(code, fallback)}`, FIGURES);
  const ofError = (error: unknown, fallback: AuthErrorCode = 'unknown') => {
    const code = codeOf(error, fallback);
    if (code === 'rate_limited' && error instanceof ApiError && error.retryAfter !== undefined)
      return t('auth.retryIn', { when: formatDelay(error.retryAfter, i18n.language) });
    return t(`auth.errors.${code}`);
  };
  return { text, ofError };
}
