/**
 * The parts both provider forms share: who you are (names, e-mail, password), the lists of
 * countries and languages, the bio with its counter, and the terms with the send button. The private
 * identity and bank details are in provider-form-identity.tsx.
 */
import { useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathOf } from '../../config/paths';
import { BIO_MIN_LENGTH } from '../../domain/constants';
import { COUNTRY_CODES } from '../../domain/countries';
import { LANGUAGES } from '../../domain/languages';
import { BIO_MAX_LENGTH, NAME_MAX_LENGTH, OTHER_TEXT_MAX_LENGTH } from '../../domain/registration';
import { SPOKEN_LANGUAGES } from '../../domain/spoken-languages';
import { Button } from '../../ui/button';
import { CheckboxField, ChoiceField, TextAreaField, TextField } from '../../ui/form-field';
import { countryName, languageName } from '../../ui/intl';
import { MultiPicker } from '../../ui/multi-picker';
import { PasswordField } from '../../ui/password-field';
import { clientStrengthGauge, lawyerStrengthGauge } from '../../ui/password-strength';
import { useErrorText } from './provider-form-errors';
import { FieldPair, FormSection, OptionalLabel, fieldId } from './provider-form-fields';
import type { FormField } from './provider-form-model';
import type { ProviderFormState } from './provider-form-state';
import styles from './provider-form-sections.module.css';

type Option = { value: string; label: string };
type StateProps = { state: ProviderFormState };
type TextFieldName = {
  [K in FormField]: ProviderFormState['form'][K] extends string ? K : never;
}[FormField];

const byLabel = (locale: string) => (a: Option, b: Option) => a.label.localeCompare(b.label, locale);

/** Countries named and sorted in the interface language. */
export function useCountryOptions(): Option[] {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(
    () =>
      COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, locale) })).sort(byLabel(locale)),
    [locale],
  );
}

/** Spoken languages: the five of the interface first, then every other one by name. */
export function useLanguageOptions(): Option[] {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => {
    const first = new Set<string>(LANGUAGES);
    const named = (code: string) => ({ value: code, label: languageName(code, locale) });
    return [
      ...LANGUAGES.map(named),
      ...SPOKEN_LANGUAGES.filter((code) => !first.has(code))
        .map(named)
        .sort(byLabel(locale)),
    ];
  }, [locale]);
}

/** Props that tie a text control to a form field: value, translated error, change and leave. */
export function useBinder({ state }: StateProps) {
  const errorText = useErrorText();
  const error = (field: FormField) => {
    const code = state.errorOf(field);
    return code ? errorText(code) : undefined;
  };
  const text = (field: TextFieldName) => ({
    id: fieldId(field),
    name: field,
    value: state.form[field],
    error: error(field),
    onValue: (value: string) => state.update(field, value),
    onBlur: () => state.touch(field),
  });
  return { error, text };
}

