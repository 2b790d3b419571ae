/**
 * Words of the VAT screens in the interface language: a period key (`2026-03`, `2026-Q1`, `2026`)
 * as "mars 2026", "T1 2026", "2026"; a country code as its name (`Intl.DisplayNames`), the unknown
 * country in words; a currency code as its name.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { UNKNOWN_COUNTRY, parseTaxPeriod } from '../../../domain/admin-taxes';

function displayName(locale: string, type: 'region' | 'currency', code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function useTaxLabels() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => {
    const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    return {
      period(key: string): string {
        const period = parseTaxPeriod(key);
        if (!period) return key;
        if (period.granularity === 'month') return month.format(new Date(period.from));
        if (period.granularity === 'quarter')
          return t('admin.taxes.quarter', { quarter: key.slice(-1), year: period.year });
        return String(period.year);
      },
      country: (code: string) =>
        code === UNKNOWN_COUNTRY ? t('admin.taxes.unknownCountry') : displayName(locale, 'region', code),
      currency: (code: string) => `${displayName(locale, 'currency', code)} (${code})`,
      /** A month's name alone, for the month picker. */
      monthName: (index: number) =>
        new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(
          new Date(Date.UTC(2000, index, 1)),
        ),
    };
  }, [locale, t]);
}
