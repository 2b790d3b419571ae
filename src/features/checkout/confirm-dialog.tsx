import { useTranslation } from 'react-i18next';
import { CALL_ATTEMPTS_BEFORE_REFUND } from '../../domain/constants';
import { Button } from '../../ui/button';
import { Modal } from './modal';
import styles from './checkout.module.css';

type Props = {
  open: boolean;
  busy: boolean;
  amount: string;
  service: string;
  duration: string;
  providerName: string;
  /** Billed to this company (B2B member): no card to enter, nothing held. */
  billedTo?: string;
  onConfirm: () => void;
  onCancel: () => void;
};

/** "Pay": what will be paid, and that the card is only held until the call connects. */
export function ConfirmDialog({
  open,
  busy,
  amount,
  service,
  duration,
  providerName,
  billedTo,
  onConfirm,
  onCancel,
}: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      labelledBy="confirm-title"
      describedBy="confirm-body"
      onCancel={() => {
        if (!busy) onCancel();
      }}
    >
      <div className={styles.dialogBody}>
        <h2 id="confirm-title">
          {billedTo ? t('checkout.billing.confirmTitle') : t('checkout.confirm.title')}
        </h2>
        <div id="confirm-body">
          <p className={styles.dialogLine}>
            {t('checkout.confirm.summary', { service, duration, name: providerName })}
          </p>
          <p className={styles.dialogAmount}>{t('checkout.confirm.amount', { amount })}</p>
          {billedTo ? (
            <p className={styles.dialogLine}>{t('checkout.billing.note', { company: billedTo })}</p>
          ) : (
            <ul className={styles.guarantees}>
              <li>{t('checkout.guarantees.hold')}</li>
              <li>{t('checkout.guarantees.refund', { count: CALL_ATTEMPTS_BEFORE_REFUND })}</li>
            </ul>
          )}
        </div>
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('checkout.confirm.cancel')}
          </Button>
          <Button onClick={onConfirm} disabled={busy} aria-busy={busy}>
            {busy
              ? t('checkout.confirm.working')
              : billedTo
                ? t('checkout.billing.confirm')
                : t('checkout.confirm.confirm')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
