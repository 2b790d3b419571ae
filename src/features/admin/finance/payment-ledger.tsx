/**
 * A payment's ledger entries, oldest first, each with what it does to the money kept and the
 * running total after it (computed by the service: src/domain/admin-payments.ts).
 */
import { useTranslation } from 'react-i18next';
import type { LedgerLine } from '../../../domain/admin-payments';
import { RecordTable } from '../calls/call-records';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import styles from '../calls/calls.module.css';

export function PaymentLedger({ ledger }: { ledger: readonly LedgerLine[] }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  return (
    <>
      <RecordTable
        id="payment-ledger"
        title={t('admin.payments.ledger.title')}
        empty={ledger.length === 0 ? t('admin.payments.ledger.none') : undefined}
        data-payment-ledger
      >
        <thead>
          <tr>
            <th scope="col">{t('admin.payments.ledger.kind')}</th>
            <th scope="col" className={styles.end}>
              {t('admin.payments.ledger.amount')}
            </th>
            <th scope="col" className={styles.end}>
              {t('admin.payments.ledger.running')}
            </th>
            <th scope="col">{t('admin.payments.ledger.at')}</th>
          </tr>
        </thead>
        <tbody>
          {/* A kind can come more than once (an order refunded in several parts): keyed by position. */}
          {ledger.map((line, index) => (
            <tr key={`${index}:${line.kind}`} data-ledger-kind={line.kind}>
              <td>{t(`admin.calls.ledger.kinds.${line.kind}` as 'admin.calls.ledger.kinds.capture')}</td>
              <td className={styles.end}>
                {line.effect < 0 ? '−' : line.effect > 0 ? '+' : ''}
                {format.money(line.amount, line.currency)}
              </td>
              <td className={styles.end} data-running>
                {format.money(line.running, line.currency)}
              </td>
              <td>{format.dateTime(line.at)}</td>
            </tr>
          ))}
        </tbody>
      </RecordTable>
      {ledger.length > 0 && <p className={detail.secondary}>{t('admin.payments.ledger.note')}</p>}
    </>
  );
}
