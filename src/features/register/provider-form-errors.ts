import { useTranslation } from 'react-i18next';
import { BIO_MIN_LENGTH, EXPAT_YEARS_ABROAD_MIN, PASSWORD_MIN_LENGTH } from '../../domain/constants';
import { OTHER_TEXT_MAX_LENGTH, OTHER_TEXT_MIN_LENGTH } from '../../domain/other-text';

/** Figures some messages name ("at least 50 characters"). */
const VALUES: Record<string, number> = {
  bio_too_short: BIO_MIN_LENGTH,
  password_too_short: PASSWORD_MIN_LENGTH,
  years_abroad_min: EXPAT_YEARS_ABROAD_MIN,
};
/** Messages that name a range ("2 to 60 characters"). */
const RANGES: Record<string, { min: number; max: number }> = {
  other_text_invalid: { min: OTHER_TEXT_MIN_LENGTH, max: OTHER_TEXT_MAX_LENGTH },
};

/** Seconds to wait as "in 2 minutes", "in 30 seconds", in the interface language. */
function formatDelay(seconds: number, locale: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  if (seconds < 60) return format.format(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 3600) return format.format(Math.ceil(seconds / 60), 'minute');
  return format.format(Math.ceil(seconds / 3600), 'hour');
}

/**
 * The translated text of an error code, from the account forms' shared messages (`auth.errors.*`),
 * or the spec's 'Inscription impossible. Réessayez.' for a code without its own message.
 */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  return (code: string, retryAfter?: number): string => {
    if (code === 'rate_limited' && retryAfter !== undefined)
      return t('auth.retryIn', { when: formatDelay(retryAfter, i18n.language) });
    // Codes come from the service at run time: the key is checked with `exists`, not by the compiler.
    const known = i18n.exists(`auth.errors.${code}`) ? code : 'registration_failed';
    const count = VALUES[known];
    return String(
      t(`auth.errors.${known}` as 'auth.errors.registration_failed', { count, min: count, ...RANGES[known] }),
    );
  };
}
