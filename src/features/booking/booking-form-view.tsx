import { memo, useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathOf } from '../../config/paths';
import {
  BOOKING_DESCRIPTION_MAX,
  BOOKING_NAME_MAX,
  BOOKING_OTHER_COUNTRY_MAX,
  BOOKING_TITLE_MAX,
  OTHER_COUNTRY,
} from '../../domain/booking';
import type { BookingField } from '../../domain/booking';
import { BOOKING_DESCRIPTION_MIN_LENGTH, BOOKING_TITLE_MIN_LENGTH } from '../../domain/constants';
import { COUNTRY_CODES } from '../../domain/countries';
import type { Provider } from '../../domain/provider';
import { SPOKEN_LANGUAGES } from '../../domain/spoken-languages';
import { Button } from '../../ui/button';
import { CheckboxField, ChoiceField, TextAreaField, TextField } from '../../ui/form-field';
import { countryName, languageName } from '../../ui/intl';
import { MultiPicker } from '../../ui/multi-picker';
import { charactersMissing } from './booking-form-model';
import { BookingPhoneField } from './booking-phone-field';
import styles from './booking-page.module.css';
import type { BookingFormState, TouchField, UpdateField } from './use-booking-form';

type Option = { value: string; label: string };

/** The element a field's problem sends the focus to. */
export const fieldId = (field: BookingField) => `booking-${field}`;
const HINT_ID = 'booking-continue-hint';

/** Countries sorted by name; languages with the expert's own first, then the others by name. */
function useChoices(locale: string, providerLanguages: readonly string[]) {
  return useMemo(() => {
    const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label, locale);
    const countries = COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, locale) })).sort(
      byLabel,
    );
    const theirs = providerLanguages.map((code) => ({ value: code, label: languageName(code, locale) }));
    const others = SPOKEN_LANGUAGES.filter((code) => !providerLanguages.includes(code))
      .map((code) => ({ value: code, label: languageName(code, locale) }))
      .sort(byLabel);
    return { countries, languages: [...theirs, ...others] };
  }, [locale, providerLanguages]);
}

type CountryProps = {
  field: 'nationality' | 'interventionCountry';
  label: string;
  placeholder: string;
  options: readonly Option[];
  value: string;
  error?: string;
  update: UpdateField;
  touch: TouchField;
};

/** A country select; its long list re-renders only when its own value or error changes. */
const CountryField = memo(function CountryField({ field, update, touch, ...props }: CountryProps) {
  return (
    <ChoiceField
      id={fieldId(field)}
      required
      onValue={(value) => update(field, value)}
      onBlur={() => touch(field)}
      {...props}
    />
  );
});

type Props = {
  state: BookingFormState;
  provider: Provider;
  /** The countries where the service may be booked: the intervention country's choices (all, when absent). */
  countries?: readonly string[];
  online: boolean;
  /** Why the request cannot go on to the payment even when complete (service suspended). */
  blocked?: string;
};

