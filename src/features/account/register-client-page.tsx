import { useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { pathOf, safeRedirect } from '../../config/paths';
import { useBrowserOnline } from '../../data/use-online';
import { NAME_MAX_LENGTH, OTHER_TEXT_MAX_LENGTH } from '../../domain/registration';
import { SPOKEN_LANGUAGES } from '../../domain/spoken-languages';
import { BackLink } from '../../ui/back-link';
import { Button } from '../../ui/button';
import { CheckboxField, TextField } from '../../ui/form-field';
import { languageName } from '../../ui/intl';
import { MultiPicker } from '../../ui/multi-picker';
import { PasswordField } from '../../ui/password-field';
import { clientStrengthGauge } from '../../ui/password-strength';
import styles from './account.module.css';
import type { ClientField } from './client-form-model';
import { useErrorText } from './errors';
import { PhoneField } from './phone-field';
import { ClientPreview, ProgressChecklist } from './registration-aside';
import layout from './register-client-page.module.css';
import { useClientRegistration } from './use-client-registration';

const idOf = (field: ClientField) => `register-${field}`;
const EMAIL_IN_USE = new Set(['email_in_use_password', 'email_in_use_google', 'email_in_use_provider']);

/** `/register/client`: every field of the client registration, a live preview and a checklist. */
export function RegisterClientPage() {
  const { t, i18n } = useTranslation();
  const { text, ofError } = useErrorText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const online = useBrowserOnline();
  const state = useClientRegistration(() => navigate(redirect ?? pathOf('dashboard'), { replace: true }));
  const { form, update, touch } = state;
  const languages = useMemo(
    () =>
      SPOKEN_LANGUAGES.map((code) => ({ value: code, label: languageName(code, i18n.language) })).sort(
        (a, b) => a.label.localeCompare(b.label, i18n.language),
      ),
    [i18n.language],
  );
  const error = (field: ClientField) => {
    const code = state.errorOf(field);
    return code ? text(code) : undefined;
  };
  const emailCode = state.errorOf('email');

  const submit = async () => {
    const first = await state.submit();
    if (first) document.getElementById(idOf(first))?.focus();
  };

  return (
    <div className={`container ${styles.page}`}>
      <BackLink to={pathOf('register')}>{t('auth.register.back')}</BackLink>
      <header className={layout.header}>
        <h1>{t('auth.client.title')}</h1>
        <p className={styles.lead}>{t('auth.client.lead')}</p>
      </header>
      <div className={layout.layout}>
        <form
          className={`${styles.card} ${styles.form}`}
          noValidate
          aria-labelledby="register-form-title"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <h2 id="register-form-title">{t('auth.client.formTitle')}</h2>
          <p className={styles.muted}>{t('auth.client.required')}</p>
          <TextField
            id={idOf('firstName')}
            label={t('auth.fields.firstName')}
            autoComplete="given-name"
            maxLength={NAME_MAX_LENGTH}
            required
            value={form.firstName}
            error={error('firstName')}
            onValue={(value) => update('firstName', value)}
            onBlur={() => touch('firstName')}
          />
          <TextField
            id={idOf('email')}
            label={t('auth.fields.email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={form.email}
            error={error('email')}
            hint={
              emailCode && EMAIL_IN_USE.has(emailCode) ? (
                <p className={layout.inUse}>
                  <Link to={pathOf('login')}>{t('auth.client.goToLogin')}</Link>
                  <Link to={pathOf('passwordReset')}>{t('auth.login.forgot')}</Link>
                </p>
              ) : undefined
            }
            onValue={(value) => update('email', value)}
            onBlur={() => touch('email')}
          />
          <PasswordField
            id={idOf('password')}
            label={t('auth.fields.password')}
            autoComplete="new-password"
            value={form.password}
            error={error('password')}
            strength={clientStrengthGauge(form.password, t)}
            onValue={(value) => update('password', value)}
            onBlur={() => touch('password')}
          />
          <MultiPicker
            id={idOf('languages')}
            legend={t('auth.fields.languages')}
            searchLabel={t('auth.fields.searchLanguage')}
            options={languages}
            selected={form.languages}
            error={error('languages')}
            onChange={(values) => update('languages', values)}
            onLeave={() => touch('languages')}
          />
          <TextField
            id={idOf('languageOther')}
            label={t('auth.fields.languageOther')}
            maxLength={OTHER_TEXT_MAX_LENGTH}
            value={form.languageOther}
            error={error('languageOther')}
            onValue={(value) => update('languageOther', value)}
            onBlur={() => touch('languages')}
          />
          <PhoneField
            id={idOf('phone')}
            legend={t('auth.fields.phone')}
            optional
            country={form.phoneCountry}
            number={form.phone}
            error={error('phone')}
            onCountry={(value) => update('phoneCountry', value)}
            onNumber={(value) => update('phone', value)}
            onBlur={() => touch('phone')}
          />
          <PhoneField
            id={idOf('whatsapp')}
            legend={t('auth.fields.whatsapp')}
            optional
            country={form.whatsappCountry}
            number={form.whatsapp}
            error={error('whatsapp')}
            onCountry={(value) => update('whatsappCountry', value)}
            onNumber={(value) => update('whatsapp', value)}
            onBlur={() => touch('whatsapp')}
          />
          <CheckboxField
            id={idOf('acceptedTerms')}
            label={
              <Trans i18nKey="auth.client.terms" components={{ doc: <Link to={pathOf('termsClients')} /> }} />
            }
            checked={form.acceptedTerms}
            error={error('acceptedTerms')}
            onValue={(value) => {
              update('acceptedTerms', value);
              touch('acceptedTerms');
            }}
          />
          <CheckboxField
            id={idOf('remember')}
            label={t('auth.login.remember')}
            checked={form.remember}
            onValue={(value) => update('remember', value)}
          />
          {!online && (
            <p className={`${styles.notice} ${styles.warning}`} role="status">
              {t('auth.client.offline')}
            </p>
          )}
          {state.failure !== undefined && (
            <p className={`${styles.notice} ${styles.error}`} role="alert">
              {ofError(state.failure, 'registration_failed')}
            </p>
          )}
          <Button type="submit" className={styles.submit} disabled={state.sending || !online}>
            {state.sending ? t('auth.client.submitting') : t('auth.client.submit')}
          </Button>
          <p className={`${styles.muted} ${styles.center}`}>
            {t('auth.register.already')} <Link to={pathOf('login')}>{t('auth.register.signIn')}</Link>
          </p>
        </form>
        <aside className={layout.aside} aria-label={t('auth.client.asideLabel')}>
          <ProgressChecklist items={state.checklist} />
          <ClientPreview form={form} />
        </aside>
      </div>
    </div>
  );
}