export function AccountSection({ state }: StateProps) {
  const { t } = useTranslation();
  const { error, text } = useBinder({ state });
  const gauge = state.role === 'lawyer' ? lawyerStrengthGauge : clientStrengthGauge;
  return (
    <FormSection title={t('registerProvider.sections.account')}>
      <FieldPair>
        <TextField
          label={t('registerProvider.fields.firstName')}
          autoComplete="given-name"
          maxLength={NAME_MAX_LENGTH}
          required
          {...text('firstName')}
        />
        <TextField
          label={t('registerProvider.fields.lastName')}
          autoComplete="family-name"
          maxLength={NAME_MAX_LENGTH}
          required
          {...text('lastName')}
        />
      </FieldPair>
      <FieldPair>
        <TextField
          label={t('registerProvider.fields.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          {...text('email')}
        />
        <PasswordField
          id={fieldId('password')}
          label={t('registerProvider.fields.password')}
          value={state.form.password}
          error={error('password')}
          autoComplete="new-password"
          strength={gauge(state.form.password, t)}
          onValue={(value) => state.update('password', value)}
          onBlur={() => state.touch('password')}
        />
      </FieldPair>
    </FormSection>
  );
}

/** A required country, chosen in the full list. */
export function CountryChoice({
  state,
  field,
  label,
}: StateProps & { field: 'residenceCountry' | 'presenceCountry' | 'interventionCountry'; label: string }) {
  const { t } = useTranslation();
  const countries = useCountryOptions();
  const { text } = useBinder({ state });
  const { onValue, ...bound } = text(field);
  return (
    <ChoiceField
      label={label}
      placeholder={t('registerProvider.fields.chooseCountry')}
      options={countries}
      required
      {...bound}
      onValue={(value) => {
        onValue(value);
        state.touch(field);
      }}
    />
  );
}

/** Several choices in a long list (languages, practice countries), plus a free "other" text. */
export function ListWithOther({
  state,
  field,
  other,
  legend,
  searchLabel,
  otherLabel,
  options,
}: StateProps & {
  field: 'languages' | 'practiceCountries';
  other: 'languageOther' | 'practiceCountryOther';
  legend: string;
  searchLabel: string;
  otherLabel: string;
  options: Option[];
}) {
  const { t } = useTranslation();
  const { error, text } = useBinder({ state });
  return (
    <div className={styles.list}>
      <MultiPicker
        id={fieldId(field)}
        legend={legend}
        searchLabel={searchLabel}
        options={options}
        selected={state.form[field]}
        error={error(field)}
        onChange={(values) => state.update(field, values)}
        onLeave={() => state.touch(field)}
      />
      <TextField
        {...text(other)}
        label={<OptionalLabel label={otherLabel} optional={t('registerProvider.fields.optional')} />}
        maxLength={OTHER_TEXT_MAX_LENGTH}
        autoComplete="off"
      />
    </div>
  );
}

export function BioField({ state }: StateProps) {
  const { t } = useTranslation();
  const { text } = useBinder({ state });
  const length = Array.from(state.form.bio.trim()).length;
  const missing = Math.max(0, BIO_MIN_LENGTH - length);
  return (
    <TextAreaField
      label={t('registerProvider.fields.bio')}
      rows={6}
      maxLength={BIO_MAX_LENGTH}
      required
      {...text('bio')}
      hint={
        <p className={missing > 0 ? undefined : styles.enough}>
          {missing > 0
            ? t('registerProvider.bio.missing', { count: missing, min: BIO_MIN_LENGTH })
            : t('registerProvider.bio.count', { count: length })}
        </p>
      }
    />
  );
}

/** The terms of the role, the message of a refused send, and the send button. */
export function TermsAndSend({ state, offline }: StateProps & { offline: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { error } = useBinder({ state });
  const terms = state.role === 'lawyer' ? pathOf('termsLawyers') : pathOf('termsExpats');
  return (
    <>
      <CheckboxField
        id={fieldId('acceptedTerms')}
        checked={state.form.acceptedTerms}
        error={error('acceptedTerms')}
        label={
          <Trans
            i18nKey={
              state.role === 'lawyer' ? 'registerProvider.terms.lawyer' : 'registerProvider.terms.expat'
            }
            components={{ doc: <Link to={terms} /> }}
          />
        }
        onValue={(checked) => {
          state.update('acceptedTerms', checked);
          state.touch('acceptedTerms');
        }}
      />
      {offline && !state.failure && (
        <p className={styles.offline} role="status">
          {t('registerProvider.offline')}
        </p>
      )}
      {state.failure && (
        <p className={styles.failure} role="alert">
          {errorText(state.failure.code, state.failure.retryAfter)}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={state.sending}>
          {state.sending
            ? t('registerProvider.sending')
            : state.role === 'lawyer'
              ? t('registerProvider.submitLawyer')
              : t('registerProvider.submitExpat')}
        </Button>
      </div>
    </>
  );
}
