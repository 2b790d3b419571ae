import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { updateProfile } from '../../data/auth';
import { useDataLayer } from '../../data/data-context';
import { saveMine } from '../../data/mine';
import { sameDocument } from '../../data/conflict';
import { useOwnProfile } from '../../data/own-profile';
import { useBrowserOnline } from '../../data/use-online';
import { useWaitingIds } from '../../data/waiting';
import type { SessionUserView } from '../../domain/account';
import { isProviderRole, PROFILE_ID } from '../../domain/mine';
import type { WithDeleted } from 'rxdb';
import type { MineDoc, Profile } from '../../domain/mine';
import { splitE164, toE164 } from '../../domain/phone';
import {
  BIO_MAX_LENGTH,
  GRADUATION_YEAR_MIN,
  NAME_MAX_LENGTH,
  YEARS_MAX,
  registrationProblems,
} from '../../domain/registration';
import { EXPAT_SPECIALTIES, LAWYER_SPECIALTIES } from '../../domain/specialties';
import { Button } from '../../ui/button';
import { ChoiceField, TextAreaField, TextField } from '../../ui/form-field';
import { MultiPicker } from '../../ui/multi-picker';
import styles from '../account/account.module.css';
import { PhoneField, guessPhoneCountry } from '../account/phone-field';
import { EducationList } from '../register/provider-form-education';
import { useErrorText } from '../register/provider-form-errors';
import { newEducationRow } from '../register/provider-form-model';
import type { EducationRow } from '../register/provider-form-model';
import { PhotoField } from '../register/provider-form-photo';
import { CheckboxGroup } from '../register/provider-form-picker';
import { useCountryOptions, useLanguageOptions } from '../register/provider-form-sections';
import tab from './profile-tab.module.css';

type Form = {
  firstName: string;
  lastName: string;
  phoneCountry: string;
  phone: string;
  whatsappCountry: string;
  whatsapp: string;
  languages: string[];
  bio: string;
  residenceCountry: string;
  presenceCountry: string;
  practiceCountries: string[];
  specialties: string[];
  helpTypes: string[];
  yearsOfExperience: string;
  graduationYear: string;
  yearsAsExpat: string;
  barNumber: string;
  education: EducationRow[];
};
type FormKey = keyof Form;

/** The rules a field of this form answers to, in the order a refused save looks for the first one. */
const CLIENT_FIELDS: FormKey[] = ['firstName', 'lastName', 'phone', 'whatsapp', 'languages'];
const LAWYER_FIELDS: FormKey[] = [
  ...CLIENT_FIELDS,
  'residenceCountry',
  'presenceCountry',
  'practiceCountries',
  'specialties',
  'yearsOfExperience',
  'graduationYear',
  'education',
  'bio',
];
const EXPAT_FIELDS: FormKey[] = [
  ...CLIENT_FIELDS,
  'residenceCountry',
  'presenceCountry',
  'yearsAsExpat',
  'helpTypes',
  'bio',
];
const fieldsOf = (role: string) =>
  role === 'lawyer' ? LAWYER_FIELDS : role === 'expat' ? EXPAT_FIELDS : CLIENT_FIELDS;
const idOf = (field: string) => `dashboard-profile-${field}`;
const numberText = (value: number | undefined) => (value === undefined ? '' : String(value));
const toInt = (value: string) => (value.trim() === '' ? undefined : Number(value));

function splitPhone(e164: string | undefined, fallback: string) {
  const parsed = e164 ? parsePhoneNumberFromString(e164) : undefined;
  return parsed?.country
    ? { country: parsed.country as string, number: parsed.formatNational() }
    : { country: fallback, number: e164 ?? '' };
}

function formOf(profile: Profile, country: string): Form {
  const phone = splitPhone(profile.phone || undefined, country);
  const whatsapp = splitPhone(profile.whatsapp || undefined, phone.country);
  return {
    firstName: profile.firstName,
    lastName: profile.lastName ?? '',
    phoneCountry: phone.country,
    phone: phone.number,
    whatsappCountry: whatsapp.country,
    whatsapp: whatsapp.number,
    languages: profile.languages,
    bio: profile.bio ?? '',
    residenceCountry: profile.residenceCountry ?? '',
    presenceCountry: profile.presenceCountry ?? '',
    practiceCountries: profile.practiceCountries ?? [],
    specialties: profile.specialties ?? [],
    helpTypes: profile.helpTypes ?? [],
    yearsOfExperience: numberText(profile.yearsOfExperience),
    graduationYear: numberText(profile.graduationYear),
    yearsAsExpat: numberText(profile.yearsAsExpat),
    barNumber: profile.barNumber ?? '',
    education: (profile.education?.length ? profile.education : [{ title: '' }]).map((entry) => ({
      ...newEducationRow(),
      title: entry.title,
      institution: entry.institution ?? '',
      year: numberText(entry.year),
    })),
  };
}

