import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/min';
import { COUNTRY_CODES } from '../../domain/countries';
import { toE164 } from '../../domain/phone';
import { ChoiceField, TextField } from '../../ui/form-field';
import { countryName } from '../../ui/intl';
import styles from './phone-field.module.css';

/** Countries with their calling code, named and sorted in the interface language. */
function useDialChoices(locale: string) {
  return useMemo(
    () =>
      COUNTRY_CODES.filter((code) => isSupportedCountry(code))
        .map((code) => ({
          value: code,
          label: `${countryName(code, locale)} (+${getCountryCallingCode(code as Parameters<typeof getCountryCallingCode>[0])})`,
        }))
        .sort((a, b) => a.label.localeCompare(b.label, locale)),
    [locale],
  );
}

/** A country to read national numbers with: the browser's region, else the interface language's. */
export function guessPhoneCountry(languages: readonly string[], interfaceLanguage: string): string {
  for (const tag of languages) {
    const region = tag.split('-')[1]?.toUpperCase();
    if (region && isSupportedCountry(region)) return region;
  }
  const byLanguage: Record<string, string> = { fr: 'FR', en: 'GB', es: 'ES', ru: 'RU', de: 'DE' };
  return byLanguage[interfaceLanguage] ?? 'FR';
}

type Props = {
  id: string;
  legend: string;
  country: string;
  number: string;
  error?: string;
  optional?: boolean;
  onCountry: (country: string) => void;
  onNumber: (number: string) => void;
  onBlur?: () => void;
};

/**
 * A phone number as a country and a number (national, or international with +); once it is a
 * valid number of that country, its international E.164 form shows under it, as it will be kept.
 */
export function PhoneField({
  id,
  legend,
  country,
  number,
  error,
  optional,
  onCountry,
  onNumber,
  onBlur,
}: Props) {
  const { t, i18n } = useTranslation();
  const choices = useDialChoices(i18n.language);
  const e164 = number.trim() ? toE164(number, country || undefined) : undefined;
  return (
    <fieldset className={styles.phone}>
      <legend>
        {legend}
        {optional && <span className={styles.optional}> {t('auth.fields.optional')}</span>}
      </legend>
      <ChoiceField
        id={`${id}-country`}
        label={t('auth.fields.phoneCountry')}
        options={choices}
        value={country}
        className={styles.country}
        autoComplete="off"
        onValue={onCountry}
      />
      <TextField
        id={id}
        label={t('auth.fields.phoneNumber')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={24}
        value={number}
        error={error}
        className={styles.number}
        hint={e164 && !error ? t('auth.fields.phoneE164', { number: e164 }) : undefined}
        onValue={onNumber}
        onBlur={onBlur}
      />
    </fieldset>
  );
}
