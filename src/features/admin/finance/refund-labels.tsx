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
 * Who asked for a refund: the admin by name (the service answers it; their uid on hover, enough to
 * tell two admins of one name apart), the automatic refund of a failed consultation ("system"), or
 * the gateway. An admin whose account is gone has no name: the role and the start of the uid.
 */
export function RefundBy({ by, name }: { by: RefundRow['by']; name?: string }) {
  const { t } = useTranslation();
  if (by === 'system' || by === 'gateway')
    return <span data-refund-by={by}>{t(`admin.refunds.by.${by}`)}</span>;
  if (name) {
    return (
      <span title={by} data-refund-by="admin">
        {name}
      </span>
    );
  }
  return (
    <span className={styles.name} data-refund-by="admin">
      <span>{t('admin.refunds.by.admin')}</span>
      <span className={styles.secondary} title={by}>
        {by.length > 10 ? `${by.slice(0, 8)}…` : by}
      </span>
    </span>
  );
}
