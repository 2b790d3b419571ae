/**
 * `/admin/comms/messages/:orderId`: one conversation as both parties wrote it, oldest first, each
 * message with its author, time and delivery, and its moderation: a hidden message keeps its text
 * here (marked hidden, with the reason, when and by whom), while the parties see "hidden by
 * moderation" in its place. Each message is hidden or shown again from a confirmation dialog.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { errorCode } from '../../../data/api';
import type {
  ConversationDetail,
  ConversationMessageView,
  MessageState,
} from '../../../domain/message-moderation';
import { Button } from '../../../ui/button';
import { AdminPage } from '../ui/admin-page';
import { useAdminErrorText } from '../ui/admin-error';
import { useAdminFormat } from '../ui/use-admin-format';
import { useAdminQuery } from '../ui/use-admin-query';
import detail from '../ui/detail.module.css';
import { MessageModerationDialog } from './message-moderation-dialog';
import { conversationsPath } from './moderation-paths';
import styles from './conversation.module.css';

export function ConversationPage() {
  const { orderId = '' } = useParams();
  const { t } = useTranslation();
  const errorText = useAdminErrorText();
  const [changes, setChanges] = useState(0);
  const [done, setDone] = useState<MessageState>();
  const [moderating, setModerating] = useState<ConversationMessageView>();
  const result = useAdminQuery<ConversationDetail>(
    `comms/conversations/${encodeURIComponent(orderId)}`,
    {},
    changes,
  );
  const back = { to: conversationsPath(), label: t('commsModeration.backToList') };
  if (result.status !== 'ready') {
    return (
      <AdminPage title={t('commsModeration.conversationTitle')} back={back}>
        {result.status === 'loading' ? (
          <p role="status">{t('admin.common.loading')}</p>
        ) : (
          <div role="alert" className={detail.notice} data-tone="bad">
            <p>
              {errorCode(result.error) === 'not_found'
                ? t('commsModeration.notFound')
                : errorText(result.error)}
            </p>
            <Button size="small" variant="secondary" onClick={result.reload}>
              {t('admin.common.retry')}
            </Button>
          </div>
        )}
      </AdminPage>
    );
  }
  const { conversation, messages, truncated } = result.data;
  const authorOf = (message: ConversationMessageView) =>
    message.fromRole === 'client' ? conversation.client.name : conversation.provider.name;
  return (
    <AdminPage
      title={t('commsModeration.between', {
        client: conversation.client.name,
        provider: conversation.provider.name,
      })}
      documentTitle={t('commsModeration.conversationTitle')}
      subtitle={t('commsModeration.order', { orderId: conversation.orderId })}
      back={back}
    >
      {done && (
        <p className={detail.notice} data-tone="good" role="status">
          {t(done === 'hidden' ? 'commsModeration.doneHidden' : 'commsModeration.doneShown')}
        </p>
      )}
      {truncated && (
        <p className={detail.notice} data-tone="warn">
          {t('commsModeration.truncated')}
        </p>
      )}
      {messages.length === 0 ? (
        <p>{t('commsModeration.noMessages')}</p>
      ) : (
        <ol className={styles.messages} aria-label={t('commsModeration.messagesLabel')}>
          {messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              author={authorOf(message)}
              onModerate={() => setModerating(message)}
            />
          ))}
        </ol>
      )}
      <MessageModerationDialog
        message={moderating}
        author={moderating ? authorOf(moderating) : ''}
        onDone={(state) => {
          setDone(state);
          setChanges((n) => n + 1);
        }}
        onClose={() => setModerating(undefined)}
      />
    </AdminPage>
  );
}

function MessageItem({
  message,
  author,
  onModerate,
}: {
  message: ConversationMessageView;
  author: string;
  onModerate: () => void;
}) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const hidden = message.state === 'hidden';
  const moderation = message.moderation;
  return (
    <li
      className={styles.message}
      data-role={message.fromRole}
      data-state={message.state}
      data-id={message.id}
    >
      <div className={styles.head}>
        <span className={detail.name}>
          <span>{author}</span>
          <span className={detail.secondary}>
            {t(`commsModeration.role.${message.fromRole}`)} ·{' '}
            <time dateTime={message.createdAt}>{format.dateTime(message.createdAt)}</time>
            {' · '}
            {message.deliveredAt ? t('commsModeration.delivered') : t('commsModeration.notDelivered')}
          </span>
        </span>
        {hidden && (
          <span className={detail.badge} data-tone="bad">
            {t('commsModeration.hiddenBadge')}
          </span>
        )}
      </div>
      <p className={styles.body}>{message.body}</p>
      {moderation && (
        <p className={styles.decision}>
          {t(hidden ? 'commsModeration.hiddenBy' : 'commsModeration.shownBy', {
            date: format.dateTime(moderation.at),
            by: moderation.byName ?? moderation.by,
          })}{' '}
          <span className={styles.reason}>{moderation.reason}</span>
        </p>
      )}
      <div className={styles.actions}>
        <Button size="small" variant="secondary" onClick={onModerate}>
          {hidden ? t('commsModeration.show') : t('commsModeration.hide')}
        </Button>
      </div>
    </li>
  );
}
