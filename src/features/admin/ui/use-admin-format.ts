import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../ui/intl';

/** Dates, amounts, numbers and percentages in the interface language, for console screens. */
export function useAdminFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    const number = new Intl.NumberFormat(locale);
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    const valid = (value: string | number | Date | undefined | null) =>
      value !== undefined && value !== null && value !== '' && !Number.isNaN(new Date(value).getTime());
    return {
      /** 16 juin 2025 à 14:05; '—' when absent. */
      dateTime: (value: string | number | Date | undefined | null) =>
        valid(value) ? dateTime.format(new Date(value!)) : '—',
      date: (value: string | number | Date | undefined | null) =>
        valid(value) ? date.format(new Date(value!)) : '—',
      /** Integer minor units and a currency code (4900, 'EUR' → 49 €). */
      money: (amount: number, currency: string) => formatMoney(amount, currency, locale),
      number: (value: number) => number.format(value),
      /** A rate as a percentage (0.125 → 12,5 %). */
      percent: (rate: number) => percent.format(rate),
    };
  }, [locale]);
}
