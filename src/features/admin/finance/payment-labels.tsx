/** How the payments screens name a payment's state and its gateway. */
import { useTranslation } from 'react-i18next';
import type { PaymentGatewayKind, PaymentState } from '../../../domain/order';
import styles from '../ui/detail.module.css';

const STATE_TONE: Record<PaymentState, 'live' | 'good' | 'warn' | 'bad' | undefined> = {
  requires_payment: undefined,
  authorised: 'live',
  captured: 'good',
  released: undefined,
  refunded: 'warn',
  failed: 'bad',
};

export function PaymentStateBadge({ state }: { state: PaymentState }) {
  const { t } = useTranslation();
  return (
    <span className={styles.badge} data-tone={STATE_TONE[state]} data-payment-state={state}>
      {t(`admin.payments.state.${state}`)}
    </span>
  );
}

export function useGatewayLabel(): (gateway: PaymentGatewayKind) => string {
  const { t } = useTranslation();
  return (gateway) => t(`admin.payments.gateway.${gateway}`);
}
