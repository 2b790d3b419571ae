/**
 * finance/invoices/:number: one invoice as its document holds it, in the words and formats the PDF
 * prints (src/invoice/labels.ts, format.ts) in the interface language: seller and buyer, the line
 * and its discount, the VAT breakdown and the totals; "Télécharger le PDF" renders the same PDF as
 * the client's invoices tab, in the browser (the renderer is loaded on the click only); a link to
 * the payment it settled.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { InvoiceDoc, InvoiceParty } from '../../../domain/invoice';
import { resolveLanguage } from '../../../domain/languages';
import { invoiceFormat } from '../../../invoice/format';
import { INVOICE_LABELS } from '../../../invoice/labels';
import { InvoiceDownloadButton } from '../../../ui/invoice-download-button';
import { RecordTable } from '../calls/call-records';
import { adminPath } from '../screens';
import { AdminPage } from '../ui/admin-page';
import { PendingPage } from '../ui/pending-page';
import { useAdminQuery } from '../ui/use-admin-query';
import detail from '../ui/detail.module.css';
import styles from '../calls/calls.module.css';

function Party({
  id,
  title,
  party,
  country,
}: {
  id: string;
  title: string;
  party: InvoiceParty;
  country?: string;
}) {
  return (
    <section className={detail.section} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className={detail.name}>
        <strong>{party.name}</strong>
        {party.address?.map((line) => (
          <span key={line}>{line}</span>
        ))}
        {country && party.address?.at(-1) !== country && <span>{country}</span>}
        {party.email && <span className={detail.secondary}>{party.email}</span>}
        {party.companyId && <span className={detail.secondary}>{party.companyId}</span>}
        {party.vatId && <span className={detail.secondary}>{party.vatId}</span>}
      </p>
    </section>
  );
}

function InvoiceBody({ invoice }: { invoice: InvoiceDoc }) {
  const { t, i18n } = useTranslation();
  const language = resolveLanguage(i18n.language);
  const labels = INVOICE_LABELS[language];
  const format = invoiceFormat(language, invoice.currency);
  const { amounts, coupon } = invoice;
  const facts: [string, ReactNode][] = [
    [labels.number, invoice.number],
    [labels.issuedOn, format.date(invoice.issuedAt)],
    [labels.paidOn, format.date(invoice.paidAt)],
    [
      labels.orderId,
      <Link to={adminPath('finance/payments/:orderId', { orderId: invoice.orderId })}>
        {invoice.orderId}
      </Link>,
    ],
    [labels.currency, format.currencyName(invoice.currency)],
  ];
  const provider = invoice.provider.profession
    ? `${invoice.provider.name} (${labels.professions[invoice.provider.profession]})`
    : invoice.provider.name;
  const details: [string, string][] = [
    [labels.provider, provider],
    [labels.bookedDuration, format.minutes(invoice.durationMinutes)],
    [labels.callDuration, format.callLength(invoice.callSeconds)],
    [labels.consultationOn, format.dateTime(invoice.consultationAt)],
  ];
  return (
    <>
      <section className={detail.section} aria-labelledby="invoice-facts">
        <h2 id="invoice-facts">{t('admin.invoices.summary')}</h2>
        <dl className={detail.facts}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div className={detail.columns}>
        <Party
          id="invoice-seller"
          title={labels.seller}
          party={invoice.seller}
          country={format.country(invoice.seller.country)}
        />
        <Party
          id="invoice-buyer"
          title={labels.buyer}
          party={invoice.buyer}
          country={format.country(invoice.buyer.country)}
        />
      </div>
      <RecordTable id="invoice-lines" title={t('admin.invoices.lines')} data-invoice-lines>
        <thead>
          <tr>
            <th scope="col">{labels.description}</th>
            <th scope="col" className={styles.end}>
              {labels.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <span className={detail.name}>
                <span>{labels.services[invoice.service]}</span>
                {details.map(([label, value]) => (
                  <span key={label} className={detail.secondary}>
                    {t('admin.invoices.labelled', { label, value })}
                  </span>
                ))}
              </span>
            </td>
            <td className={styles.end}>{format.money(amounts.standard)}</td>
          </tr>
          {coupon && (
            <tr>
              <td>
                {labels.coupon} {coupon.code}
              </td>
              <td className={styles.end}>{format.money(-amounts.discount)}</td>
            </tr>
          )}
        </tbody>
      </RecordTable>
      <RecordTable id="invoice-vat" title={t('admin.invoices.vatBreakdown')} data-invoice-vat>
        <thead>
          <tr>
            <th scope="col">{t('admin.invoices.vatRate')}</th>
            <th scope="col" className={styles.end}>
              {labels.net}
            </th>
            <th scope="col" className={styles.end}>
              {labels.vat(format.percent(invoice.vatRate))}
            </th>
            <th scope="col" className={styles.end}>
              {labels.total}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{format.percent(invoice.vatRate)}</td>
            <td className={styles.end}>{format.money(amounts.net)}</td>
            <td className={styles.end}>{format.money(amounts.vat)}</td>
            <td className={styles.end}>{format.money(amounts.total)}</td>
          </tr>
        </tbody>
      </RecordTable>
      {invoice.vatNote && <p className={detail.secondary}>{invoice.vatNote}</p>}
      <section className={detail.section} aria-labelledby="invoice-totals">
        <h2 id="invoice-totals">{t('admin.invoices.totals')}</h2>
        <dl className={detail.facts} data-invoice-totals>
          <div>
            <dt>{labels.standardPrice}</dt>
            <dd>{format.money(amounts.standard)}</dd>
          </div>
          {amounts.discount > 0 && (
            <div>
              <dt>{labels.coupon}</dt>
              <dd>{format.money(-amounts.discount)}</dd>
            </div>
          )}
          <div>
            <dt>{labels.net}</dt>
            <dd>{format.money(amounts.net)}</dd>
          </div>
          <div>
            <dt>{labels.vat(format.percent(invoice.vatRate))}</dt>
            <dd>{format.money(amounts.vat)}</dd>
          </div>
          <div>
            <dt>{labels.total}</dt>
            <dd>
              <strong>{format.money(amounts.total)}</strong>
            </dd>
          </div>
        </dl>
      </section>
    </>
  );
}

export function InvoiceDetailPage() {
  const { number = '' } = useParams();
  const { t } = useTranslation();
  const result = useAdminQuery<{ invoice: InvoiceDoc }>(`invoices/${encodeURIComponent(number)}`);
  const back = { to: adminPath('finance/invoices'), label: t('admin.invoices.back') };
  const invoice = result.data?.invoice;
  if (!invoice) {
    return (
      <PendingPage title={t('admin.invoices.detailTitle')} back={back} result={result} errorArea="invoices" />
    );
  }
  return (
    <AdminPage
      title={`${t('admin.invoices.detailTitle')} ${invoice.number}`}
      subtitle={<span className={detail.secondary}>{invoice.buyer.name}</span>}
      back={back}
      actions={
        <span className={detail.actions}>
          <InvoiceDownloadButton invoice={invoice} variant="primary" />
          <Link to={adminPath('finance/payments/:orderId', { orderId: invoice.orderId })}>
            {t('admin.invoices.openPayment')}
          </Link>
        </span>
      }
    >
      <InvoiceBody invoice={invoice} />
    </AdminPage>
  );
}
