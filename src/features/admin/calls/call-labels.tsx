/** How the consultation screens name a call's phase, an order's state and the client's money. */
import { useTranslation } from 'react-i18next';
import type { ClientMoney } from '../../../domain/payment-state';
import type { CallFailure, CallPhase, OrderState } from '../../../domain/order';
import styles from '../ui/detail.module.css';

const PHASE_TONE: Record<CallPhase, 'live' | 'good' | 'bad' | undefined> = {
  scheduled: undefined,
  calling_provider: 'live',
  calling_client: 'live',
  connecting: 'live',
  in_progress: 'live',
  completed: 'good',
  failed: 'bad',
};

export function PhaseBadge({ phase, failure }: { phase: CallPhase; failure?: CallFailure }) {
  const { t } = useTranslation();
  return (
    <span className={styles.badge} data-tone={PHASE_TONE[phase]} data-phase={phase}>
      {t(`admin.calls.phase.${phase}`)}
      {failure ? ` · ${t(`admin.calls.failure.${failure}`)}` : ''}
    </span>
  );
}

export function useCallLabels() {
  const { t } = useTranslation();
  return {
    state: (state: OrderState) => t(`admin.calls.state.${state}`),
    money: (money: ClientMoney) => t(`money.state.${money}`),
  };
}
