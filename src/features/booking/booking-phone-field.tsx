import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/min';
import type { CountryCode } from 'libphonenumber-js/min';
import { COUNTRY_CODES } from '../../domain/countries';
import { toE164 } from '../../domain/phone';
import { ChoiceField, TextField } from '../../ui/form-field';
import { countryName } from '../../ui/intl';
import styles from './booking-page.module.css';
import type { TouchField, UpdateField } from './use-booking-form';

/** Countries with their calling code, named and sorted in the interface language. */
function useDialChoices(locale: string) {
  return useMemo(
    () =>
      COUNTRY_CODES.filter((code) => isSupportedCountry(code))
        .map((code) => ({
          value: code,
          label: `${countryName(code, locale)} (+${getCountryCallingCode(code as CountryCode)})`,
        }))
        .sort((a, b) => a.label.localeCompare(b.label, locale)),
    [locale],
  );
}

type Props = {
  /** Which number of the form: the one to call, or WhatsApp (optional). */
  kind: 'phone' | 'whatsapp';
  id: string;
  legend: string;
  hint?: string;
  country: string;
  number: string;
  error?: string;
  update: UpdateField;
  touch: TouchField;
};

/**
 * A number the expert may call, as a calling code and a number (national, or international with
 * +); once it is a valid number of that country, its E.164 form shows under it, as it will be sent.
 */
export const BookingPhoneField = memo(function BookingPhoneField({
  kind,
  id,
  legend,
  hint,
  country,
  number,
  error,
  update,
  touch,
}: Props) {
  const { t, i18n } = useTranslation();
  const choices = useDialChoices(i18n.language);
  const optional = kind === 'whatsapp';
  const countryField = kind === 'phone' ? 'phoneCountry' : 'whatsappCountry';
  const e164 = number.trim() ? toE164(number, country || undefined) : undefined;
  const shown = e164 && !error ? t('booking.fields.phoneE164', { number: e164 }) : hint;
  return (
    <fieldset className={styles.phone}>
      <legend>
        {legend}
        {optional && <span className={styles.optional}> {t('booking.fields.optional')}</span>}
      </legend>
      <ChoiceField
        id={`${id}-country`}
        label={t('booking.fields.phoneCountry')}
        options={choices}
        value={country}
        className={styles.dial}
        autoComplete="off"
        onValue={(value) => update(countryField, value)}
        onBlur={() => touch(kind)}
      />
      <TextField
        id={id}
        label={t('booking.fields.phoneNumber')}
        type="tel"
        inputMode="tel"
        autoComplete={optional ? 'off' : 'tel'}
        maxLength={24}
        required={!optional}
        value={number}
        error={error}
        className={styles.number}
        hint={shown}
        onValue={(value) => update(kind, value)}
        onBlur={() => touch(kind)}
      />
    </fieldset>
  );
});
