/**
 * calls/:orderId: one consultation, its phase following the call live while it runs (the `calls`
 * topic): who, what, the client's money (src/domain/payment-state.ts), the call legs and every
 * attempt, the telephony's callbacks as applied, the ledger's movements; and the admin's actions:
 * end a call under way, release a hold or refund a payment (through the consultation service,
 * once), each confirmed with an optional reason and shown in the audit trail below.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { ConsultationDetail } from '../../../domain/admin-ops';
import { Button } from '../../../ui/button';
import { adminSend } from '../admin-api';
import { useLiveQuery } from '../live/use-live-query';
import { AdminPage } from '../ui/admin-page';
import { AuditTrail } from '../ui/audit-trail';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import { PendingPage } from '../ui/pending-page';
import { CallRecords } from './call-records';
import { PhaseBadge, useCallLabels } from './call-labels';
import styles from './calls.module.css';

type Action = 'end' | 'release' | 'refund';

export function CallDetailPage() {
  const { orderId = '' } = useParams();
  const { t } = useTranslation();
  const format = useAdminFormat();
  const labels = useCallLabels();
  const [changes, setChanges] = useState(0);
  const [asking, setAsking] = useState<Action>();
  const [done, setDone] = useState<Action>();
  const result = useLiveQuery<{ consultation: ConsultationDetail; version: string }>(
    `calls/${encodeURIComponent(orderId)}`,
    'calls',
    {},
    changes,
  );
  const item = result.latest?.consultation;
  const back = { to: '/admin/calls', label: t('admin.calls.back') };

  if (!item) {
    return <PendingPage title={t('admin.calls.detailTitle')} back={back} result={result} errorArea="calls" />;
  }

  const facts: [string, ReactNode][] = [
    [t('admin.calls.fields.client'), `${item.client.name} · ${item.client.email} · ${item.client.phone}`],
    [
      t('admin.calls.fields.provider'),
      `${item.provider.name} (${t(`admin.calls.role.${item.provider.role}`)})`,
    ],
    [t('admin.calls.fields.created'), format.dateTime(item.createdAt)],
    [t('admin.calls.fields.state'), labels.state(item.state)],
    [t('admin.calls.fields.amount'), format.money(item.total, item.currency)],
    [t('admin.calls.fields.money'), labels.money(item.money)],
    [t('admin.calls.fields.gateway'), `${item.paymentDetail.gateway} · ${item.paymentDetail.intentId}`],
    [t('admin.calls.fields.attempt'), t('admin.calls.attemptOf', { attempt: item.attempt, max: 3 })],
    [t('admin.calls.fields.connected'), format.dateTime(item.call?.connectedAt)],
    [t('admin.calls.fields.ended'), format.dateTime(item.call?.endedAt)],
    [t('admin.calls.fields.subject'), item.booking.title],
    [t('admin.calls.fields.invoice'), item.invoiceNumber ?? '—'],
  ];

  const actionPath = (action: Action) => `calls/${encodeURIComponent(item.orderId)}/${action}`;

  return (
    <AdminPage
      title={t('admin.calls.detailTitle')}
      subtitle={
        <span className={styles.live}>
          <PhaseBadge phase={item.phase} failure={item.failure} />
          <span className={detail.secondary}>{item.orderId}</span>
        </span>
      }
      back={back}
      actions={
        <div className={detail.actions}>
          {item.actions.end && (
            <Button variant="secondary" size="small" onClick={() => setAsking('end')}>
              {t('admin.calls.actions.end')}
            </Button>
          )}
          {item.actions.release && (
            <Button variant="secondary" size="small" onClick={() => setAsking('release')}>
              {t('admin.calls.actions.release')}
            </Button>
          )}
          {item.actions.refund && (
            <Button variant="secondary" size="small" onClick={() => setAsking('refund')}>
              {t('admin.calls.actions.refund')}
            </Button>
          )}
        </div>
      }
    >
      {done && (
        <p className={detail.notice} data-tone="good" role="status">
          {t(`admin.calls.done.${done}`)}
        </p>
      )}
      <section className={detail.section} aria-labelledby="consultation-facts">
        <h2 id="consultation-facts">{t('admin.calls.summary')}</h2>
        <dl className={detail.facts}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <CallRecords consultation={item} />
      <AuditTrail kind="consultation" id={item.orderId} reloadKey={changes} />
      {asking && (
        <ConfirmDialog
          open
          title={t(`admin.calls.confirm.${asking}.title`)}
          confirmLabel={t(`admin.calls.confirm.${asking}.confirm`)}
          danger={asking !== 'end'}
          reason={{ label: t('admin.common.reason'), maxLength: 500 }}
          errorArea="calls"
          onConfirm={(reason) => adminSend('POST', actionPath(asking), reason ? { reason } : {})}
          onDone={() => {
            setDone(asking);
            setChanges((n) => n + 1);
          }}
          onClose={() => setAsking(undefined)}
        >
          <p>
            {t(`admin.calls.confirm.${asking}.body`, { amount: format.money(item.total, item.currency) })}
          </p>
        </ConfirmDialog>
      )}
    </AdminPage>
  );
}