/** The registration rules that apply to the fields of this form (never e-mail, password, identity). */
function problemsOf(profile: Profile, form: Form): Partial<Record<FormKey, string>> {
  if (profile.role === 'admin') return {};
  const all = registrationProblems(profile.role, {
    ...form,
    interventionCountry: profile.interventionCountry,
    languageOther: profile.languageOther,
    specialtyOther: profile.specialtyOther,
    practiceCountryOther: profile.practiceCountryOther,
    helpTypeOther: profile.helpTypeOther,
  });
  const out: Partial<Record<FormKey, string>> = {};
  for (const field of fieldsOf(profile.role)) if (all[field]) out[field] = all[field];
  if (form.barNumber.trim().length > 40) out.barNumber = 'too_long';
  return out;
}

function phoneParts(prefix: 'phone' | 'whatsapp', raw: string, country: string) {
  const e164 = raw.trim() ? toE164(raw.trim(), country) : undefined;
  const split = e164 ? splitE164(e164) : undefined;
  return {
    [prefix]: e164 ?? '',
    [`${prefix}Number`]: split?.nationalNumber ?? '',
    [`${prefix}CountryCode`]: split?.countryCode ?? '',
  };
}

/** The user record with the form's values; fields the role does not have are left as they are. */
function nextProfile(profile: Profile, form: Form, now: string): Profile {
  const firstName = form.firstName.trim();
  const lastName = form.lastName.trim();
  const provider = isProviderRole(profile.role);
  const fullName = [firstName, lastName].filter(Boolean).join(' ');
  const next: Record<string, unknown> = {
    ...profile,
    firstName,
    lastName,
    fullName,
    displayName: provider && lastName ? fullName : firstName,
    ...phoneParts('phone', form.phone, form.phoneCountry),
    ...phoneParts('whatsapp', form.whatsapp, form.whatsappCountry || form.phoneCountry),
    languages: [...new Set(form.languages)],
    languagesSpoken: [...new Set(form.languages)],
    updatedAt: now,
  };
  if (provider) {
    Object.assign(next, {
      bio: form.bio.trim(),
      description: form.bio.trim(),
      residenceCountry: form.residenceCountry,
      presenceCountry: form.presenceCountry,
    });
  }
  if (profile.role === 'lawyer') {
    Object.assign(next, {
      practiceCountries: [...new Set(form.practiceCountries)],
      specialties: [...new Set(form.specialties)],
      yearsOfExperience: toInt(form.yearsOfExperience) ?? 0,
      graduationYear: toInt(form.graduationYear),
      barNumber: form.barNumber.trim() || undefined,
      education: form.education
        .filter((row) => row.title.trim())
        .map((row) => ({
          title: row.title.trim(),
          ...(row.institution.trim() ? { institution: row.institution.trim() } : {}),
          ...(toInt(row.year) !== undefined ? { year: toInt(row.year) } : {}),
        })),
    });
  }
  if (profile.role === 'expat') {
    Object.assign(next, {
      yearsAsExpat: toInt(form.yearsAsExpat),
      helpTypes: [...new Set(form.helpTypes)],
    });
  }
  for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
  if (!lastName && profile.lastName === undefined) delete next.lastName;
  return next as Profile;
}

/**
 * The Profile tab: the user's record as they may change it (spec section 3), saved in their own
 * database (`mine`) so that it works without a connection and survives closing the tab; the
 * replication pushes it and, for an approved provider, the service publishes it. The photo goes to
 * the service at once (it needs a connection).
 */
