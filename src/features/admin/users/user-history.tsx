/**
 * The detail page's three lists, each paged by the service on its own (`paramPrefix` keeps their
 * page tokens apart in the URL): the consultations the user booked or took, the invoices issued to
 * them, and the reviews they wrote or received.
 */
import { useTranslation } from 'react-i18next';
import type { ConsultationLine, InvoiceLine, ReviewLine } from '../../../domain/admin-users';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import styles from './users.module.css';

const PAGE_SIZE = 10;

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className={detail.card} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function ConsultationsSection({ uid, reloadKey }: { uid: string; reloadKey: number }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const columns: AdminColumn<ConsultationLine>[] = [
    {
      key: 'date',
      label: t('admin.users.detail.columns.date'),
      render: (line) => format.dateTime(line.createdAt),
    },
    {
      key: 'with',
      label: t('admin.users.detail.columns.with'),
      render: (line) => (
        <span className={`${detail.name} ${styles.name}`}>
          <span>{line.counterpart}</span>
          <span className={`${detail.secondary} ${styles.secondary}`}>
            {t(`admin.users.detail.sides.${line.side}`)}
          </span>
        </span>
      ),
    },
    {
      key: 'service',
      label: t('admin.users.detail.columns.service'),
      render: (line) => t(`admin.users.detail.services.${line.service}`),
    },
    {
      key: 'state',
      label: t('admin.users.detail.columns.state'),
      render: (line) => t(`admin.users.detail.orderStates.${line.state}`),
    },
    {
      key: 'payment',
      label: t('admin.users.detail.columns.payment'),
      render: (line) => t(`admin.users.detail.paymentStates.${line.paymentState}`),
    },
    {
      key: 'amount',
      label: t('admin.users.detail.columns.amount'),
      align: 'end',
      render: (line) => format.money(line.total, line.currency),
    },
    {
      key: 'invoice',
      label: t('admin.users.detail.columns.invoice'),
      render: (line) => line.invoiceNumber ?? '—',
    },
  ];
  return (
    <Section id="user-consultations" title={t('admin.users.detail.sections.consultations')}>
      <AdminList<ConsultationLine>
        endpoint={`users/${encodeURIComponent(uid)}/consultations`}
        label={t('admin.users.detail.sections.consultations')}
        columns={columns}
        rowKey={(line) => line.orderId}
        paramPrefix="c_"
        pageSize={PAGE_SIZE}
        reloadKey={reloadKey}
        emptyText={t('admin.users.detail.emptyConsultations')}
      />
    </Section>
  );
}

export function InvoicesSection({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const columns: AdminColumn<InvoiceLine>[] = [
    { key: 'number', label: t('admin.users.detail.columns.number'), render: (line) => line.number },
    {
      key: 'date',
      label: t('admin.users.detail.columns.date'),
      render: (line) => format.date(line.issuedAt),
    },
    {
      key: 'service',
      label: t('admin.users.detail.columns.service'),
      render: (line) => t(`admin.users.detail.services.${line.service}`),
    },
    {
      key: 'amount',
      label: t('admin.users.detail.columns.amount'),
      align: 'end',
      render: (line) => format.money(line.total, line.currency),
    },
  ];
  return (
    <Section id="user-invoices" title={t('admin.users.detail.sections.invoices')}>
      <AdminList<InvoiceLine>
        endpoint={`users/${encodeURIComponent(uid)}/invoices`}
        label={t('admin.users.detail.sections.invoices')}
        columns={columns}
        rowKey={(line) => line.number}
        paramPrefix="i_"
        pageSize={PAGE_SIZE}
        emptyText={t('admin.users.detail.emptyInvoices')}
      />
    </Section>
  );
}

export function ReviewsSection({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const columns: AdminColumn<ReviewLine>[] = [
    { key: 'date', label: t('admin.users.detail.columns.date'), render: (line) => format.date(line.at) },
    { key: 'author', label: t('admin.users.detail.columns.author'), render: (line) => line.author },
    { key: 'about', label: t('admin.users.detail.columns.about'), render: (line) => line.providerName },
    {
      key: 'rating',
      label: t('admin.users.detail.columns.rating'),
      align: 'end',
      render: (line) => t('admin.users.detail.ratingValue', { rating: format.number(line.rating) }),
    },
    {
      key: 'comment',
      label: t('admin.users.detail.columns.comment'),
      render: (line) => (
        <span className={styles.clip} lang={line.language}>
          {line.comment}
        </span>
      ),
    },
    {
      key: 'published',
      label: t('admin.users.detail.columns.published'),
      render: (line) =>
        line.published ? t('admin.users.detail.reviewPublished') : t('admin.users.detail.reviewPending'),
    },
  ];
  return (
    <Section id="user-reviews" title={t('admin.users.detail.sections.reviews')}>
      <AdminList<ReviewLine>
        endpoint={`users/${encodeURIComponent(uid)}/reviews`}
        label={t('admin.users.detail.sections.reviews')}
        columns={columns}
        rowKey={(line) => line.orderId}
        paramPrefix="r_"
        pageSize={PAGE_SIZE}
        emptyText={t('admin.users.detail.emptyReviews')}
      />
    </Section>
  );
}
