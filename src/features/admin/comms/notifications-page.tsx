/**
 * `/admin/comms/notifications`: the notifications sent or scheduled, newest first, a page at a time
 * from the service, each with its target, its state (and when it is due, if scheduled) and its counts; a row opens its page (progress and
 * recipients), "New notification" opens the composer.
 */
import { useTranslation } from 'react-i18next';
import type { BroadcastView } from '../../../domain/comms';
import { ButtonLink } from '../../../ui/button';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { AdminPage } from '../ui/admin-page';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import { BroadcastStateLine, useCountsText, useTargetText } from './broadcast-view';
import { broadcastPath, newNotificationPath } from './comms-paths';
import styles from './comms.module.css';

export function NotificationsPage() {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const targetText = useTargetText();
  const countsText = useCountsText();

  const columns: AdminColumn<BroadcastView>[] = [
    {
      key: 'title',
      label: t('admin.comms.notifications.columns.title'),
      render: (broadcast) => (
        <span className={detail.name}>
          <span className={styles.segmentName}>{broadcast.texts.fr.title}</span>
          <span className={detail.secondary}>{format.dateTime(broadcast.createdAt)}</span>
        </span>
      ),
    },
    {
      key: 'target',
      label: t('admin.comms.notifications.columns.target'),
      render: (broadcast) => <span className={styles.rules}>{targetText(broadcast)}</span>,
    },
    {
      key: 'state',
      label: t('admin.comms.notifications.columns.state'),
      render: (broadcast) => <BroadcastStateLine broadcast={broadcast} />,
    },
    {
      key: 'counts',
      label: t('admin.comms.notifications.columns.counts'),
      render: (broadcast) => <span className={styles.rules}>{countsText(broadcast)}</span>,
    },
  ];

  return (
    <AdminPage
      title={t('admin.comms.notifications.title')}
      subtitle={t('admin.comms.notifications.subtitle')}
      actions={<ButtonLink to={newNotificationPath()}>{t('admin.comms.notifications.create')}</ButtonLink>}
    >
      <AdminList<BroadcastView>
        endpoint="comms/notifications"
        label={t('admin.comms.notifications.listLabel')}
        columns={columns}
        rowKey={(broadcast) => broadcast.id}
        rowLink={(broadcast) => broadcastPath(broadcast.id)}
        emptyText={t('admin.comms.notifications.empty')}
      />
    </AdminPage>
  );
}
