import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUserView } from '../../domain/account';
import { MESSAGE_BODY_MAX } from '../../domain/mine';
import type { CallSessionDoc, MessageDoc } from '../../domain/mine';
import { useCallHistory } from '../../data/call-history';
import { useDataLayer } from '../../data/data-context';
import { messagePartner, sendMessage, useMessagesByOrder } from '../../data/messages';
import { dismissRefusedMessage, useRefusedMessages } from '../../data/reviews';
import { useWaitingIds } from '../../data/waiting';
import { Button } from '../../ui/button';
import { TextAreaField } from '../../ui/form-field';
import styles from './tabs.module.css';
import own from './messages-tab.module.css';
import { WaitingTag } from './waiting-tag';

/**
 * Messages between the client and the provider of each consultation: one conversation per
 * consultation, the thread oldest first (newest last), and a composer. A message is saved on the
 * device (offline too), shown waiting until pushed, then delivered once the service has copied it
 * into the other party's database.
 */
export function MessagesTab({ user }: { user: SessionUserView }) {
  const { t } = useTranslation();
  const calls = useCallHistory();
  const messages = useMessagesByOrder();
  const refused = useRefusedMessages();
  const headingId = useId();
  const [chosen, setChosen] = useState<string>();
  const ready = calls !== undefined && messages !== undefined;
  const current = calls?.find((call) => call.orderId === chosen) ?? calls?.[0];
  const partnerName = (call: CallSessionDoc) =>
    call.role === 'client' ? call.providerName : call.clientName;
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
      ) : calls.length === 0 || !current ? (
        <p className={styles.muted}>{t('messagesTab.empty')}</p>
      ) : (
        <div className={own.layout}>
          <nav aria-label={t('messagesTab.conversations')} className={own.conversations}>
            <ul>
              {calls.map((call) => {
                const count = messages.get(call.orderId)?.length ?? 0;
                return (
                  <li key={call.orderId}>
                    <button
                      type="button"
                      aria-current={call.orderId === current.orderId ? 'true' : undefined}
                      onClick={() => setChosen(call.orderId)}
                    >
                      <strong>{partnerName(call)}</strong>
                      <ConsultationDate call={call} />
                      <span>{t('messagesTab.messageCount', { count })}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </nav>
          <Thread
            key={current.orderId}
            call={current}
            uid={user.uid}
            name={partnerName(current)}
            messages={messages.get(current.orderId) ?? []}
          />
        </div>
      )}
    </section>
  );
}

function ConsultationDate({ call }: { call: CallSessionDoc }) {
  const { i18n } = useTranslation();
  const when = call.endedAt ?? call.createdAt;
  return (
    <time dateTime={when}>
      {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(when))}
    </time>
  );
}

function Thread({
  call,
  uid,
  name,
  messages,
}: {
  call: CallSessionDoc;
  uid: string;
  name: string;
  messages: MessageDoc[];
}) {
  const { t, i18n } = useTranslation();
  const waiting = useWaitingIds();
  const partner = messagePartner(call);
  const titleId = useId();
  const end = useRef<HTMLLIElement>(null);
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length]);
  return (
    <div className={own.thread} data-order={call.orderId}>
      <h3 id={titleId}>{t('messagesTab.with', { name })}</h3>
      {messages.length === 0 ? (
        partner && <p className={styles.muted}>{t('messagesTab.noMessages')}</p>
      ) : (
        <ol className={own.messages} aria-labelledby={titleId}>
          {messages.map((message, index) => {
            const mine = message.from === uid;
            const state = !mine
              ? undefined
              : waiting.has(message.id)
                ? 'waiting'
                : message.deliveredAt
                  ? 'delivered'
                  : 'sent';
            return (
              <li
                key={message.id}
                ref={index === messages.length - 1 ? end : undefined}
                className={mine ? own.mine : own.theirs}
                data-state={state}
              >
                <span className={own.author}>{mine ? t('messagesTab.you') : name}</span>
                <p>{message.body}</p>
                <span className={own.meta}>
                  <time dateTime={message.createdAt}>{time.format(new Date(message.createdAt))}</time>
                  {state === 'waiting' ? (
                    <WaitingTag />
                  ) : state ? (
                    <span>{t(state === 'delivered' ? 'messagesTab.delivered' : 'messagesTab.sent')}</span>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {partner ? (
        <Composer call={call} from={uid} to={partner} />
      ) : (
        <p className={own.unavailable} data-unavailable="true">
          {t('messagesTab.notAvailable')}
        </p>
      )}
    </div>
  );
}

function Composer({ call, from, to }: { call: CallSessionDoc; from: string; to: string }) {
  const { t } = useTranslation();
  const { db } = useDataLayer();
  const id = useId();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = body.trim();
    if (!text) return;
    if (text.length > MESSAGE_BODY_MAX) return setError(t('messagesTab.tooLong', { max: MESSAGE_BODY_MAX }));
    setError(undefined);
    setSaving(true);
    try {
      await sendMessage(db, { orderId: call.orderId, from, to, body: text });
      setBody('');
    } catch {
      setError(t('messagesTab.saveFailed'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className={own.composer} onSubmit={(event) => void submit(event)} noValidate>
      <TextAreaField
        id={`${id}-body`}
        label={t('messagesTab.composer')}
        hint={t('messagesTab.composerHint', { max: MESSAGE_BODY_MAX })}
        error={error}
        value={body}
        rows={3}
        maxLength={MESSAGE_BODY_MAX}
        onValue={setBody}
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={saving || body.trim().length === 0}>
          {t('messagesTab.send')}
        </Button>
      </div>
    </form>
  );
}