/** The booking request: every field of the spec, checked as the client goes. */
export function BookingFormView({ state, provider, countries: bookable, online, blocked }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { countries, languages } = useChoices(locale, provider.languages);
  const otherLabel = t('booking.fields.otherCountry');
  const { form, update, touch, ready, submitted } = state;
  const chosen = form.interventionCountry;
  const interventionCountries = useMemo(
    () => [
      // A draft's country no longer offered stays shown, with its error, rather than vanish.
      ...countries.filter(
        (option) =>
          !bookable || bookable.includes(option.value) || (option.value === chosen && chosen !== ''),
      ),
      { value: OTHER_COUNTRY, label: otherLabel },
    ],
    [countries, bookable, chosen, otherLabel],
  );
  const name = provider.fullName;

  const error = (field: BookingField) => {
    const code = state.errorOf(field);
    if (!code) return undefined;
    if (code === 'title_too_short')
      return t('booking.errors.title_too_short', { min: BOOKING_TITLE_MIN_LENGTH });
    if (code === 'description_too_short')
      return t('booking.errors.description_too_short', { min: BOOKING_DESCRIPTION_MIN_LENGTH });
    return t(`booking.errors.${code}`);
  };
  const text = (field: 'firstName' | 'lastName' | 'interventionCountryOther' | 'title') => ({
    id: fieldId(field),
    value: form[field],
    error: error(field),
    required: true,
    onValue: (value: string) => update(field, value),
    onBlur: () => touch(field),
  });
  const titleMissing = charactersMissing(form.title, BOOKING_TITLE_MIN_LENGTH);
  const descriptionMissing = charactersMissing(form.description, BOOKING_DESCRIPTION_MIN_LENGTH);
  const canContinue = ready && online && !blocked;

  const submit = () => {
    const first = state.submit();
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  return (
    <form
      className={styles.form}
      noValidate
      aria-labelledby="booking-form-title"
      // Whether the account's record (numbers, languages) has completed the form yet.
      data-account={state.prefilled ? 'applied' : 'pending'}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className={styles.formHead}>
        <h2 id="booking-form-title">{t('booking.form.title')}</h2>
        <p>{t('booking.form.required')}</p>
        <p className={styles.saved}>{t('booking.form.saved')}</p>
      </div>

      <fieldset className={styles.section}>
        <legend>{t('booking.form.you')}</legend>
        <div className={styles.pair}>
          <TextField
            label={t('booking.fields.firstName')}
            autoComplete="given-name"
            maxLength={BOOKING_NAME_MAX}
            {...text('firstName')}
          />
          <TextField
            label={t('booking.fields.lastName')}
            autoComplete="family-name"
            maxLength={BOOKING_NAME_MAX}
            {...text('lastName')}
          />
        </div>
        <CountryField
          field="nationality"
          label={t('booking.fields.nationality')}
          placeholder={t('booking.fields.chooseCountry')}
          options={countries}
          value={form.nationality}
          error={error('nationality')}
          update={update}
          touch={touch}
        />
      </fieldset>

      <fieldset className={styles.section}>
        <legend>{t('booking.form.situation')}</legend>
        <CountryField
          field="interventionCountry"
          label={t('booking.fields.interventionCountry')}
          placeholder={t('booking.fields.chooseCountry')}
          options={interventionCountries}
          value={form.interventionCountry}
          error={error('interventionCountry')}
          update={update}
          touch={touch}
        />
        {form.interventionCountry === OTHER_COUNTRY && (
          <TextField
            label={t('booking.fields.otherCountryName')}
            maxLength={BOOKING_OTHER_COUNTRY_MAX}
            autoComplete="off"
            {...text('interventionCountryOther')}
          />
        )}
        <TextField
          label={t('booking.fields.title')}
          placeholder={t('booking.fields.titlePlaceholder')}
          maxLength={BOOKING_TITLE_MAX}
          autoComplete="off"
          hint={titleMissing > 0 ? t('booking.missing', { count: titleMissing }) : undefined}
          {...text('title')}
        />
        <TextAreaField
          id={fieldId('description')}
          label={t('booking.fields.description')}
          placeholder={t('booking.fields.descriptionPlaceholder')}
          value={form.description}
          rows={7}
          maxLength={BOOKING_DESCRIPTION_MAX}
          required
          error={error('description')}
          hint={descriptionMissing > 0 ? t('booking.missing', { count: descriptionMissing }) : undefined}
          onValue={(value) => update('description', value)}
          onBlur={() => touch('description')}
        />
        <div className={styles.languages}>
          <p className={styles.theirLanguages}>
            {t('booking.fields.providerLanguages', {
              name,
              languages: provider.languages.map((code) => languageName(code, locale)).join(', '),
            })}
          </p>
          <MultiPicker
            id={fieldId('languages')}
            legend={t('booking.fields.languages')}
            searchLabel={t('booking.fields.searchLanguage')}
            options={languages}
            selected={form.languages}
            error={error('languages')}
            onChange={(values) => update('languages', values)}
            onLeave={() => touch('languages')}
          />
        </div>
      </fieldset>

      <fieldset className={styles.section}>
        <legend>{t('booking.form.reach')}</legend>
        <BookingPhoneField
          kind="phone"
          id={fieldId('phone')}
          legend={t('booking.fields.phone')}
          hint={t('booking.fields.phoneHint', { name })}
          country={form.phoneCountry}
          number={form.phone}
          error={error('phone')}
          update={update}
          touch={touch}
        />
        <BookingPhoneField
          kind="whatsapp"
          id={fieldId('whatsapp')}
          legend={t('booking.fields.whatsapp')}
          country={form.whatsappCountry}
          number={form.whatsapp}
          error={error('whatsapp')}
          update={update}
          touch={touch}
        />
      </fieldset>

      <CheckboxField
        id={fieldId('acceptedTerms')}
        className={styles.terms}
        label={
          <Trans i18nKey="booking.fields.terms" components={{ doc: <Link to={pathOf('termsClients')} /> }} />
        }
        checked={form.acceptedTerms}
        error={error('acceptedTerms')}
        onValue={(checked) => {
          update('acceptedTerms', checked);
          touch('acceptedTerms');
        }}
      />

      {!online && (
        <p className={`${styles.notice} ${styles.warning}`} role="status">
          {t('booking.offline')}
        </p>
      )}
      {blocked && (
        <p className={`${styles.notice} ${styles.warning}`} role="status">
          {blocked}
        </p>
      )}
      {submitted && !ready && (
        <p className={`${styles.notice} ${styles.error}`} role="alert">
          {t('booking.fixErrors')}
        </p>
      )}
      <div className={styles.actions}>
        <p id={HINT_ID} className={styles.actionHint}>
          {!ready ? t('booking.incomplete') : online ? t('booking.nextStep') : t('booking.offlineShort')}
        </p>
        <Button
          type="submit"
          className={styles.continue}
          aria-disabled={!canContinue}
          aria-describedby={HINT_ID}
        >
          {online ? t('booking.continue') : t('booking.continueOffline')}
        </Button>
      </div>
    </form>
  );
}
