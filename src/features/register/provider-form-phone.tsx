import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/min';
import type { CountryCode } from 'libphonenumber-js/min';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODES } from '../../domain/countries';
import { toE164 } from '../../domain/phone';
import { ChoiceField, TextField } from '../../ui/form-field';
import { countryName } from '../../ui/intl';
import { fieldId } from './provider-form-fields';
import styles from './provider-form-phone.module.css';

type Props = {
  /** The number's field name (`phone`, `whatsapp`); its country is `<name>Country`. */
  name: string;
  legend: string;
  number: string;
  country: string;
  /** The country a national number belongs to when none is chosen (WhatsApp: the phone's). */
  fallbackCountry?: string;
  error?: string;
  onNumber: (value: string) => void;
  onCountry: (value: string) => void;
  onBlur: () => void;
};

/** Every country with a calling code, named in the interface language: "France (+33)". */
function useDialOptions(locale: string) {
  return useMemo(
    () =>
      COUNTRY_CODES.filter((code): code is CountryCode => isSupportedCountry(code))
        .map((code) => ({
          value: code,
          label: `${countryName(code, locale)} (+${getCountryCallingCode(code)})`,
        }))
        .sort((a, b) => a.label.localeCompare(b.label, locale)),
    [locale],
  );
}

/**
 * A phone number: the country it belongs to (for a national number) and the number, or directly an
 * international number starting with +. Once valid, the international form it is stored in is shown.
 */
export function PhoneField({
  name,
  legend,
  number,
  country,
  fallbackCountry,
  error,
  onNumber,
  onCountry,
  onBlur,
}: Props) {
  const { t, i18n } = useTranslation();
  const options = useDialOptions(i18n.language);
  const e164 = number.trim() ? toE164(number, country || fallbackCountry) : undefined;
  const numberId = fieldId(name);

  return (
    <fieldset className={styles.phone}>
      <legend>{legend}</legend>
      <ChoiceField
        id={fieldId(`${name}Country`)}
        label={t('registerProvider.phone.country')}
        placeholder={t('registerProvider.phone.chooseCountry')}
        options={options}
        value={country}
        className={styles.country}
        autoComplete={name === 'phone' ? 'tel-country-code' : 'off'}
        onValue={onCountry}
      />
      <TextField
        id={numberId}
        label={t('registerProvider.phone.number')}
        type="tel"
        inputMode="tel"
        autoComplete={name === 'phone' ? 'tel' : 'off'}
        maxLength={40}
        required
        value={number}
        error={error}
        hint={e164 ? t('registerProvider.phone.saved', { number: e164 }) : t('registerProvider.phone.hint')}
        className={styles.number}
        onValue={onNumber}
        onBlur={onBlur}
      />
    </fieldset>
  );
}
