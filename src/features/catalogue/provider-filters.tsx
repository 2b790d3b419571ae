import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage } from '../../domain/languages';
import type { ProviderFilter } from '../../domain/provider';
import { Button } from '../../ui/button';
import { countryName, languageName, optionsByName } from '../../ui/intl';
import { SegmentedControl } from '../../ui/segmented-control';
import { SelectField } from '../../ui/select-field';
import styles from './provider-filters.module.css';

type Props = {
  filter: ProviderFilter;
  /** The countries the directory has experts in. */
  countries: string[];
  /**
   * The countries where the chosen service is offered (admin screen "countries": `useOfferedCountries`);
   * the filter lists those of `countries` only. All, when absent.
   */
  offered?: readonly string[];
  onChange: (filter: ProviderFilter) => void;
};

const TYPES = [
  { value: undefined, key: 'catalogue.type.all' },
  { value: 'lawyer', key: 'catalogue.type.lawyer' },
  { value: 'expat', key: 'catalogue.type.expat' },
] as const;

export function ProviderFilters({ filter, countries, offered, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const chosen = filter.country;
  const countryOptions = useMemo(() => {
    // A country chosen by a link stays shown, even one no longer offered.
    const shown = countries.filter((code) => !offered || offered.includes(code) || code === chosen);
    return optionsByName(shown, (code) => countryName(code, locale), locale);
  }, [countries, offered, chosen, locale]);
  const languageOptions = useMemo(
    () => LANGUAGES.map((code) => ({ value: code, label: languageName(code, locale) })),
    [locale],
  );
  const isFiltered = Object.values(filter).some((v) => v !== undefined);

  return (
    <form
      className={styles.filters}
      onSubmit={(event) => event.preventDefault()}
      aria-label={t('catalogue.filters')}
    >
      <SegmentedControl
        label={t('catalogue.type.label')}
        value={filter.role}
        segments={TYPES.map((type) => ({ value: type.value, label: t(type.key) }))}
        onChange={(role) => onChange({ ...filter, role })}
        className={styles.types}
      />
      <SelectField
        label={t('catalogue.country')}
        anyLabel={t('catalogue.allCountries')}
        value={filter.country ?? ''}
        options={countryOptions}
        onChange={(value) => onChange({ ...filter, country: value || undefined })}
      />
      <SelectField
        label={t('catalogue.language')}
        anyLabel={t('catalogue.allLanguages')}
        value={filter.language ?? ''}
        options={languageOptions}
        onChange={(value) => onChange({ ...filter, language: isLanguage(value) ? value : undefined })}
      />
      <SelectField
        label={t('catalogue.status')}
        anyLabel={t('catalogue.allStatuses')}
        value={filter.online === undefined ? '' : filter.online ? 'online' : 'offline'}
        options={[
          { value: 'online', label: t('catalogue.online') },
          { value: 'offline', label: t('catalogue.offline') },
        ]}
        onChange={(value) => onChange({ ...filter, online: value === '' ? undefined : value === 'online' })}
      />
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
