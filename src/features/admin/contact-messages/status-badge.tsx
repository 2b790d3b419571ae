/** A contact message's status (new, in progress, answered) as a coloured badge. */
import { useTranslation } from 'react-i18next';
import type { ContactStatus } from '../../../domain/admin-ops';
import styles from '../ui/detail.module.css';

const TONES: Record<ContactStatus, 'warn' | 'live' | 'good'> = {
  new: 'warn',
  in_progress: 'live',
  answered: 'good',
};

export function StatusBadge({ status }: { status: ContactStatus }) {
  const { t } = useTranslation();
  return (
    <span className={styles.badge} data-tone={TONES[status]} data-status={status}>
      {t(`admin.contact.status.${status}`)}
    </span>
  );
}
