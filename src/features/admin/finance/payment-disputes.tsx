/**
 * A payment's disputes on its detail (finance/payments/:orderId): amount, share held from the
 * provider, reason, deadline and state. In demo mode (a payment of the simulated gateway) the admin
 * can open a dispute on a captured payment and have the bank decide it; each action is audited by the
 * service, and the page's detail is read again after it (its ledger then shows the hold or release).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentRow } from '../../../domain/admin-payments';
import type { DisputeRow } from '../../../domain/disputes';
import { Button } from '../../../ui/button';
import { adminSend } from '../admin-api';
import { RecordTable } from '../calls/call-records';
import styles from '../calls/calls.module.css';
import { useAdminErrorText } from '../ui/admin-error';
import detail from '../ui/detail.module.css';
import { useAdminQuery } from '../ui/use-admin-query';
import { useAdminFormat } from '../ui/use-admin-format';
import { DisputeDeadline, DisputeReason, DisputeStateBadge } from './dispute-labels';

export function PaymentDisputes({
  payment,
  refreshKey,
  onChanged,
}: {
  payment: PaymentRow;
  refreshKey?: string;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const errorText = useAdminErrorText('disputes');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const disputes = useAdminQuery<{ items: DisputeRow[] }>(
    `payments/${encodeURIComponent(payment.orderId)}/disputes`,
    {},
    refreshKey,
  );
  const demo = payment.gateway === 'simulated';

  const act = async (method: 'POST', path: string, body: unknown) => {
    if (busy) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await adminSend(method, path, body);
      disputes.reload();
      onChanged();
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  if (disputes.status !== 'ready') {
    return (
      <section className={detail.section} aria-labelledby="payment-disputes">
        <h2 id="payment-disputes">{t('admin.disputes.payment.title')}</h2>
        <p role={disputes.status === 'error' ? 'alert' : 'status'}>
          {disputes.status === 'error' ? errorText(disputes.error) : t('admin.common.loading')}
        </p>
      </section>
    );
  }
  const items = disputes.data.items;
  const canOpen = demo && payment.state === 'captured' && items.length === 0;

  return (
    <>
      {canOpen && (
        <div className={detail.actions}>
          <Button
            variant="secondary"
            size="small"
            disabled={busy}
            data-dispute-demo="open"
            onClick={() =>
              void act('POST', `payments/${encodeURIComponent(payment.orderId)}/disputes/simulate`, {
                reason: 'fraudulent',
              })
            }
          >
            {t('admin.disputes.demo.open')}
          </Button>
        </div>
      )}
      {failure && (
        <p className={detail.notice} data-tone="bad" role="alert">
          {failure}
        </p>
      )}
      <RecordTable
        id="payment-disputes"
        title={t('admin.disputes.payment.title')}
        empty={items.length === 0 ? t('admin.disputes.payment.none') : undefined}
        data-payment-disputes
      >
        <thead>
          <tr>
            <th scope="col">{t('admin.disputes.columns.opened')}</th>
            <th scope="col" className={styles.end}>
              {t('admin.disputes.columns.amount')}
            </th>
            <th scope="col" className={styles.end}>
              {t('admin.disputes.columns.held')}
            </th>
            <th scope="col">{t('admin.disputes.columns.reason')}</th>
            <th scope="col">{t('admin.disputes.columns.deadline')}</th>
            <th scope="col">{t('admin.disputes.columns.state')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((dispute) => (
            <tr key={dispute.disputeId} data-dispute={dispute.disputeId}>
              <td>{format.dateTime(dispute.openedAt)}</td>
              <td className={styles.end}>{format.money(dispute.amount, dispute.currency)}</td>
              <td className={styles.end}>{format.money(dispute.held, dispute.currency)}</td>
              <td>
                <DisputeReason reason={dispute.reason} />
              </td>
              <td>
                <DisputeDeadline dispute={dispute} />
              </td>
              <td>
                <span className={detail.actions}>
                  <DisputeStateBadge state={dispute.state} />
                  {demo &&
                    dispute.state === 'open' &&
                    (['won', 'lost'] as const).map((outcome) => (
                      <Button
                        key={outcome}
                        variant="secondary"
                        size="small"
                        disabled={busy}
                        data-dispute-demo={outcome}
                        onClick={() =>
                          void act('POST', `disputes/${encodeURIComponent(dispute.disputeId)}/simulate`, {
                            outcome,
                          })
                        }
                      >
                        {t(`admin.disputes.demo.${outcome}`)}
                      </Button>
                    ))}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </RecordTable>
    </>
  );
}
