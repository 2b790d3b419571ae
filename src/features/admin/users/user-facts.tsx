/**
 * The detail page's fact cards: the account (server-side: role, sign-in, language, dates), the
 * user record from the user's own database (names, phones, countries, languages, presentation),
 * and the public profile when the user is a published lawyer or expat.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserDetail } from '../../../domain/admin-users';
import { countryName, languageName } from '../../../ui/intl';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import styles from './users.module.css';

type Fact = { label: string; value: ReactNode };

function Facts({ facts }: { facts: Fact[] }) {
  return (
    <dl className={styles.facts}>
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value : undefined;
const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

export function AccountCard({ account }: { account: UserDetail['account'] }) {
  const { t, i18n } = useTranslation();
  const format = useAdminFormat();
  const signIn =
    account.signInMethod === 'google'
      ? t('admin.users.detail.signIn.google')
      : account.hasPassword
        ? t('admin.users.detail.signIn.password')
        : t('admin.users.detail.signIn.noPassword');
  return (
    <section className={detail.card} aria-labelledby="user-account">
      <h2 id="user-account">{t('admin.users.detail.sections.account')}</h2>
      <Facts
        facts={[
          { label: t('admin.users.detail.fields.email'), value: account.email },
          { label: t('admin.users.detail.fields.role'), value: t(`admin.users.roles.${account.role}`) },
          { label: t('admin.users.detail.fields.signIn'), value: signIn },
          {
            label: t('admin.users.detail.fields.preferredLanguage'),
            value: languageName(account.preferredLanguage, i18n.language),
          },
          { label: t('admin.users.columns.created'), value: format.dateTime(account.createdAt) },
          { label: t('admin.users.detail.fields.lastLogin'), value: format.dateTime(account.lastLoginAt) },
          { label: t('admin.users.detail.fields.updatedAt'), value: format.dateTime(account.updatedAt) },
        ]}
      />
    </section>
  );
}

export function ProfileCard({ profile }: { profile: UserDetail['profile'] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const country = (value: unknown) => (text(value) ? countryName(String(value), locale) : '—');
  return (
    <section className={detail.card} aria-labelledby="user-profile">
      <h2 id="user-profile">{t('admin.users.detail.sections.profile')}</h2>
      {!profile ? (
        <p className={styles.note}>{t('admin.users.detail.noProfile')}</p>
      ) : (
        <>
          <Facts
            facts={[
              { label: t('admin.users.detail.fields.fullName'), value: text(profile.fullName) ?? '—' },
              {
                label: t('admin.users.detail.fields.phone'),
                value: <span dir="ltr">{text(profile.phone) ?? '—'}</span>,
              },
              {
                label: t('admin.users.detail.fields.whatsapp'),
                value: <span dir="ltr">{text(profile.whatsapp) ?? '—'}</span>,
              },
              {
                label: t('admin.users.detail.fields.residenceCountry'),
                value: country(profile.residenceCountry),
              },
              {
                label: t('admin.users.detail.fields.presenceCountry'),
                value: country(profile.presenceCountry),
              },
              {
                label: t('admin.users.detail.fields.languages'),
                value:
                  list(profile.languages)
                    .map((code) => languageName(code, locale))
                    .join(', ') || '—',
              },
            ]}
          />
          {text(profile.bio) && (
            <div>
              <h3 className={styles.note}>{t('admin.users.detail.fields.bio')}</h3>
              <p className={styles.bio}>{text(profile.bio)}</p>
            </div>
          )}
        </>
      )}
    </section>
  );
}

export function PublicProfileCard({ uid, listed }: { uid: string; listed: UserDetail['publicProfile'] }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const yes = (value: boolean) => (value ? t('admin.common.yes') : t('admin.common.no'));
  return (
    <section className={detail.card} aria-labelledby="user-public">
      <h2 id="user-public">{t('admin.users.detail.sections.publicProfile')}</h2>
      {!listed ? (
        <p className={styles.note}>{t('admin.users.detail.noPublicProfile')}</p>
      ) : (
        <>
          <Facts
            facts={[
              {
                label: t('admin.users.detail.fields.availability'),
                value: listed.isOnline ? t('admin.users.flags.online') : t('admin.users.flags.offline'),
              },
              { label: t('admin.users.detail.fields.visible'), value: yes(listed.isVisible) },
              {
                label: t('admin.users.detail.fields.rating'),
                value: t('admin.users.detail.ratingValue', { rating: format.number(listed.rating) }),
              },
              { label: t('admin.users.detail.fields.reviewCount'), value: format.number(listed.reviewCount) },
              {
                label: t('admin.users.detail.fields.completedCalls'),
                value: format.number(listed.completedCalls ?? 0),
              },
            ]}
          />
          <p>
            <a href={`/provider/${encodeURIComponent(uid)}`}>{t('admin.users.detail.viewPublic')}</a>
          </p>
        </>
      )}
    </section>
  );
}
