/**
 * A payment's refunds on its detail (finance/payments/:orderId): what is left to refund, the refund
 * form (refund-dialog.tsx) while the payment is captured, and each refund made with its reason, who
 * asked for it and its credit note. After a refund, the page's detail is read again (its ledger then
 * shows the refund and the recovery of the provider's share).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentRow } from '../../../domain/admin-payments';
import { Button } from '../../../ui/button';
import { RecordTable } from '../calls/call-records';
import { useAdminErrorText } from '../ui/admin-error';
import detail from '../ui/detail.module.css';
import { useAdminFormat } from '../ui/use-admin-format';
import styles from '../calls/calls.module.css';
import { RefundDialog } from './refund-dialog';
import { RefundBy, RefundStateBadge } from './refund-labels';
import { useOrderRefunds } from './use-order-refunds';

export function PaymentRefunds({
  payment,
  refreshKey,
  onRefunded,
}: {
  payment: PaymentRow;
  /** The detail's version: the refunds are read again whenever the payment changed. */
  refreshKey?: string;
  onRefunded: () => void;
}) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const errorText = useAdminErrorText('refunds');
  const { refunds, reload } = useOrderRefunds(payment.orderId, refreshKey);
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<{ amount: number; creditNote?: string }>();
  const money = (value: number) => format.money(value, payment.currency);

  if (refunds.status !== 'ready') {
    return (
      <section className={detail.section} aria-labelledby="payment-refunds">
        <h2 id="payment-refunds">{t('admin.refunds.section')}</h2>
        <p role={refunds.status === 'error' ? 'alert' : 'status'}>
          {refunds.status === 'error' ? errorText(refunds.error) : t('admin.common.loading')}
        </p>
      </section>
    );
  }
  const items = refunds.items;
  // The service counts what is left on each row (all rows of one read agree); none yet: all of it.
  const left = payment.state === 'captured' ? (items[0]?.refundable ?? payment.amount) : 0;

  return (
    <>
      <div className={detail.actions} data-refundable={left}>
        {payment.state === 'captured' && (
          <span className={detail.secondary} data-refund-left>
            {t('admin.refunds.left', { left: money(left), total: money(payment.amount) })}
          </span>
        )}
        {left > 0 && (
          <Button
            variant="secondary"
            size="small"
            onClick={() => {
              setDone(undefined);
              setAsking(true);
            }}
          >
            {t('admin.refunds.form.open')}
          </Button>
        )}
      </div>
      {done && (
        <p className={detail.notice} data-tone="good" role="status" data-refund-done>
          {done.creditNote
            ? t('admin.refunds.form.doneCreditNote', { amount: money(done.amount), number: done.creditNote })
            : t('admin.refunds.form.done', { amount: money(done.amount) })}
        </p>
      )}
      <RecordTable
        id="payment-refunds"
        title={t('admin.refunds.section')}
        empty={items.length === 0 ? t('admin.refunds.none') : undefined}
        data-payment-refunds
      >
        <thead>
          <tr>
            <th scope="col">{t('admin.refunds.columns.date')}</th>
            <th scope="col" className={styles.end}>
              {t('admin.refunds.columns.amount')}
            </th>
            <th scope="col">{t('admin.refunds.columns.reason')}</th>
            <th scope="col">{t('admin.refunds.columns.by')}</th>
            <th scope="col">{t('admin.refunds.columns.state')}</th>
            <th scope="col">{t('admin.refunds.columns.creditNote')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((refund) => (
            <tr key={refund.key} data-refund={refund.key}>
              <td>{format.dateTime(refund.refundedAt ?? refund.requestedAt)}</td>
              <td className={styles.end}>−{money(refund.amount)}</td>
              <td>{refund.reason}</td>
              <td>
                <RefundBy by={refund.by} name={refund.byName} />
              </td>
              <td>
                <RefundStateBadge state={refund.state} />
              </td>
              <td data-credit-note={refund.creditNote?.number}>{refund.creditNote?.number ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </RecordTable>
      <RefundDialog
        open={asking}
        orderId={payment.orderId}
        clientName={payment.client.name}
        currency={payment.currency}
        total={payment.amount}
        left={left}
        onStale={reload}
        onDone={(refund) => {
          setDone({ amount: refund.amount, creditNote: refund.creditNote?.number });
          reload();
          onRefunded();
        }}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
