import { useTranslation } from 'react-i18next';
import { STEPS } from './call-status-model';
import type { StepState, Viewer } from './call-status-model';
import styles from './call-steps.module.css';

/** Paid → expert contacted → client called → in progress → completed, marked as far as the call got. */
export function CallSteps({ states, viewer }: { states: StepState[]; viewer: Viewer }) {
  const { t } = useTranslation();
  return (
    <ol className={styles.steps} aria-label={t('paymentSuccess.steps.label')}>
      {STEPS.map((step, index) => {
        const state = states[index] ?? 'upcoming';
        return (
          <li
            key={step}
            className={`${styles.step} ${styles[state]}`}
            aria-current={state === 'current' ? 'step' : undefined}
            data-state={state}
          >
            <span className={styles.marker} aria-hidden="true">
              {state === 'done' ? '✓' : state === 'failed' ? '✕' : index + 1}
            </span>
            <span className={styles.label}>
              {t(`paymentSuccess.steps.${viewer}.${step}`)}
              <span className="visually-hidden">
                {' — '}
                {t(`paymentSuccess.steps.state.${state}`)}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
