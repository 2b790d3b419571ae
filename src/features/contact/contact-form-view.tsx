import { useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathOf } from '../../config/paths';
import { useSyncStatus } from '../../data/use-sync-status';
import {
  CONTACT_CATEGORIES,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_SUBJECT_MAX,
  charactersMissing,
} from '../../domain/contact';
import type { ContactErrorCode } from '../../domain/contact';
import { COUNTRY_CODES } from '../../domain/countries';
import { COMMON_DIAL_CODES } from '../../domain/phone';
import { SPOKEN_LANGUAGES } from '../../domain/spoken-languages';
import { Button } from '../../ui/button';
import { countryName, languageName } from '../../ui/intl';
import { ChoiceField, TextAreaField, TextField, errorId, fieldId } from './contact-fields';
import { CUSTOM_DIAL } from './contact-form-model';
import type { FormField } from './contact-form-model';
import styles from './contact-form-view.module.css';
import { MultiPicker } from '../../ui/multi-picker';
import type { useContactForm } from './use-contact-form';

type Props = { state: ReturnType<typeof useContactForm> };
type Option = { value: string; label: string };

const byLabel = (locale: string) => (a: Option, b: Option) => a.label.localeCompare(b.label, locale);
const COUNTER_ID = 'contact-message-counter';

/** Country, language and calling-code choices, named and sorted in the interface language. */
function useChoices(locale: string) {
  return useMemo(() => {
    const countries = COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, locale) })).sort(
      byLabel(locale),
    );
    const languages = SPOKEN_LANGUAGES.map((code) => ({
      value: code,
      label: languageName(code, locale),
    })).sort(byLabel(locale));
    const dialCodes = Object.entries(COMMON_DIAL_CODES)
      .map(([country, code]) => ({ value: country, label: `${countryName(country, locale)} (${code})` }))
      .sort(byLabel(locale));
    return { countries, languages, dialCodes };
  }, [locale]);
}

