import { useTranslation } from 'react-i18next';
import { DEFAULT_AVATAR, NEW_PROVIDER_RATING, NEW_PROVIDER_REVIEW_COUNT } from '../../domain/constants';
import { isCountryCode } from '../../domain/countries';
import { normalizeOtherText } from '../../domain/other-text';
import { countryName, languageName } from '../../ui/intl';
import { ProviderPhoto } from '../../ui/provider-photo';
import { Rating } from '../../ui/rating';
import type { ProviderForm, ProviderRole } from './provider-form-model';
import styles from './provider-form-preview.module.css';

const SHOWN_SPECIALTIES = 3;
const BIO_EXCERPT = 160;

type Props = { role: ProviderRole; form: ProviderForm; photo?: string };

/**
 * How the public card will look once the profile is approved, in the catalogue's card look, drawn
 * from what is typed so far (placeholders where nothing is yet).
 */
export function ProfilePreview({ role, form, photo }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const name = [form.firstName.trim(), form.lastName.trim()].filter(Boolean).join(' ');
  const country = [form.presenceCountry, form.residenceCountry].find(isCountryCode);
  const languages = [
    ...form.languages.map((code) => languageName(code, locale)),
    ...(form.languageOther.trim() ? [form.languageOther.trim()] : []),
  ];
  const codes = role === 'lawyer' ? form.specialties : form.helpTypes;
  // The "other" text is shown as the card shows it: the provider's own words, in quotes.
  const words = normalizeOtherText(role === 'lawyer' ? form.specialtyOther : form.helpTypeOther);
  const shownTopics = [
    ...codes.map((key) => ({ key, words: false, text: t(`specialties.${key}`, { defaultValue: key }) })),
    ...(words ? [{ key: 'other', words: true, text: words }] : []),
  ];
  const years = Number(role === 'lawyer' ? form.yearsOfExperience : form.yearsAsExpat);
  const bio = form.bio.trim();

  return (
    <article className={styles.card} aria-label={t('registerProvider.preview.label')}>
      <div className={styles.top}>
        <ProviderPhoto src={photo ?? DEFAULT_AVATAR} size={72} className={styles.photo} />
        <div className={styles.identity}>
          <h3 className={`${styles.name} ${name ? '' : styles.placeholder}`}>
            {name || t('registerProvider.preview.name')}
          </h3>
          <p className={styles.profession}>{t(`professions.${role}`)}</p>
          <p className={styles.country}>
            {country ? countryName(country, locale) : t('registerProvider.preview.country')}
          </p>
        </div>
      </div>
      <div className={styles.status}>
        <Rating value={NEW_PROVIDER_RATING} reviews={NEW_PROVIDER_REVIEW_COUNT} />
        <span className={styles.badge}>{t('registerProvider.preview.pending')}</span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('catalogue.languages')}</dt>
          <dd>{languages.length > 0 ? languages.join(', ') : '—'}</dd>
        </div>
        <div>
          <dt>{role === 'lawyer' ? t('catalogue.experience') : t('registerProvider.preview.abroad')}</dt>
          <dd>
            {Number.isInteger(years) &&
            (role === 'lawyer' ? form.yearsOfExperience : form.yearsAsExpat).trim()
              ? t('catalogue.years', { count: years })
              : '—'}
          </dd>
        </div>
      </dl>
      {shownTopics.length > 0 && (
        <ul className={styles.specialties}>
          {shownTopics.slice(0, SHOWN_SPECIALTIES).map((topic) =>
            topic.words ? (
              <li key={topic.key} className={styles.ownWords} title={t('catalogue.ownWords')}>
                <q>{topic.text}</q>
              </li>
            ) : (
              <li key={topic.key}>{topic.text}</li>
            ),
          )}
          {shownTopics.length > SHOWN_SPECIALTIES && (
            <li className={styles.more}>+{shownTopics.length - SHOWN_SPECIALTIES}</li>
          )}
        </ul>
      )}
      <p className={`${styles.bio} ${bio ? '' : styles.placeholder}`}>
        {bio
          ? bio.length > BIO_EXCERPT
            ? `${bio.slice(0, BIO_EXCERPT).trimEnd()}…`
            : bio
          : t('registerProvider.preview.bio')}
      </p>
    </article>
  );
}
