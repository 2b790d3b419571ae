import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { messagesPath, paymentSuccessPath } from '../../config/paths';
import { useCallHistory } from '../../data/call-history';
import { useDataLayer } from '../../data/data-context';
import { countUnread, markNotificationsRead, useNotifications } from '../../data/notifications';
import { useWaitingIds } from '../../data/waiting';
import type { SessionUserView } from '../../domain/account';
import type { NotificationDoc } from '../../domain/mine';
import type { PaymentState } from '../../domain/order';
import { Button } from '../../ui/button';
import { announcementText, notificationText } from './dashboard-model';
import { NotificationPreferences } from './notification-preferences';
import styles from './tabs.module.css';
import { WaitingTag } from './waiting-tag';

/**
 * Notifications: the preferences, then the history, newest first. Marking read is saved on this
 * device and pushed when a connection allows; until then the item says it waits to sync.
 */
export function NotificationsTab({ user }: { user: SessionUserView }) {
  return (
    <div className={styles.stack}>
      <NotificationHistory />
      <NotificationPreferences user={user} />
    </div>
  );
}

function NotificationHistory() {
  const { t } = useTranslation();
  const { db } = useDataLayer();
  const list = useNotifications();
  // An older money notification does not say what became of the money: its call's session does.
  const payments = new Map((useCallHistory() ?? []).map((call) => [call.orderId, call.payment]));
  const waiting = useWaitingIds();
  const headingId = useId();
  const [failed, setFailed] = useState(false);
  const unread = list ? countUnread(list) : 0;
  const markRead = async (ids: string[]) => {
    setFailed(false);
    try {
      await markNotificationsRead(db, ids);
    } catch {
      setFailed(true);
    }
  };
  return (
    <section className={styles.card} aria-labelledby={headingId} data-section="notifications">
      <div className={styles.row}>
        <h2 id={headingId}>{t('dashboard.notifications.title')}</h2>
        {list && list.length > 0 && (
          <Button
            size="small"
            variant="secondary"
            disabled={unread === 0}
            onClick={() => void markRead(list.filter((item) => !item.isRead).map((item) => item.id))}
          >
            {t('dashboard.notifications.markAllRead')}
          </Button>
        )}
      </div>
      {list === undefined ? (
        <p className={styles.muted} role="status">
          {t('common.loading')}
        </p>
      ) : list.length === 0 ? (
        <p className={styles.muted}>{t('dashboard.notifications.empty')}</p>
      ) : (
        <>
          <p className={styles.muted} role="status" data-unread={unread}>
            {unread > 0
              ? t('dashboard.notifications.unread', { count: unread })
              : t('dashboard.notifications.allRead')}
          </p>
          <ul className={styles.list}>
            {list.map((item) => (
              <NotificationItem
                key={item.id}
                item={item}
                payment={item.orderId ? payments.get(item.orderId) : undefined}
                waiting={waiting.has(item.id)}
                onRead={() => void markRead([item.id])}
              />
            ))}
          </ul>
        </>
      )}
      <p className={`${styles.status} ${styles.error}`} aria-live="polite">
        {failed && t('dashboard.notifications.error')}
      </p>
    </section>
  );
}

function NotificationItem({
  item,
  payment,
  waiting,
  onRead,
}: {
  item: NotificationDoc;
  payment: PaymentState | undefined;
  waiting: boolean;
  onRead: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { key, values } = notificationText(item, i18n.language, (k) => t(k), payment);
  const announcement = announcementText(item);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(item.createdAt),
  );
  return (
    <li
      className={`${styles.item} ${item.isRead ? '' : styles.unread}`}
      data-notification={item.kind}
      data-read={item.isRead}
    >
      <span className={styles.dot} aria-hidden="true" />
      <div className={styles.body}>
        <p className={styles.message}>
          {!item.isRead && (
            <span className="visually-hidden">{t('dashboard.notifications.unreadTag')} : </span>
          )}
          {announcement ? (
            <strong className={styles.announcementTitle}>{announcement.title}</strong>
          ) : (
            t(`dashboard.notifications.kinds.${key}`, values)
          )}
        </p>
        {announcement && (
          <>
            <p className={styles.announcementBody}>{announcement.body}</p>
            <p className={styles.muted}>{t('dashboard.notifications.kinds.announcement')}</p>
          </>
        )}
        <div className={styles.meta}>
          <time dateTime={item.createdAt}>{when}</time>
          {item.orderId &&
            (item.kind === 'message_received' ? (
              <Link to={messagesPath(item.orderId)}>{t('dashboard.notifications.openThread')}</Link>
            ) : (
              <Link to={paymentSuccessPath(item.orderId)}>{t('dashboard.notifications.followCall')}</Link>
            ))}
          {waiting && <WaitingTag />}
        </div>
      </div>
      {!item.isRead && (
        <div className={styles.itemAction}>
          <Button size="small" variant="ghost" onClick={onRead}>
            {t('dashboard.notifications.markRead')}
          </Button>
        </div>
      )}
    </li>
  );
}
