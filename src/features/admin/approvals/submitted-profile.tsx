/**
 * What a lawyer or expat submitted for their public profile, as an admin checks it before approval:
 * photo, contact, countries, languages, specialties or help areas (with their own "other" words),
 * experience, bar number, diplomas and presentation.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalRequestView, SubmittedProfile } from '../../../domain/approval';
import { DEFAULT_AVATAR } from '../../../domain/constants';
import { countryName, languageName } from '../../../ui/intl';
import styles from '../ui/detail.module.css';
import own from './submitted-profile.module.css';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function SubmittedProfileCard({ request }: { request: ApprovalRequestView }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const profile: SubmittedProfile = request.profile ?? { languages: [] };
  const countries = (codes: string[] | undefined) =>
    codes && codes.length > 0 ? codes.map((code) => countryName(code, locale)).join(', ') : undefined;
  const topics = (codes: string[] | undefined, other: string | undefined) =>
    [
      ...(codes ?? []).map((code) => t(`specialties.${code}`, { defaultValue: code })),
      ...(other ? [t('admin.approvals.fields.other', { text: other })] : []),
    ].join(', ');
  const languages = [
    ...profile.languages.map((code) => languageName(code, locale)),
    ...(profile.languageOther ? [profile.languageOther] : []),
  ].join(', ');
  const name = profile.fullName ?? request.displayName;

  const facts: [string, ReactNode | undefined][] = [
    [t('admin.approvals.fields.email'), request.email],
    [t('admin.approvals.fields.phone'), profile.phone],
    [t('admin.approvals.fields.whatsapp'), profile.whatsapp],
    [t('admin.approvals.fields.interfaceLanguage'), languageName(request.preferredLanguage, locale)],
    [t('admin.approvals.fields.languages'), languages || undefined],
    [
      t('admin.approvals.fields.residenceCountry'),
      countries(profile.residenceCountry ? [profile.residenceCountry] : []),
    ],
    [
      t('admin.approvals.fields.presenceCountry'),
      countries(profile.presenceCountry ? [profile.presenceCountry] : []),
    ],
    [
      t('admin.approvals.fields.interventionCountry'),
      countries(profile.interventionCountry ? [profile.interventionCountry] : []),
    ],
    [
      t('admin.approvals.fields.practiceCountries'),
      [countries(profile.practiceCountries), profile.practiceCountryOther].filter(Boolean).join(', ') ||
        undefined,
    ],
    [t('admin.approvals.fields.yearsOfExperience'), profile.yearsOfExperience],
    [t('admin.approvals.fields.graduationYear'), profile.graduationYear],
    [t('admin.approvals.fields.barNumber'), profile.barNumber],
    [t('admin.approvals.fields.yearsAsExpat'), profile.yearsAsExpat],
    [
      request.role === 'lawyer'
        ? t('admin.approvals.fields.specialties')
        : t('admin.approvals.fields.helpTypes'),
      request.role === 'lawyer'
        ? topics(profile.specialties, profile.specialtyOther)
        : topics(profile.helpTypes, profile.helpTypeOther),
    ],
  ];

  return (
    <section className={styles.card} aria-labelledby="submitted-profile">
      <h2 id="submitted-profile">{t('admin.approvals.sections.profile')}</h2>
      <div className={own.identity}>
        <img
          className={own.photo}
          src={profile.photo || DEFAULT_AVATAR}
          alt={profile.photo ? t('admin.approvals.photoAlt', { name }) : t('admin.approvals.noPhoto')}
          width={120}
          height={120}
        />
        <dl className={styles.facts}>
          {facts
            .filter(([, value]) => value !== undefined && value !== '')
            .map(([label, value]) => (
              <Fact key={label} label={label}>
                {value}
              </Fact>
            ))}
        </dl>
      </div>
      {profile.education && profile.education.length > 0 && (
        <div>
          <h3 className={own.subtitle}>{t('admin.approvals.sections.education')}</h3>
          <ul className={own.education}>
            {profile.education.map((entry, index) => (
              <li key={index}>
                <strong>{entry.title}</strong>
                {[entry.institution, entry.year].filter(Boolean).length > 0 && (
                  <span className={styles.secondary}>
                    {' '}
                    · {[entry.institution, entry.year].filter(Boolean).join(', ')}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {profile.bio && (
        <div>
          <h3 className={own.subtitle}>{t('admin.approvals.sections.bio')}</h3>
          <p className={own.bio}>{profile.bio}</p>
        </div>
      )}
    </section>
  );
}
