import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { updateProfile } from '../../data/auth';
import type { SessionUserView } from '../../domain/account';
import type { Profile } from '../../domain/mine';
import { toE164 } from '../../domain/phone';
import { BIO_MAX_LENGTH, NAME_MAX_LENGTH, profileUpdateProblems } from '../../domain/registration';
import type { ProfileUpdate } from '../../domain/registration';
import { SPOKEN_LANGUAGES } from '../../domain/spoken-languages';
import { Button } from '../../ui/button';
import { TextAreaField, TextField } from '../../ui/form-field';
import { languageName } from '../../ui/intl';
import { MultiPicker } from '../../ui/multi-picker';
import styles from './account.module.css';
import { ApiError } from '../../data/api';
import { useErrorText } from './errors';
import { PhoneField, guessPhoneCountry } from './phone-field';

type Details = {
  firstName: string;
  lastName: string;
  phoneCountry: string;
  phone: string;
  whatsappCountry: string;
  whatsapp: string;
  languages: string[];
  bio: string;
};
type DetailField = keyof Details;

const idOf = (field: string) => `profile-${field}`;
const ORDER: DetailField[] = ['firstName', 'lastName', 'phone', 'whatsapp', 'languages', 'bio'];

function splitPhone(e164: string | undefined, fallbackCountry: string) {
  const parsed = e164 ? parsePhoneNumberFromString(e164) : undefined;
  return parsed?.country
    ? { country: parsed.country as string, number: parsed.formatNational() }
    : { country: fallbackCountry, number: e164 ?? '' };
}

function initialDetails(user: SessionUserView, profile: Profile | null, country: string): Details {
  const phone = splitPhone(profile?.phone || undefined, country);
  const whatsapp = splitPhone(profile?.whatsapp || undefined, phone.country);
  return {
    firstName: profile?.firstName ?? user.firstName ?? '',
    lastName: profile?.lastName ?? user.lastName ?? '',
    phoneCountry: phone.country,
    phone: phone.number,
    whatsappCountry: whatsapp.country,
    whatsapp: whatsapp.number,
    languages: profile?.languages ?? [],
    bio: profile?.bio ?? '',
  };
}

/** The whitelisted fields that changed, phone numbers in E.164 (as typed when not valid: the rules say why). */
function changes(initial: Details, form: Details): ProfileUpdate {
  const update: ProfileUpdate = {};
  for (const field of ['firstName', 'lastName', 'bio'] as const)
    if (form[field].trim() !== initial[field].trim()) update[field] = form[field].trim();
  for (const prefix of ['phone', 'whatsapp'] as const) {
    const before = toE164(initial[prefix], initial[`${prefix}Country`]) ?? initial[prefix].trim();
    const raw = form[prefix].trim();
    const after = raw ? (toE164(raw, form[`${prefix}Country`]) ?? raw) : '';
    if (after !== before) update[prefix] = after;
  }
  if ([...form.languages].sort().join() !== [...initial.languages].sort().join())
    update.languages = form.languages;
  return update;
}

/** Names, phone numbers, languages and (providers) presentation: the fields a user may change. */
export function ProfileDetailsForm({ user, profile }: { user: SessionUserView; profile: Profile | null }) {
  const { t, i18n } = useTranslation();
  const { text, ofError } = useErrorText();
  const provider = user.role === 'lawyer' || user.role === 'expat';
  const [initial, setInitial] = useState(() =>
    initialDetails(user, profile, guessPhoneCountry(navigator.languages ?? [], i18n.language)),
  );
  const [form, setForm] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<
    { kind: 'idle' | 'saving' | 'saved' } | { kind: 'failed'; error: unknown }
  >({
    kind: 'idle',
  });
  const languages = useMemo(
    () =>
      SPOKEN_LANGUAGES.map((code) => ({ value: code, label: languageName(code, i18n.language) })).sort(
        (a, b) => a.label.localeCompare(b.label, i18n.language),
      ),
    [i18n.language],
  );
  const update = changes(initial, form);
  const problems = profileUpdateProblems(update);
  const errorOf = (field: DetailField) => {
    const code = serverFields[field] ?? (submitted ? problems[field] : undefined);
    return code ? text(code) : undefined;
  };
  const set = <K extends DetailField>(field: K, value: Details[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setServerFields({});
    if (status.kind !== 'saving') setStatus({ kind: 'idle' });
  };

  const save = async () => {
    setSubmitted(true);
    const first = ORDER.find((field) => problems[field]);
    if (first) return document.getElementById(idOf(first))?.focus();
    if (Object.keys(update).length === 0) return setStatus({ kind: 'saved' });
    setStatus({ kind: 'saving' });
    try {
      await updateProfile(update);
      setInitial(form);
      setSubmitted(false);
      setStatus({ kind: 'saved' });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0)
        setServerFields({ ...error.fields });
      setStatus({ kind: 'failed', error });
    }
  };

  return (
    <form
      className={`${styles.card} ${styles.form}`}
      noValidate
      aria-labelledby="details-title"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h2 id="details-title">{t('auth.profile.details')}</h2>
      <TextField
        id={idOf('firstName')}
        label={t('auth.fields.firstName')}
        autoComplete="given-name"
        maxLength={NAME_MAX_LENGTH}
        value={form.firstName}
        error={errorOf('firstName')}
        onValue={(value) => set('firstName', value)}
      />
      <TextField
        id={idOf('lastName')}
        label={
          provider ? t('auth.fields.lastName') : `${t('auth.fields.lastName')} ${t('auth.fields.optional')}`
        }
        autoComplete="family-name"
        maxLength={NAME_MAX_LENGTH}
        value={form.lastName}
        error={errorOf('lastName')}
        onValue={(value) => set('lastName', value)}
      />
      <PhoneField
        id={idOf('phone')}
        legend={t('auth.fields.phone')}
        optional={!provider}
        country={form.phoneCountry}
        number={form.phone}
        error={errorOf('phone')}
        onCountry={(value) => set('phoneCountry', value)}
        onNumber={(value) => set('phone', value)}
      />
      <PhoneField
        id={idOf('whatsapp')}
        legend={t('auth.fields.whatsapp')}
        optional={user.role !== 'lawyer'}
        country={form.whatsappCountry}
        number={form.whatsapp}
        error={errorOf('whatsapp')}
        onCountry={(value) => set('whatsappCountry', value)}
        onNumber={(value) => set('whatsapp', value)}
      />
      <MultiPicker
        id={idOf('languages')}
        legend={t('auth.fields.languages')}
        searchLabel={t('auth.fields.searchLanguage')}
        options={languages}
        selected={form.languages}
        error={errorOf('languages')}
        onChange={(values) => set('languages', values)}
      />
      {provider && (
        <TextAreaField
          id={idOf('bio')}
          label={t('auth.fields.bio')}
          rows={6}
          maxLength={BIO_MAX_LENGTH}
          value={form.bio}
          error={errorOf('bio')}
          onValue={(value) => set('bio', value)}
        />
      )}
      <p aria-live="polite" className={styles.muted}>
        {status.kind === 'saved' && t('auth.profile.saved')}
      </p>
      {status.kind === 'failed' && (
        <p className={`${styles.notice} ${styles.error}`} role="alert">
          {ofError(status.error)}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={status.kind === 'saving'}>
          {status.kind === 'saving' ? t('auth.sending') : t('auth.profile.save')}
        </Button>
      </div>
    </form>
  );
}
