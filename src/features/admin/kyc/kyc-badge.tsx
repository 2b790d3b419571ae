import { useTranslation } from 'react-i18next';
import type { KycStatus } from '../../../domain/kyc';
import styles from '../ui/detail.module.css';

const TONES: Record<KycStatus, string> = { pending: 'warn', verified: 'good', rejected: 'bad' };

/** An identity check's status as a coloured badge. */
export function KycBadge({ status }: { status: KycStatus }) {
  const { t } = useTranslation();
  return (
    <span className={styles.badge} data-tone={TONES[status]} data-kyc-status={status}>
      {t(`admin.kyc.status.${status}`)}
    </span>
  );
}
