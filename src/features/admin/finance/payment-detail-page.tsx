/**
 * finance/payments/:orderId: one payment, kept current while the consultation runs (the `calls`
 * topic): who paid whom, how much, through which gateway and under which id, its dates; the
 * ledger with its running total; its refunds and the refund form (payment-refunds.tsx); its disputes
 * (payment-disputes.tsx, with the demo's dispute actions); the call's
 * phase and history as the calls screen shows them; links to the client, the provider and the
 * consultation (where money is given back); the audit trail.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { PaymentDetail } from '../../../domain/admin-payments';
import { CallRecords } from '../calls/call-records';
import { PhaseBadge } from '../calls/call-labels';
import { useLiveQuery } from '../live/use-live-query';
import { adminPath } from '../screens';
import { AdminPage } from '../ui/admin-page';
import { AuditTrail } from '../ui/audit-trail';
import { PendingPage } from '../ui/pending-page';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import { userDetailPath } from '../users/user-paths';
import { PaymentLedger } from './payment-ledger';
import { PaymentDisputes } from './payment-disputes';
import { PaymentStateBadge, useGatewayLabel } from './payment-labels';
import { PaymentRefunds } from './payment-refunds';

export function PaymentDetailPage() {
  const { orderId = '' } = useParams();
  const { t } = useTranslation();
  const format = useAdminFormat();
  const gatewayLabel = useGatewayLabel();
  const result = useLiveQuery<{ payment: PaymentDetail; version: string }>(
    `payments/${encodeURIComponent(orderId)}`,
    'calls',
  );
  const item = result.latest?.payment;
  const back = { to: adminPath('finance/payments'), label: t('admin.payments.back') };

  if (!item) {
    return (
      <PendingPage title={t('admin.payments.detailTitle')} back={back} result={result} errorArea="payments" />
    );
  }

  const { payment, consultation } = item;
  const consultationPath = adminPath('calls/:orderId', { orderId: payment.orderId });
  const facts: [string, ReactNode][] = [
    [t('admin.payments.fields.order'), <Link to={consultationPath}>{payment.orderId}</Link>],
    [
      t('admin.payments.fields.client'),
      <span className={detail.name}>
        <Link to={userDetailPath('client', payment.client.uid)}>{payment.client.name}</Link>
        <span className={detail.secondary}>{payment.client.email}</span>
      </span>,
    ],
    [
      t('admin.payments.fields.provider'),
      <span className={detail.name}>
        {item.providerHasAccount ? (
          <Link to={userDetailPath(payment.provider.role, payment.provider.id)}>{payment.provider.name}</Link>
        ) : (
          <span>{payment.provider.name}</span>
        )}
        <span className={detail.secondary}>
          {t(`admin.calls.role.${payment.provider.role}`)}
          {item.providerHasAccount ? '' : ` · ${t('admin.payments.noAccount')}`}
          {payment.provider.isTestProfile ? ` · ${t('admin.common.testData')}` : ''}
        </span>
      </span>,
    ],
    [t('admin.payments.fields.amount'), format.money(payment.amount, payment.currency)],
    [t('admin.payments.fields.state'), <PaymentStateBadge state={payment.state} />],
    [t('admin.payments.fields.gateway'), gatewayLabel(payment.gateway)],
    [t('admin.payments.fields.intent'), <code>{payment.intentId}</code>],
    [t('admin.payments.fields.created'), format.dateTime(payment.createdAt)],
    [t('admin.payments.fields.authorised'), format.dateTime(payment.authorisedAt)],
    [t('admin.payments.fields.captured'), format.dateTime(payment.capturedAt)],
    ...(payment.releasedAt
      ? [[t('admin.payments.fields.released'), format.dateTime(payment.releasedAt)] as [string, ReactNode]]
      : []),
    ...(payment.refundedAt
      ? [[t('admin.payments.fields.refunded'), format.dateTime(payment.refundedAt)] as [string, ReactNode]]
      : []),
    ...(payment.lastError
      ? [[t('admin.payments.fields.lastError'), payment.lastError] as [string, ReactNode]]
      : []),
    [t('admin.payments.fields.invoice'), consultation.invoiceNumber ?? '—'],
    [
      t('admin.calls.columns.phase'),
      <PhaseBadge phase={consultation.phase} failure={consultation.failure} />,
    ],
  ];

  return (
    <AdminPage
      title={t('admin.payments.detailTitle')}
      subtitle={
        <span className={detail.actions}>
          <PaymentStateBadge state={payment.state} />
          <span className={detail.secondary}>{payment.orderId}</span>
        </span>
      }
      back={back}
      actions={
        <Link className={detail.secondary} to={consultationPath}>
          {t('admin.payments.openConsultation')}
        </Link>
      }
    >
      <section className={detail.section} aria-labelledby="payment-facts">
        <h2 id="payment-facts">{t('admin.payments.summary')}</h2>
        <dl className={detail.facts}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <PaymentRefunds payment={payment} refreshKey={result.latest?.version} onRefunded={result.reload} />
      <PaymentDisputes payment={payment} refreshKey={result.latest?.version} onChanged={result.reload} />
      <PaymentLedger ledger={item.ledger} />
      <CallRecords consultation={consultation} ledger={false} />
      <AuditTrail kind="consultation" id={payment.orderId} />
    </AdminPage>
  );
}
