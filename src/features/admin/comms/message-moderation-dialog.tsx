/**
 * Hides a message from both parties of its conversation, or shows it again, with the reason the
 * service requires: the dialog quotes the message, says what the parties will see, and shows the
 * message's audit trail.
 */
import { useTranslation } from 'react-i18next';
import { ADMIN_REASON_MAX_LENGTH } from '../../../domain/admin-reason';
import type { ConversationMessageView, MessageState } from '../../../domain/message-moderation';
import { adminSend } from '../admin-api';
import { AuditTrail } from '../ui/audit-trail';
import { ConfirmDialog } from '../ui/confirm-dialog';
import styles from './conversation.module.css';

type Props = {
  message?: ConversationMessageView;
  author: string;
  onDone: (state: MessageState) => void;
  onClose: () => void;
};

export function MessageModerationDialog({ message, author, onDone, onClose }: Props) {
  const { t } = useTranslation();
  const next: MessageState = message?.state === 'hidden' ? 'visible' : 'hidden';
  return (
    <ConfirmDialog
      open={message !== undefined}
      title={next === 'hidden' ? t('commsModeration.hideTitle') : t('commsModeration.showTitle')}
      confirmLabel={next === 'hidden' ? t('commsModeration.hide') : t('commsModeration.show')}
      danger={next === 'hidden'}
      reason={{ label: t('commsModeration.reason'), required: true, maxLength: ADMIN_REASON_MAX_LENGTH }}
      onConfirm={(reason) =>
        adminSend('POST', `comms/messages/${encodeURIComponent(message!.id)}/moderation`, {
          state: next,
          reason,
        })
      }
      onDone={() => onDone(next)}
      onClose={onClose}
    >
      {message && (
        <>
          <blockquote className={styles.quote}>
            <p>{message.body}</p>
            <footer>{author}</footer>
          </blockquote>
          <p>{next === 'hidden' ? t('commsModeration.hideBody') : t('commsModeration.showBody')}</p>
          <AuditTrail kind="message" id={message.id} />
        </>
      )}
    </ConfirmDialog>
  );
}