export function ProfileTab({ user }: { user: SessionUserView }) {
  const profile = useOwnProfile(user.uid);
  const { t } = useTranslation();
  if (profile === undefined) return <p className={styles.muted}>{t('dashboardProfile.loading')}</p>;
  if (profile === null) return <p className={styles.muted}>{t('dashboardProfile.firstSync')}</p>;
  return (
    <div className={tab.stack}>
      {isProviderRole(profile.role) && <PhotoSection profile={profile} />}
      <ProfileForm key={profile.uid} profile={profile} />
    </div>
  );
}

function PhotoSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const connected = useBrowserOnline();
  const [status, setStatus] = useState<'idle' | 'saved' | 'failed'>('idle');
  return (
    <section className={styles.card} aria-labelledby="dashboard-photo-title">
      <h2 id="dashboard-photo-title">{t('dashboardProfile.photo.title')}</h2>
      {connected ? (
        <PhotoField
          id={idOf('photo')}
          preview={profile.profilePhoto || undefined}
          onTouched={() => setStatus('idle')}
          onUploaded={(photoId) => {
            updateProfile({ profilePhoto: photoId }).then(
              () => setStatus('saved'),
              () => setStatus('failed'),
            );
          }}
        />
      ) : (
        <p className={`${styles.notice} ${styles.warning}`}>{t('dashboardProfile.photo.needsConnection')}</p>
      )}
      <p aria-live="polite" className={styles.muted}>
        {status === 'saved' && t('dashboardProfile.photo.saved')}
      </p>
      {status === 'failed' && (
        <p className={`${styles.notice} ${styles.error}`} role="alert">
          {t('dashboardProfile.photo.failed')}
        </p>
      )}
    </section>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const { db } = useDataLayer();
  const waiting = useWaitingIds().has(PROFILE_ID);
  const errorText = useErrorText();
  const countries = useCountryOptions();
  const languages = useLanguageOptions();
  const phoneCountry = guessPhoneCountry(navigator.languages ?? [], i18n.language);
  const [form, setForm] = useState(() => formOf(profile, phoneCountry));
  // The stored profile changed (pushed from another device, settled after a conflict, rewritten by
  // the service): the form follows it, unless it holds edits not saved yet.
  const [basis, setBasis] = useState(profile);
  if (basis !== profile && basis.updatedAt !== profile.updatedAt) {
    setBasis(profile);
    const unsaved = !sameDocument(
      nextProfile(basis, form, basis.updatedAt) as unknown as WithDeleted<MineDoc>,
      basis as unknown as WithDeleted<MineDoc>,
    );
    if (!unsaved) setForm(formOf(profile, phoneCountry));
  }
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const problems = useMemo(() => problemsOf(profile, form), [profile, form]);
  const role = profile.role;
  const provider = isProviderRole(role);
  const optional = t('auth.fields.optional');
  const thisYear = new Date().getFullYear();

  const set = <K extends FormKey>(field: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (status !== 'saving') setStatus('idle');
  };
  const errorOf = (field: FormKey) => (submitted && problems[field] ? errorText(problems[field]) : undefined);
  const text = (
    field: 'firstName' | 'lastName' | 'yearsOfExperience' | 'graduationYear' | 'yearsAsExpat' | 'barNumber',
  ) => ({
    id: idOf(field),
    value: form[field],
    error: errorOf(field),
    onValue: (value: string) => set(field, value),
  });

  const save = async () => {
    setSubmitted(true);
    const first = [...fieldsOf(role), 'barNumber' as const].find((field) => problems[field]);
    if (first) return document.getElementById(idOf(first))?.focus();
    setStatus('saving');
    try {
      const next = nextProfile(profile, form, new Date().toISOString());
      await saveMine(db, next as unknown as MineDoc);
      // What was saved is the form's new basis: a later change of the stored profile replaces it.
      setBasis(next as Profile);
      setForm(formOf(next as Profile, phoneCountry));
      setSubmitted(false);
      setStatus('saved');
    } catch {
      setStatus('failed');
    }
  };

  return (
    <form
      className={`${styles.card} ${styles.form}`}
      noValidate
      aria-labelledby="dashboard-profile-title"
      aria-describedby="dashboard-profile-sync"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className={tab.heading}>
        <h2 id="dashboard-profile-title">{t('dashboardProfile.title')}</h2>
        <p id="dashboard-profile-sync" className={waiting ? tab.waiting : tab.synced} role="status">
          {waiting ? t('dashboardProfile.sync.waiting') : t('dashboardProfile.sync.synced')}
        </p>
      </div>
      <div className={tab.pair}>
        <TextField
          {...text('firstName')}
          label={t('auth.fields.firstName')}
          autoComplete="given-name"
          maxLength={NAME_MAX_LENGTH}
        />
        <TextField
          {...text('lastName')}
          label={provider ? t('auth.fields.lastName') : `${t('auth.fields.lastName')} ${optional}`}
          autoComplete="family-name"
          maxLength={NAME_MAX_LENGTH}
        />
      </div>
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
        optional={role !== 'lawyer'}
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
        <>
          <div className={tab.pair}>
            <ChoiceField
              id={idOf('residenceCountry')}
              label={t('registerProvider.fields.residenceCountry')}
              placeholder={t('registerProvider.fields.chooseCountry')}
              options={countries}
              value={form.residenceCountry}
              error={errorOf('residenceCountry')}
              onValue={(value) => set('residenceCountry', value)}
            />
            <ChoiceField
              id={idOf('presenceCountry')}
              label={t('registerProvider.fields.presenceCountry')}
              placeholder={t('registerProvider.fields.chooseCountry')}
              options={countries}
              value={form.presenceCountry}
              error={errorOf('presenceCountry')}
              onValue={(value) => set('presenceCountry', value)}
            />
          </div>
          {role === 'lawyer' && (
            <>
              <MultiPicker
                id={idOf('practiceCountries')}
                legend={t('registerProvider.fields.practiceCountries')}
                searchLabel={t('registerProvider.fields.searchCountry')}
                options={countries}
                selected={form.practiceCountries}
                error={errorOf('practiceCountries')}
                onChange={(values) => set('practiceCountries', values)}
              />
              <CheckboxGroup
                id={idOf('specialties')}
                legend={t('registerProvider.fields.specialties')}
                options={LAWYER_SPECIALTIES.map((key) => ({ value: key, label: t(`specialties.${key}`) }))}
                selected={form.specialties}
                error={errorOf('specialties')}
                onChange={(values) => set('specialties', values)}
                onLeave={() => undefined}
              />
              <div className={tab.pair}>
                <TextField
                  {...text('yearsOfExperience')}
                  label={`${t('registerProvider.fields.yearsOfExperience')} ${optional}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={YEARS_MAX}
                />
                <TextField
                  {...text('graduationYear')}
                  label={`${t('registerProvider.fields.graduationYear')} ${optional}`}
                  type="number"
                  inputMode="numeric"
                  min={GRADUATION_YEAR_MIN}
                  max={thisYear}
                />
              </div>
              <TextField
                {...text('barNumber')}
                label={`${t('dashboardProfile.barNumber')} ${optional}`}
                maxLength={40}
                autoComplete="off"
              />
              <EducationList
                id={idOf('education')}
                rows={form.education}
                error={errorOf('education')}
                onChange={(rows) => set('education', rows)}
                onTouched={() => undefined}
              />
            </>
          )}
          {role === 'expat' && (
            <>
              <TextField
                {...text('yearsAsExpat')}
                label={t('registerProvider.fields.yearsAsExpat')}
                type="number"
                inputMode="numeric"
                min={1}
                max={YEARS_MAX}
              />
              <CheckboxGroup
                id={idOf('helpTypes')}
                legend={t('registerProvider.fields.helpTypes')}
                options={EXPAT_SPECIALTIES.map((key) => ({ value: key, label: t(`specialties.${key}`) }))}
                selected={form.helpTypes}
                error={errorOf('helpTypes')}
                onChange={(values) => set('helpTypes', values)}
                onLeave={() => undefined}
              />
            </>
          )}
          <TextAreaField
            id={idOf('bio')}
            label={t('auth.fields.bio')}
            rows={6}
            maxLength={BIO_MAX_LENGTH}
            value={form.bio}
            error={errorOf('bio')}
            onValue={(value) => set('bio', value)}
          />
        </>
      )}
      <p aria-live="polite" className={styles.muted}>
        {status === 'saved' &&
          (waiting ? t('dashboardProfile.sync.savedHere') : t('dashboardProfile.sync.saved'))}
      </p>
      {status === 'failed' && (
        <p className={`${styles.notice} ${styles.error}`} role="alert">
          {t('dashboardProfile.saveFailed')}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={status === 'saving'}>
          {t('dashboardProfile.save')}
        </Button>
      </div>
    </form>
  );
}
