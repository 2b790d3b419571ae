/**
 * `/admin/comms/messages`: the conversations between clients and providers, latest activity first,
 * a page at a time from the service's index (never every user's database), searched by a party's
 * name, e-mail or id; a row opens the conversation to read it and moderate its messages.
 */
import { useTranslation } from 'react-i18next';
import type { ConversationParty, ConversationView } from '../../../domain/message-moderation';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { AdminPage } from '../ui/admin-page';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import { conversationPath } from './moderation-paths';
import styles from './conversation.module.css';

function Party({ party }: { party: ConversationParty }) {
  return (
    <span className={`${detail.name} ${styles.party}`}>
      <span>{party.name}</span>
      <span className={detail.secondary}>{party.email ?? party.uid}</span>
    </span>
  );
}

export function ConversationsPage() {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const columns: AdminColumn<ConversationView>[] = [
    {
      key: 'client',
      label: t('commsModeration.columns.client'),
      render: (item) => <Party party={item.client} />,
    },
    {
      key: 'provider',
      label: t('commsModeration.columns.provider'),
      render: (item) => <Party party={item.provider} />,
    },
    {
      key: 'lastMessageAt',
      label: t('commsModeration.columns.lastMessage'),
      render: (item) => (
        <span className={detail.name}>
          <span>{format.dateTime(item.lastMessageAt)}</span>
          <span className={detail.secondary}>
            {t('commsModeration.startedAt', { date: format.dateTime(item.startedAt) })}
          </span>
        </span>
      ),
    },
  ];
  return (
    <AdminPage title={t('commsModeration.title')} subtitle={t('commsModeration.subtitle')}>
      <AdminList<ConversationView>
        endpoint="comms/conversations"
        label={t('commsModeration.listLabel')}
        columns={columns}
        rowKey={(item) => item.orderId}
        rowLink={(item) => conversationPath(item.orderId)}
        searchLabel={t('commsModeration.search')}
        searchPlaceholder={t('commsModeration.searchPlaceholder')}
        emptyText={t('commsModeration.empty')}
      />
    </AdminPage>
  );
}
