/**
 * The form that creates a test profile (admin "aaaprofiles"): a lawyer or an expat, a name, a
 * country, the languages its public profile shows, online at once or not. Checked with the
 * service's own rules (src/domain/test-profile.ts) before it is sent; the service's field codes
 * are shown the same way.
 */
import { useId, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserListItem } from '../../../domain/admin-users';
import { COUNTRY_CODES } from '../../../domain/countries';
import { LANGUAGES } from '../../../domain/languages';
import type { Language } from '../../../domain/languages';
import { PROVIDER_ROLES } from '../../../domain/professions';
import type { ProviderRole } from '../../../domain/professions';
import { parseTestProfile } from '../../../domain/test-profile';
import type { TestProfileProblem } from '../../../domain/test-profile';
import { ApiError } from '../../../data/api';
import { Button } from '../../../ui/button';
import { CheckboxField, ChoiceField, TextField } from '../../../ui/form-field';
import { countryName, languageName } from '../../../ui/intl';
import { adminSend } from '../admin-api';
import { useAdminErrorText } from '../ui/admin-error';
import detail from '../ui/detail.module.css';
import styles from './users.module.css';

type Draft = {
  role: ProviderRole;
  firstName: string;
  lastName: string;
  country: string;
  languages: Language[];
  online: boolean;
};

const EMPTY: Draft = {
  role: 'lawyer',
  firstName: '',
  lastName: '',
  country: '',
  languages: [],
  online: true,
};

export function TestProfileForm({ onCreated }: { onCreated: (created: UserListItem) => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const id = useId();
  const errorText = useAdminErrorText('users');
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problems, setProblems] = useState<Record<string, TestProfileProblem>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const countries = useMemo(
    () =>
      COUNTRY_CODES.map((value) => ({ value, label: countryName(value, locale) })).sort((a, b) =>
        a.label.localeCompare(b.label),
      ),
    [locale],
  );
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const problem = (field: string) =>
    problems[field] ? t(`admin.users.test.problems.${problems[field]}`) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const parsed = parseTestProfile(draft);
    if (parsed.problems) return setProblems(parsed.problems);
    setProblems({});
    setBusy(true);
    try {
      onCreated(await adminSend<UserListItem>('POST', 'test-profiles', parsed.value));
      setDraft(EMPTY);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      if (fields && Object.keys(fields).length > 0) setProblems(fields as Record<string, TestProfileProblem>);
      else setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={`${detail.card} ${styles.form}`} onSubmit={(event) => void submit(event)} noValidate>
      <h2>{t('admin.users.test.formTitle')}</h2>
      <div className={styles.formGrid}>
        <ChoiceField
          id={`${id}-role`}
          label={t('admin.users.test.role')}
          value={draft.role}
          options={PROVIDER_ROLES.map((value) => ({ value, label: t(`admin.users.roles.${value}`) }))}
          onValue={(value) => set('role', value as ProviderRole)}
          error={problem('role')}
        />
        <ChoiceField
          id={`${id}-country`}
          label={t('admin.users.test.country')}
          value={draft.country}
          placeholder={t('admin.users.test.choose')}
          options={countries}
          onValue={(value) => set('country', value)}
          error={problem('country')}
        />
        <TextField
          id={`${id}-first`}
          label={t('admin.users.test.firstName')}
          value={draft.firstName}
          maxLength={60}
          autoComplete="off"
          onValue={(value) => set('firstName', value)}
          error={problem('firstName')}
        />
        <TextField
          id={`${id}-last`}
          label={t('admin.users.test.lastName')}
          value={draft.lastName}
          maxLength={60}
          autoComplete="off"
          onValue={(value) => set('lastName', value)}
          error={problem('lastName')}
        />
      </div>
      <fieldset
        className={styles.languages}
        aria-describedby={problems.languages ? `${id}-languages-error` : undefined}
      >
        <legend>{t('admin.users.test.languages')}</legend>
        {LANGUAGES.map((code) => (
          <label key={code}>
            <input
              type="checkbox"
              checked={draft.languages.includes(code)}
              onChange={(event) =>
                set(
                  'languages',
                  event.target.checked
                    ? [...draft.languages, code]
                    : draft.languages.filter((l) => l !== code),
                )
              }
            />
            {languageName(code, locale)}
          </label>
        ))}
      </fieldset>
      {problems.languages && (
        <p id={`${id}-languages-error`} className={styles.error}>
          {problem('languages')}
        </p>
      )}
      <CheckboxField
        id={`${id}-online`}
        label={t('admin.users.test.online')}
        checked={draft.online}
        onValue={(value) => set('online', value)}
      />
      <p className={styles.note}>{t('admin.users.test.phoneNote')}</p>
      {failure && (
        <p className={detail.notice} data-tone="bad" role="alert">
          {failure}
        </p>
      )}
      <div>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? t('admin.users.test.creating') : t('admin.users.test.submit')}
        </Button>
      </div>
    </form>
  );
}
