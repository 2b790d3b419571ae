import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { SessionUserView } from '../../domain/account';
import type { CallSessionDoc, MessageDoc } from '../../domain/mine';
import { useCallHistory } from '../../data/call-history';
import { useMessagesByOrder } from '../../data/messages';
import { dismissRefusedMessage, useRefusedMessages } from '../../data/reviews';
import { Button } from '../../ui/button';
import { ConsultationDate, partnerName } from './messages-parts';
import { StartConversation } from './messages-start';
import { Thread } from './messages-thread';
import styles from './tabs.module.css';
import own from './messages-tab.module.css';

/**
 * Messages between the client and the provider of each consultation: one conversation per
 * consultation (messages are keyed on their order), listed once it holds a message, the latest
 * first; a consultation without messages yet is offered to write about instead. The open
 * conversation is named in the address (`?order=`), so a notification can lead to it.
 */
export function MessagesTab({ user }: { user: SessionUserView }) {
  const { t } = useTranslation();
  const calls = useCallHistory();
  const messages = useMessagesByOrder();
  const refused = useRefusedMessages();
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const ready = calls !== undefined && messages !== undefined;
  const choose = (orderId: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('order', orderId);
        return next;
      },
      { replace: true },
    );
  const conversations = ready ? withMessages(calls, messages) : [];
  const quiet = ready ? calls.filter((call) => !messages.get(call.orderId)?.length) : [];
  const current = calls?.find((call) => call.orderId === params.get('order')) ?? conversations[0];
  return (
    <section className={styles.card} aria-labelledby={headingId} data-section="messages">
      <h2 id={headingId}>{t('messagesTab.title')}</h2>
      <p className={styles.muted}>{t('messagesTab.lead')}</p>
      {refused.map(({ doc }) => (
        <div key={String(doc.id)} className={own.refused} role="alert">
          <p>{t('messagesTab.refused', { body: String(doc.body ?? '') })}</p>
          <Button size="small" variant="secondary" onClick={() => dismissRefusedMessage(doc.id)}>
            {t('messagesTab.dismiss')}
          </Button>
        </div>
      ))}
      {!ready ? (
        <p className={styles.muted} role="status">
          {t('messagesTab.loading')}
        </p>
      ) : calls.length === 0 ? (
        <p className={styles.muted}>{t('messagesTab.empty')}</p>
      ) : (
        <div className={own.layout}>
          <div className={own.side}>
            <nav aria-label={t('messagesTab.conversations')} className={own.conversations}>
              {conversations.length === 0 ? (
                <p className={styles.muted}>{t('messagesTab.noConversation')}</p>
              ) : (
                <ul>
                  {conversations.map((call) => (
                    <li key={call.orderId}>
                      <button
                        type="button"
                        aria-current={call.orderId === current?.orderId ? 'true' : undefined}
                        onClick={() => choose(call.orderId)}
                      >
                        <strong>{partnerName(call)}</strong>
                        <ConsultationDate call={call} />
                        <span>
                          {t('messagesTab.messageCount', { count: messages.get(call.orderId)?.length ?? 0 })}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </nav>
            {quiet.length > 0 && <StartConversation calls={quiet} onStart={choose} />}
          </div>
          {current && (
            <Thread
              key={`${user.uid}:${current.orderId}`}
              call={current}
              uid={user.uid}
              messages={messages.get(current.orderId) ?? []}
            />
          )}
        </div>
      )}
    </section>
  );
}

/** The consultations that hold messages, the one with the latest message first. */
function withMessages(
  calls: readonly CallSessionDoc[],
  messages: ReadonlyMap<string, MessageDoc[]>,
): CallSessionDoc[] {
  const latest = (call: CallSessionDoc) => messages.get(call.orderId)?.at(-1)?.createdAt ?? '';
  return calls
    .filter((call) => (messages.get(call.orderId)?.length ?? 0) > 0)
    .sort((a, b) => latest(b).localeCompare(latest(a)));
}
