/**
 * How the VAT screens choose what they show: the granularity (month, quarter, year) and the year,
 * and on the by-country screen the month or quarter too. The choice lives in the URL (the screen
 * reads it back), so a report can be linked to and survives a reload.
 */
import { useTranslation } from 'react-i18next';
import { TAX_GRANULARITIES } from '../../../domain/admin-taxes';
import type { TaxGranularity } from '../../../domain/admin-taxes';
import { SegmentedControl } from '../../../ui/segmented-control';
import styles from './finance-reports.module.css';
import { useTaxLabels } from './tax-labels';

/** The years offered: this one and the five before (UTC). */
export function taxYears(): number[] {
  const now = new Date().getUTCFullYear();
  return Array.from({ length: 6 }, (_, index) => now - index);
}

type Props = {
  granularity: TaxGranularity;
  /** Undefined: every year (the yearly report only). */
  year: number | undefined;
  allowAllYears?: boolean;
  /** The month (1–12) or quarter (1–4) on the by-country screen. */
  part?: number;
  onChange: (choice: { granularity: TaxGranularity; year: number | undefined; part?: number }) => void;
};

export function TaxPeriodControls({ granularity, year, allowAllYears, part, onChange }: Props) {
  const { t } = useTranslation();
  const labels = useTaxLabels();
  const partOptions =
    granularity === 'month'
      ? Array.from({ length: 12 }, (_, index) => ({ value: index + 1, label: labels.monthName(index) }))
      : granularity === 'quarter'
        ? [1, 2, 3, 4].map((quarter) => ({
            value: quarter,
            label: t('admin.taxes.quarter', { quarter, year }),
          }))
        : [];
  return (
    <div className={styles.controls} data-tax-controls>
      <SegmentedControl<TaxGranularity>
        label={t('admin.taxes.granularity.label')}
        value={granularity}
        segments={TAX_GRANULARITIES.map((value) => ({ value, label: t(`admin.taxes.granularity.${value}`) }))}
        onChange={(value) => onChange({ granularity: value, year: year ?? taxYears()[0], part: 1 })}
      />
      <label className={styles.field}>
        {t('admin.taxes.year')}
        <select
          value={year ?? ''}
          onChange={(event) =>
            onChange({ granularity, year: event.target.value ? Number(event.target.value) : undefined, part })
          }
          data-tax-year
        >
          {allowAllYears && granularity === 'year' && <option value="">{t('admin.taxes.allYears')}</option>}
          {taxYears().map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </label>
      {part !== undefined && partOptions.length > 0 && (
        <label className={styles.field}>
          {granularity === 'month' ? t('admin.taxes.month') : t('admin.taxes.quarterPick')}
          <select
            value={part}
            onChange={(event) => onChange({ granularity, year, part: Number(event.target.value) })}
            data-tax-part
          >
            {partOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
