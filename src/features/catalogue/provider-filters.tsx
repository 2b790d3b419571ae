import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage } from '../../domain/languages';
import type { ProviderFilter } from '../../domain/provider';
import { Button } from '../../ui/button';
import { countryName, languageName } from '../../ui/intl';
import styles from './provider-filters.module.css';

type Props = { filter: ProviderFilter; countries: string[]; onChange: (filter: ProviderFilter) => void };

const TYPES = [
  { value: undefined, key: 'catalogue.type.all' },
  { value: 'lawyer', key: 'catalogue.type.lawyer' },
  { value: 'expat', key: 'catalogue.type.expat' },
] as const;

export function ProviderFilters({ filter, countries, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const sortedCountries = [...countries].sort((a, b) =>
    countryName(a, locale).localeCompare(countryName(b, locale), locale),
  );
  const isFiltered = Object.values(filter).some((v) => v !== undefined);

  return (
    <form
      className={styles.filters}
      onSubmit={(event) => event.preventDefault()}
      aria-label={t('catalogue.filters')}
    >
      <div className={styles.types} role="radiogroup" aria-label={t('catalogue.type.label')}>
        {TYPES.map((type) => (
          <button
            key={type.key}
            type="button"
            role="radio"
            aria-checked={filter.role === type.value}
            className={`${styles.type} ${filter.role === type.value ? styles.selected : ''}`}
            onClick={() => onChange({ ...filter, role: type.value })}
          >
            {t(type.key)}
          </button>
        ))}
      </div>
      <Field label={t('catalogue.country')}>
        {(id) => (
          <select
            id={id}
            value={filter.country ?? ''}
            onChange={(e) => onChange({ ...filter, country: e.target.value || undefined })}
          >
            <option value="">{t('catalogue.allCountries')}</option>
            {sortedCountries.map((code) => (
              <option key={code} value={code}>
                {countryName(code, locale)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('catalogue.language')}>
        {(id) => (
          <select
            id={id}
            value={filter.language ?? ''}
            onChange={(e) =>
              onChange({ ...filter, language: isLanguage(e.target.value) ? e.target.value : undefined })
            }
          >
            <option value="">{t('catalogue.allLanguages')}</option>
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {languageName(code, locale)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('catalogue.status')}>
        {(id) => (
          <select
            id={id}
            value={filter.online === undefined ? '' : filter.online ? 'online' : 'offline'}
            onChange={(e) =>
              onChange({ ...filter, online: e.target.value === '' ? undefined : e.target.value === 'online' })
            }
          >
            <option value="">{t('catalogue.allStatuses')}</option>
            <option value="online">{t('catalogue.online')}</option>
            <option value="offline">{t('catalogue.offline')}</option>
          </select>
        )}
      </Field>
      <Button
        variant="ghost"
        size="small"
        onClick={() => onChange({})}
        disabled={!isFiltered}
        className={styles.reset}
      >
        {t('catalogue.reset')}
      </Button>
    </form>
  );
}

/** A labelled control whose accessible name is its label alone. */
function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}
