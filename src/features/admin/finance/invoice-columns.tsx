/** The columns of the invoices list: the number, when it was issued, who bought from whom, the total. */
import { useTranslation } from 'react-i18next';
import type { InvoiceRow } from '../../../domain/admin-invoices';
import type { AdminColumn } from '../ui/admin-list';
import { useAdminFormat } from '../ui/use-admin-format';
import styles from '../ui/detail.module.css';

export function useInvoiceColumns(): AdminColumn<InvoiceRow>[] {
  const { t } = useTranslation();
  const format = useAdminFormat();
  return [
    {
      key: 'number',
      label: t('admin.invoices.columns.number'),
      sortable: true,
      firstDir: 'desc',
      render: (item) => (
        <span className={styles.name}>
          <span>{item.number}</span>
          <span className={styles.secondary}>{item.orderId}</span>
        </span>
      ),
    },
    {
      key: 'issuedAt',
      label: t('admin.invoices.columns.issued'),
      sortable: true,
      firstDir: 'desc',
      render: (item) => format.date(item.issuedAt),
    },
    {
      key: 'buyer',
      label: t('admin.invoices.columns.buyer'),
      render: (item) => (
        <span className={styles.name}>
          <span>{item.buyer.name}</span>
          <span className={styles.secondary}>{item.buyer.email}</span>
        </span>
      ),
    },
    {
      key: 'provider',
      label: t('admin.invoices.columns.provider'),
      render: (item) => item.provider.name,
    },
    {
      key: 'total',
      label: t('admin.invoices.columns.total'),
      align: 'end',
      render: (item) => format.money(item.total, item.currency),
    },
  ];
}
