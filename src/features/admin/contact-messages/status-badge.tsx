/** A contact message's status (new, in progress, answered) as a coloured badge. */
import { useTranslation } from 'react-i18next';
import type { ContactStatus } from '../../../domain/admin-ops';
import styles from './contact.module.css';

export function StatusBadge({ status }: { status: ContactStatus }) {
  const { t } = useTranslation();
  return (
    <span className={styles.badge} data-status={status}>
      {t(`admin.contact.status.${status}`)}
    </span>
  );
}
