/**
 * finance/invoices: every invoice, latest number first, paged by the service
 * (GET /api/admin/invoices): searched by number, the client's name or e-mail, the provider's name
 * and the order id; filtered by the number's year, the currency and the dates of issue; sorted by
 * number or date. Each row opens the invoice.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { InvoiceRow } from '../../../domain/admin-invoices';
import { CURRENCIES } from '../../../domain/config';
import { DateRange } from '../calls/date-range';
import { adminPath } from '../screens';
import { AdminList } from '../ui/admin-list';
import { AdminPage } from '../ui/admin-page';
import { useInvoiceColumns } from './invoice-columns';

/** The years a number can carry: from the platform's first invoices to this one. */
function invoiceYears(): string[] {
  const years: string[] = [];
  for (let year = new Date().getUTCFullYear(); year >= 2024; year -= 1) years.push(String(year));
  return years;
}

export function InvoicesPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const columns = useInvoiceColumns();
  return (
    <AdminPage title={t('admin.invoices.title')} subtitle={t('admin.invoices.subtitle')}>
      <DateRange labels={{ from: t('admin.invoices.from'), to: t('admin.invoices.to') }} />
      <AdminList<InvoiceRow>
        endpoint="invoices"
        label={t('admin.invoices.listLabel')}
        columns={columns}
        rowKey={(item) => item.number}
        rowLink={(item) => adminPath('finance/invoices/:number', { number: item.number })}
        query={{ from: params.get('from'), to: params.get('to') }}
        filters={[
          {
            name: 'year',
            label: t('admin.invoices.filters.year'),
            options: invoiceYears().map((year) => ({ value: year, label: year })),
          },
          {
            name: 'currency',
            label: t('admin.invoices.filters.currency'),
            options: CURRENCIES.map((currency) => ({ value: currency, label: currency })),
          },
        ]}
        searchLabel={t('admin.invoices.search')}
        searchPlaceholder={t('admin.invoices.searchPlaceholder')}
        defaultSort={{ key: 'number', dir: 'desc' }}
        emptyText={t('admin.invoices.empty')}
      />
    </AdminPage>
  );
}
