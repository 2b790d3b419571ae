/**
 * finance/taxes: the VAT collected per period (GET /api/admin/taxes): the months or quarters of a
 * year, or the years, per currency, each with the invoices and credit notes counted and the net,
 * VAT and total collected (invoiced minus credited); each period links to its split by country.
 * The granularity and the year are in the URL.
 */
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { TAX_GRANULARITIES } from '../../../domain/admin-taxes';
import type { TaxGranularity, TaxReport } from '../../../domain/admin-taxes';
import { CURRENCIES } from '../../../domain/config';
import { AdminPage } from '../ui/admin-page';
import detail from '../ui/detail.module.css';
import { useAdminQuery } from '../ui/use-admin-query';
import styles from './finance-reports.module.css';
import { ReportStatus } from './report-status';
import { useTaxLabels } from './tax-labels';
import { TaxPeriodControls, taxYears } from './tax-period-controls';
import { TaxTable } from './tax-table';

export function TaxesPage() {
  const { t } = useTranslation();
  const labels = useTaxLabels();
  const [params, setParams] = useSearchParams();
  const granularity = (TAX_GRANULARITIES as readonly string[]).includes(params.get('granularity') ?? '')
    ? (params.get('granularity') as TaxGranularity)
    : 'month';
  const rawYear = params.get('year');
  const year = rawYear === 'all' && granularity === 'year' ? undefined : Number(rawYear) || taxYears()[0];
  const report = useAdminQuery<TaxReport>('taxes', { granularity, year });

  return (
    <AdminPage title={t('admin.taxes.title')} subtitle={t('admin.taxes.subtitle')}>
      <TaxPeriodControls
        granularity={granularity}
        year={year}
        allowAllYears
        onChange={(choice) =>
          setParams({
            granularity: choice.granularity,
            year: choice.year === undefined ? 'all' : String(choice.year),
          })
        }
      />
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
                <h2 className={styles.currency}>{labels.currency(currency)}</h2>
                <TaxTable
                  caption={`${t('admin.taxes.title')} · ${labels.currency(currency)}`}
                  nameLabel={t('admin.taxes.columns.period')}
                  rows={rows.map((row) => ({
                    key: row.period,
                    name: labels.period(row.period),
                    figures: row,
                  }))}
                  action={(row) => (
                    <Link
                      to={`/admin/finance/taxes/by-country?period=${row.key}`}
                      aria-label={t('admin.taxes.byCountryLabel', { period: labels.period(row.key) })}
                    >
                      {t('admin.taxes.byCountryLink')}
                    </Link>
                  )}
                />
              </section>
            );
          })}
        </>
      )}
    </AdminPage>
  );
}
