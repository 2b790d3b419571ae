import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathOf } from '../../config/paths';
import { useSession } from '../../data/auth';
import { useUnreadCount } from '../../data/notifications';
import styles from './notifications-badge.module.css';

const BELL = 'M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0';

/** Beside the account menu: the unread notifications, leading to them. Nothing when all are read. */
export function NotificationsBadge() {
  const session = useSession();
  if (session.status !== 'signed_in') return null;
  return (
    <Suspense fallback={null}>
      <UnreadLink />
    </Suspense>
  );
}

function UnreadLink() {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  if (unread === 0) return null;
  const label = t('notificationsBadge.label', { count: unread });
  return (
    <Link
      to={`${pathOf('dashboard')}?tab=notifications`}
      className={styles.badge}
      aria-label={label}
      title={label}
      data-unread={unread}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
        <path d={BELL} />
      </svg>
      <span className={styles.count} aria-hidden="true">
        {unread > 99 ? '99+' : unread}
      </span>
    </Link>
  );
}
