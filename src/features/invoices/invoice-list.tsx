import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvoices } from '../../data/invoices';
import type { InvoiceDoc } from '../../domain/invoice';
import { InvoiceDownloadButton } from '../../ui/invoice-download-button';
import { formatMoney } from '../../ui/intl';
import table from '../../ui/record-table.module.css';
import tabs from '../dashboard/tabs.module.css';
import styles from './invoice-list.module.css';

/**
 * The client's invoices, newest first, each downloadable as a PDF. Everything comes from the
 * user's own documents on this device, so the list and the downloads work offline. Self-contained:
 * a section with its own heading, ready to move into a dashboard tab.
 */
export function InvoiceList() {
  const { t } = useTranslation();
  const invoices = useInvoices();
  const headingId = useId();
  return (
    <section className={tabs.card} aria-labelledby={headingId} data-section="invoices">
      <h2 id={headingId}>{t('invoices.title')}</h2>
      {invoices === undefined ? (
        <p className={tabs.muted} role="status">
          {t('common.loading')}
        </p>
      ) : invoices.length === 0 ? (
        <p className={tabs.muted}>{t('invoices.empty')}</p>
      ) : (
        <InvoiceTable invoices={invoices} />
      )}
    </section>
  );
}

function InvoiceTable({ invoices }: { invoices: InvoiceDoc[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return (
    <table className={table.table}>
      <thead>
        <tr>
          <th scope="col">{t('invoices.columns.number')}</th>
          <th scope="col">{t('invoices.columns.date')}</th>
          <th scope="col">{t('invoices.columns.service')}</th>
          <th scope="col">{t('invoices.columns.provider')}</th>
          <th scope="col" className={table.amount}>
            {t('invoices.columns.total')}
          </th>
          <th scope="col">
            <span className="visually-hidden">{t('invoices.columns.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {invoices.map((invoice) => (
          <tr key={invoice.id} data-invoice={invoice.number}>
            <th scope="row" className={styles.number}>
              {invoice.number}
            </th>
            <td data-label={t('invoices.columns.date')} className={table.date}>
              <time dateTime={invoice.issuedAt}>{date.format(new Date(invoice.issuedAt))}</time>
            </td>
            <td data-label={t('invoices.columns.service')}>{t(`invoices.services.${invoice.service}`)}</td>
            <td data-label={t('invoices.columns.provider')}>{invoice.provider.name}</td>
            <td data-label={t('invoices.columns.total')} className={table.amount}>
              {formatMoney(invoice.amounts.total, invoice.currency, locale)}
            </td>
            <td className={table.action}>
              <InvoiceDownloadButton invoice={invoice} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
