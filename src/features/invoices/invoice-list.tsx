import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvoices } from '../../data/invoices';
import { isCreditNote } from '../../domain/credit-note';
import type { BillingDoc } from '../../domain/credit-note';
import { InvoiceDownloadButton } from '../../ui/invoice-download-button';
import { formatMoney } from '../../ui/intl';
import table from '../../ui/record-table.module.css';
import tabs from '../dashboard/tabs.module.css';
import styles from './invoice-list.module.css';

/**
 * The client's invoices and credit notes, newest first, each downloadable as a PDF. A credit note
 * says so, names the invoice it corrects and shows its amount as money given back (−24,50 €).
 * Everything comes from the user's own documents on this device, so the list and the downloads
 * work offline. Self-contained: a section with its own heading, ready to move into a dashboard tab.
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

function InvoiceTable({ invoices }: { invoices: BillingDoc[] }) {
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
        {invoices.map((invoice) => {
          const credit = isCreditNote(invoice) ? invoice : undefined;
          return (
            <tr
              key={invoice.id}
              data-invoice={credit ? undefined : invoice.number}
              data-credit-note={credit?.number}
            >
              <th scope="row" className={styles.number}>
                {credit && <span className={styles.kind}>{t('invoices.kinds.creditNote')}</span>}
                {invoice.number}
                {credit && (
                  <span className={styles.corrects}>
                    {t('invoices.corrects', { number: credit.invoiceNumber })}
                  </span>
                )}
              </th>
              <td data-label={t('invoices.columns.date')} className={table.date}>
                <time dateTime={invoice.issuedAt}>{date.format(new Date(invoice.issuedAt))}</time>
              </td>
              <td data-label={t('invoices.columns.service')}>{t(`invoices.services.${invoice.service}`)}</td>
              <td data-label={t('invoices.columns.provider')}>{invoice.provider.name}</td>
              <td
                data-label={t('invoices.columns.total')}
                className={`${table.amount} ${credit ? styles.givenBack : ''}`}
              >
                {/* A credit note's total is money given back: shown negative, as on a statement. */}
                {formatMoney(
                  credit ? -invoice.amounts.total : invoice.amounts.total,
                  invoice.currency,
                  locale,
                )}
              </td>
              <td className={table.action}>
                <InvoiceDownloadButton invoice={invoice} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
