/**
 * `/admin/b2b/invoices`: the companies' monthly invoices, newest month first, filtered by month
 * and state; each with its PDF (rendered by the service) and, while issued, "mark paid".
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { B2B_INVOICE_STATES } from '../../../domain/b2b';
import type { B2bInvoice } from '../../../domain/b2b';
import { Button } from '../../../ui/button';
import { adminSend, adminUrl } from '../admin-api';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { AdminPage } from '../ui/admin-page';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import { monthLabel, recentMonths } from './b2b-view';
import styles from './b2b.module.css';

const invoicePath = (invoice: B2bInvoice) => `b2b/invoices/${invoice.accountId}/${invoice.month}`;

export function B2bInvoicesPage() {
  const { t, i18n } = useTranslation();
  const format = useAdminFormat();
  const [changes, setChanges] = useState(0);
  const [paying, setPaying] = useState<B2bInvoice>();
  const language = i18n.language.slice(0, 2);

  const columns: AdminColumn<B2bInvoice>[] = [
    {
      key: 'number',
      label: t('admin.b2b.invoices.number'),
      render: (invoice) => (
        <span className={detail.name}>
          <span>{invoice.number}</span>
          <span className={detail.secondary}>{invoice.buyer.name}</span>
        </span>
      ),
    },
    { key: 'month', label: t('admin.b2b.billing.month'), render: (i) => monthLabel(i.month, i18n.language) },
    {
      key: 'lines',
      label: t('admin.b2b.invoices.consultations'),
      align: 'end',
      render: (i) => format.number(i.lines.length),
    },
    {
      key: 'total',
      label: t('admin.b2b.invoices.total'),
      align: 'end',
      render: (i) => format.money(i.amounts.total, i.currency),
    },
    {
      key: 'state',
      label: t('admin.b2b.columns.state'),
      render: (invoice) => (
        <span className={detail.badge} data-tone={invoice.state === 'paid' ? 'good' : 'warn'}>
          {t(`admin.b2b.invoices.states.${invoice.state}`)}
        </span>
      ),
    },
    {
      key: 'actions',
      label: t('admin.b2b.members.actions'),
      render: (invoice) => (
        <span className={styles.actions}>
          <a
            href={adminUrl(`${invoicePath(invoice)}/pdf`, { lang: language })}
            download={`${invoice.number}.pdf`}
          >
            {t('admin.b2b.invoices.pdf')}
          </a>
          {invoice.state === 'issued' && (
            <Button variant="ghost" size="small" onClick={() => setPaying(invoice)}>
              {t('admin.b2b.invoices.markPaid')}
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <AdminPage title={t('admin.b2b.invoicesTitle')} subtitle={t('admin.b2b.invoicesSubtitle')}>
      <AdminList<B2bInvoice>
        endpoint="b2b/invoices"
        label={t('admin.b2b.invoicesTitle')}
        columns={columns}
        rowKey={(invoice) => invoice.id}
        reloadKey={changes}
        filters={[
          {
            name: 'month',
            label: t('admin.b2b.billing.month'),
            options: recentMonths(24).map((value) => ({ value, label: monthLabel(value, i18n.language) })),
          },
          {
            name: 'state',
            label: t('admin.b2b.columns.state'),
            options: B2B_INVOICE_STATES.map((state) => ({
              value: state,
              label: t(`admin.b2b.invoices.states.${state}`),
            })),
          },
        ]}
        emptyText={t('admin.b2b.invoices.empty')}
      />
      <ConfirmDialog
        open={paying !== undefined}
        title={t('admin.b2b.invoices.markPaidTitle', { number: paying?.number ?? '' })}
        confirmLabel={t('admin.b2b.invoices.markPaid')}
        errorArea="b2b"
        onConfirm={() => (paying ? adminSend('POST', `${invoicePath(paying)}/paid`) : undefined)}
        onDone={() => setChanges((n) => n + 1)}
        onClose={() => setPaying(undefined)}
      />
    </AdminPage>
  );
}
