/**
 * The answer to a contact message: typed here, mailed by the service in the sender's language and
 * kept with the message. Each send carries its own idempotency key, kept while the same text is
 * retried after a lost answer, so a double click or a retry mails once.
 */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_REPLY_MAX } from '../../../domain/admin-ops';
import type { Language } from '../../../domain/languages';
import { Button } from '../../../ui/button';
import { languageName } from '../../../ui/intl';
import { adminSend } from '../admin-api';
import { useAdminErrorText } from '../ui/admin-error';
import styles from './contact.module.css';

export function ReplyForm({
  messageId,
  language,
  onSent,
}: {
  messageId: string;
  language: Language;
  onSent: () => void;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useAdminErrorText('contact');
  const fieldId = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const attempt = useRef<{ id: string; text: string }>(undefined);

  const send = async () => {
    const body = text.trim();
    if (!body) {
      setError(t('admin.contact.reply.required'));
      return;
    }
    const id = attempt.current?.text === body ? attempt.current.id : crypto.randomUUID();
    attempt.current = { id, text: body };
    setSending(true);
    setError(undefined);
    try {
      await adminSend('POST', `contact-messages/${encodeURIComponent(messageId)}/replies`, {
        id,
        text: body,
      });
      attempt.current = undefined;
      setText('');
      onSent();
    } catch (failure) {
      // A mail refused by the server is kept as failed under this key: the next try needs a new one.
      if ((failure as { code?: string }).code === 'mail_failed') attempt.current = undefined;
      setError(errorText(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor={fieldId}>
        {t('admin.contact.reply.label', { language: languageName(language, i18n.language) })}
      </label>
      <textarea
        id={fieldId}
        value={text}
        maxLength={CONTACT_REPLY_MAX}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={error ? true : undefined}
      />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" disabled={sending}>
          {sending ? t('admin.contact.reply.sending') : t('admin.contact.reply.send')}
        </Button>
      </div>
    </form>
  );
}
