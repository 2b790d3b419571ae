import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { OTHER_TEXT_MAX_LENGTH } from '../../domain/other-text';
import { BIO_MAX_LENGTH, GRADUATION_YEAR_MIN, NAME_MAX_LENGTH, YEARS_MAX } from '../../domain/registration';
import { EXPAT_SPECIALTIES, LAWYER_SPECIALTIES } from '../../domain/specialties';
import { Button } from '../../ui/button';
import { ChoiceField, TextAreaField, TextField } from '../../ui/form-field';
import { MultiPicker } from '../../ui/multi-picker';
import styles from '../account/account.module.css';
import { PhoneField, guessPhoneCountry } from '../account/phone-field';
import { EducationList } from '../register/provider-form-education';
import { useErrorText } from '../register/provider-form-errors';
import { PhotoField } from '../register/provider-form-photo';
import { CheckboxGroup } from '../register/provider-form-picker';
import { useCountryOptions, useLanguageOptions } from '../register/provider-form-sections';
import tab from './profile-tab.module.css';
import { fieldsOf, idOf, formOf, problemsOf, nextProfile } from './profile-form-model';
import type { Form, FormKey } from './profile-form-model';

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
    field:
      | 'firstName'
      | 'lastName'
      | 'yearsOfExperience'
      | 'graduationYear'
      | 'yearsAsExpat'
      | 'barNumber'
      | 'specialtyOther'
      | 'helpTypeOther',
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
              <TextField
                {...text('specialtyOther')}
                label={`${t('registerProvider.fields.specialtyOther')} ${optional}`}
                hint={t('dashboardProfile.otherHint')}
                maxLength={OTHER_TEXT_MAX_LENGTH}
                autoComplete="off"
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
              <TextField
                {...text('helpTypeOther')}
                label={`${t('registerProvider.fields.helpTypeOther')} ${optional}`}
                hint={t('dashboardProfile.otherHint')}
                maxLength={OTHER_TEXT_MAX_LENGTH}
                autoComplete="off"
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