/** The contact form itself: every field of the spec, checked as the user goes, then sent or queued. */
export function ContactFormView({ state }: Props) {
  const { t, i18n } = useTranslation();
  const offline = useSyncStatus().state === 'offline';
  const { countries, languages, dialCodes } = useChoices(i18n.language);
  const { form, update, touch, sending, failed } = state;
  // The counter appears once the user writes: the minimum itself is never shown (spec section 5).
  const missing = form.message.trim() ? charactersMissing(form.message) : 0;
  const error = (field: FormField) => {
    const code: ContactErrorCode | undefined = state.errorOf(field);
    return code && t(`contact.errors.${code}`);
  };
  const text = (
    field: 'firstName' | 'lastName' | 'email' | 'customDialCode' | 'phoneNumber' | 'subject',
  ) => ({
    name: field,
    value: form[field],
    error: error(field),
    required: true,
    onValue: (value: string) => update(field, value),
    onBlur: () => touch(field),
  });
  const choice = (field: 'dialCountry' | 'originCountry' | 'interventionCountry') => ({
    name: field,
    value: form[field],
    error: error(field),
    required: true,
    onValue: (value: string) => update(field, value),
    onBlur: () => touch(field),
  });

  const submit = async () => {
    const firstError = await state.submit();
    if (firstError) document.getElementById(fieldId(firstError))?.focus();
  };

  return (
    <form
      className={styles.form}
      noValidate
      aria-labelledby="contact-form-title"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="contact-form-title" className={styles.title}>
        {t('contact.formTitle')}
      </h2>
      <p className={styles.note}>{t('contact.allRequired')}</p>

      <fieldset className={styles.section}>
        <legend>{t('contact.sections.you')}</legend>
        <div className={styles.pair}>
          <TextField
            label={t('contact.firstName')}
            autoComplete="given-name"
            maxLength={CONTACT_NAME_MAX}
            {...text('firstName')}
          />
          <TextField
            label={t('contact.lastName')}
            autoComplete="family-name"
            maxLength={CONTACT_NAME_MAX}
            {...text('lastName')}
          />
        </div>
        <TextField
          label={t('contact.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          {...text('email')}
        />
        <fieldset className={styles.phone}>
          <legend>{t('contact.phone')}</legend>
          <ChoiceField
            label={t('contact.dialCode')}
            placeholder={t('contact.chooseDialCode')}
            options={[...dialCodes, { value: CUSTOM_DIAL, label: t('contact.customDialOption') }]}
            className={styles.dial}
            {...choice('dialCountry')}
          />
          {form.dialCountry === CUSTOM_DIAL && (
            <TextField
              label={t('contact.customDialCode')}
              placeholder="+"
              inputMode="tel"
              autoComplete="tel-country-code"
              maxLength={5}
              className={styles.custom}
              {...text('customDialCode')}
            />
          )}
          <TextField
            label={t('contact.phoneNumber')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={24}
            className={styles.number}
            {...text('phoneNumber')}
          />
        </fieldset>
      </fieldset>

      <fieldset className={styles.section}>
        <legend>{t('contact.sections.situation')}</legend>
        <div className={styles.pair}>
          <ChoiceField
            label={t('contact.originCountry')}
            placeholder={t('contact.chooseCountry')}
            options={countries}
            {...choice('originCountry')}
          />
          <ChoiceField
            label={t('contact.interventionCountry')}
            placeholder={t('contact.chooseCountry')}
            options={countries}
            {...choice('interventionCountry')}
          />
        </div>
        <MultiPicker
          id={fieldId('nationalities')}
          legend={t('contact.nationalities')}
          searchLabel={t('contact.searchCountry')}
          options={countries}
          selected={form.nationalities}
          error={error('nationalities')}
          onChange={(values) => update('nationalities', values)}
          onLeave={() => touch('nationalities')}
        />
        <MultiPicker
          id={fieldId('languages')}
          legend={t('contact.languages')}
          searchLabel={t('contact.searchLanguage')}
          options={languages}
          selected={form.languages}
          error={error('languages')}
          onChange={(values) => update('languages', values)}
          onLeave={() => touch('languages')}
        />
      </fieldset>

      <fieldset className={styles.section}>
        <legend>{t('contact.sections.request')}</legend>
        <ChoiceField
          name="category"
          label={t('contact.category')}
          placeholder={t('contact.chooseCategory')}
          options={CONTACT_CATEGORIES.map((value) => ({ value, label: t(`contact.categories.${value}`) }))}
          value={form.category}
          error={error('category')}
          required
          onValue={(value) => update('category', CONTACT_CATEGORIES.find((c) => c === value) ?? '')}
          onBlur={() => touch('category')}
        />
        <TextField label={t('contact.subject')} maxLength={CONTACT_SUBJECT_MAX} {...text('subject')} />
        <TextAreaField
          name="message"
          label={t('contact.message')}
          value={form.message}
          rows={7}
          maxLength={CONTACT_MESSAGE_MAX}
          error={error('message')}
          onValue={(value) => update('message', value)}
          onBlur={() => touch('message')}
          describedById={missing > 0 ? COUNTER_ID : undefined}
          hint={
            missing > 0 && (
              <p id={COUNTER_ID} className={styles.counter}>
                {t('contact.missing', { count: missing })}
              </p>
            )
          }
        />
      </fieldset>

      <div className={styles.terms}>
        <label>
          <input
            id={fieldId('acceptedTerms')}
            type="checkbox"
            checked={form.acceptedTerms}
            required
            aria-invalid={error('acceptedTerms') ? true : undefined}
            aria-describedby={error('acceptedTerms') ? errorId('acceptedTerms') : undefined}
            onChange={(event) => {
              update('acceptedTerms', event.target.checked);
              touch('acceptedTerms');
            }}
          />
          <span>
            <Trans i18nKey="contact.terms" components={{ doc: <Link to={pathOf('termsClients')} /> }} />
          </span>
        </label>
        {error('acceptedTerms') && (
          <p id={errorId('acceptedTerms')} className={styles.error}>
            {error('acceptedTerms')}
          </p>
        )}
      </div>

      {offline && !failed && (
        <p className={styles.offline} role="status">
          {t('contact.offlineHint')}
        </p>
      )}
      {failed && (
        <p className={styles.failure} role="alert">
          {t('contact.hiccup')}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={sending}>
          {sending ? t('contact.sending') : t('contact.send')}
        </Button>
      </div>
    </form>
  );
}
