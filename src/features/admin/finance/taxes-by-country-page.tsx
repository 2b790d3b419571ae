/**
 * finance/taxes/by-country: one period's VAT (GET /api/admin/taxes/by-country?period=) per client
 * country, per currency, the most VAT first, countries named in the interface language and a total
 * per currency. The period is in the URL (`2026-03`, `2026-Q1`, `2026`), this month by default.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { addSums, emptyFigures, parseTaxPeriod, taxPeriodsOf } from '../../../domain/admin-taxes';
import type { TaxCountryReport, TaxFigures, TaxGranularity } from '../../../domain/admin-taxes';
import { CURRENCIES } from '../../../domain/config';
import type { Currency } from '../../../domain/config';
import { AdminPage } from '../ui/admin-page';
import detail from '../ui/detail.module.css';
import { useAdminQuery } from '../ui/use-admin-query';
import styles from './finance-reports.module.css';
import { ReportStatus } from './report-status';
import { useTaxLabels } from './tax-labels';
import { TaxPeriodControls } from './tax-period-controls';
import { TaxTable } from './tax-table';

function periodKey(granularity: TaxGranularity, year: number, part = 1): string {
  if (granularity === 'month') return `${year}-${String(part).padStart(2, '0')}`;
  if (granularity === 'quarter') return `${year}-Q${part}`;
  return String(year);
}

/** The month (1–12) or quarter (1–4) of a period key. */
function partOf(key: string, granularity: TaxGranularity): number {
  if (granularity === 'month') return Number(key.slice(5, 7));
  if (granularity === 'quarter') return Number(key.slice(-1));
  return 1;
}

function totalOf(currency: Currency, rows: TaxFigures[]): TaxFigures {
  return rows.reduce(
    (sum, row) =>
      addSums(sum, [
        row.invoices,
        row.invoiced.net,
        row.invoiced.vat,
        row.invoiced.total,
        row.creditNotes,
        row.credited.net,
        row.credited.vat,
        row.credited.total,
      ]),
    emptyFigures(currency),
  );
}

export function TaxesByCountryPage() {
  const { t } = useTranslation();
  const labels = useTaxLabels();
  const [params, setParams] = useSearchParams();
  const period =
    parseTaxPeriod(params.get('period') ?? '') ??
    parseTaxPeriod(taxPeriodsOf(new Date().toISOString()).month)!;
  const report = useAdminQuery<TaxCountryReport>('taxes/by-country', { period: period.key });

  return (
    <AdminPage
      title={t('admin.taxes.byCountry.title')}
      subtitle={t('admin.taxes.byCountry.subtitle')}
      back={{
        to: `/admin/finance/taxes?granularity=${period.granularity}&year=${period.year}`,
        label: t('admin.taxes.byCountry.back'),
      }}
    >
      <TaxPeriodControls
        granularity={period.granularity}
        year={period.year}
        part={partOf(period.key, period.granularity)}
        onChange={(choice) =>
          setParams({ period: periodKey(choice.granularity, choice.year ?? period.year, choice.part) })
        }
      />
      <h2 className={styles.currency} data-tax-period>
        {labels.period(period.key)}
      </h2>
      <ReportStatus state={report} area="taxes" />
      {report.status === 'ready' && (
        <>
          {report.data.unavailable.length > 0 && (
            <p className={detail.notice} data-tone="warn" data-tax-unavailable>
              {t('admin.taxes.unavailable', { numbers: report.data.unavailable.join(', ') })}
            </p>
          )}
          {report.data.rows.length === 0 && <p>{t('admin.taxes.empty')}</p>}
          {CURRENCIES.map((currency) => {
            const rows = report.data.rows.filter((row) => row.currency === currency);
            if (rows.length === 0) return null;
            return (
              <section key={currency} className={detail.section} data-tax-currency={currency}>
                <h3 className={styles.currency}>{labels.currency(currency)}</h3>
                <TaxTable
                  caption={`${t('admin.taxes.byCountry.title')} · ${labels.period(period.key)} · ${currency}`}
                  nameLabel={t('admin.taxes.columns.country')}
                  rows={rows.map((row) => ({
                    key: row.country,
                    name: labels.country(row.country),
                    figures: row,
                  }))}
                  total={rows.length > 1 ? totalOf(currency, rows) : undefined}
                />
              </section>
            );
          })}
        </>
      )}
    </AdminPage>
  );
}
