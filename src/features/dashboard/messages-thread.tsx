import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isDemoStandIn } from '../../domain/demo-stand-in';
import { MESSAGE_BODY_MAX } from '../../domain/mine';
import type { CallSessionDoc, MessageDoc } from '../../domain/mine';
import { useDataLayer } from '../../data/data-context';
import { useMessageDraft } from '../../data/message-draft';
import { messagePartner, sendMessage } from '../../data/messages';
import { useWaitingIds } from '../../data/waiting';
import { Button } from '../../ui/button';
import { TextAreaField } from '../../ui/form-field';
import { DemoExpertNotice } from './demo-expert-notice';
import { partnerName } from './messages-parts';
import styles from './tabs.module.css';
import own from './messages-tab.module.css';
import { WaitingTag } from './waiting-tag';

/**
 * One consultation's thread, oldest first (newest last), and its composer. A message is saved on
 * the device (offline too), shown waiting until pushed, then delivered once the service has copied
 * it into the other party's database. What cannot reach anyone says so before anything is typed.
 */
export function Thread({
  call,
  uid,
  messages,
}: {
  call: CallSessionDoc;
  uid: string;
  messages: MessageDoc[];
}) {
  const { t, i18n } = useTranslation();
  const waiting = useWaitingIds();
  const partner = messagePartner(call);
  const name = partnerName(call);
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
                {message.hiddenAt ? (
                  <p className={own.hidden} data-hidden="true">
                    {t('messagesTab.hiddenByModeration')}
                  </p>
                ) : (
                  <p>{message.body}</p>
                )}
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
      {call.role === 'client' && isDemoStandIn(partner) && (
        <DemoExpertNotice orderId={call.orderId} name={name} />
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
  const [body, setBody] = useMessageDraft(from, call.orderId);
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
