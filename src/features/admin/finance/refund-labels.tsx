/** How the refunds screens name a refund's state and who asked for it. */
import { useTranslation } from 'react-i18next';
import type { RefundRow, RefundRowState } from '../../../domain/admin-refunds';
import styles from '../ui/detail.module.css';

export function RefundStateBadge({ state }: { state: RefundRowState }) {
  const { t } = useTranslation();
  return (
    <span className={styles.badge} data-tone={state === 'done' ? 'good' : 'live'} data-refund-state={state}>
      {t(`admin.refunds.state.${state}`)}
    </span>
  );
}

/**
 * An admin (the start of their uid as a secondary line, all of it on hover: enough to tell two
 * admins apart in a narrow column), the automatic refund of a failed consultation, or the gateway.
 */
export function RefundBy({ by }: { by: RefundRow['by'] }) {
  const { t } = useTranslation();
  if (by === 'system' || by === 'gateway') return <span>{t(`admin.refunds.by.${by}`)}</span>;
  return (
    <span className={styles.name}>
      <span>{t('admin.refunds.by.admin')}</span>
      <span className={styles.secondary} title={by}>
        {by.length > 10 ? `${by.slice(0, 8)}…` : by}
      </span>
    </span>
  );
}
