/**
 * contact-messages/:id: one message as the sender wrote it, its status and the admin in charge
 * (changed here, audited), the answers sent (each in the sender's language, kept with the message),
 * the answer form and the audit trail. Kept current while open (the `contact` live topic).
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { CONTACT_STATUSES } from '../../../domain/admin-ops';
import type { ContactMessageView, ContactStatus } from '../../../domain/admin-ops';
import { countryName, languageName } from '../../../ui/intl';
import { SelectField } from '../../../ui/select-field';
import { adminSend } from '../admin-api';
import { useLiveQuery } from '../live/use-live-query';
import { useAdminErrorText } from '../ui/admin-error';
import { AdminPage } from '../ui/admin-page';
import { AuditTrail } from '../ui/audit-trail';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import { PendingPage } from '../ui/pending-page';
import { ReplyForm } from './reply-form';
import { StatusBadge } from './status-badge';
import { useAssignees } from './use-assignees';
import styles from './contact.module.css';

export function ContactMessagePage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const format = useAdminFormat();
  const errorText = useAdminErrorText('contact');
  const assignees = useAssignees();
  const [changes, setChanges] = useState(0);
  const [notice, setNotice] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const result = useLiveQuery<{ message: ContactMessageView; version: string }>(
    `contact-messages/${encodeURIComponent(id)}`,
    'contact',
    {},
    changes,
  );
  const message = result.latest?.message;
  const back = { to: '/admin/contact-messages', label: t('admin.contact.back') };

  if (!message) {
    return (
      <PendingPage title={t('admin.contact.detailTitle')} back={back} result={result} errorArea="contact" />
    );
  }

  const change = async (body: { status?: ContactStatus; assignee?: string | null }) => {
    setFailure(undefined);
    setNotice(undefined);
    try {
      await adminSend('PATCH', `contact-messages/${encodeURIComponent(message.id)}`, body);
      setNotice(t('admin.contact.updated'));
      setChanges((n) => n + 1);
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  const locale = i18n.language;
  const facts: [string, ReactNode][] = [
    [t('admin.contact.fields.from'), `${message.firstName} ${message.lastName}`],
    [t('admin.contact.fields.email'), <a href={`mailto:${message.email}`}>{message.email}</a>],
    [t('admin.contact.fields.phone'), `${message.phoneCountryCode} ${message.phoneNumber}`],
    [t('admin.contact.fields.received'), format.dateTime(message.createdAt)],
    [t('admin.contact.fields.category'), t(`admin.contact.category.${message.category}`)],
    [
      t('admin.contact.fields.countries'),
      `${countryName(message.originCountry, locale)} → ${countryName(message.interventionCountry, locale)}`,
    ],
    [
      t('admin.contact.fields.languages'),
      message.languages.map((code) => languageName(code, locale)).join(', '),
    ],
    [t('admin.contact.fields.replyLanguage'), languageName(message.replyLanguage, locale)],
  ];

  return (
    <AdminPage
      title={message.subject}
      documentTitle={t('admin.contact.detailTitle')}
      subtitle={<StatusBadge status={message.status} />}
      back={back}
    >
      {notice && (
        <p className={detail.notice} data-tone="good" role="status">
          {notice}
        </p>
      )}
      {failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}
      <section className={detail.section} aria-labelledby="contact-message">
        <h2 id="contact-message">{t('admin.contact.message')}</h2>
        <dl className={`${detail.facts} ${styles.facts}`}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p className={styles.message} data-contact-text>
          {message.message}
        </p>
      </section>

      <section className={detail.section} aria-labelledby="contact-handling">
        <h2 id="contact-handling">{t('admin.contact.handling')}</h2>
        <div className={styles.controls}>
          <SelectField
            label={t('admin.contact.fields.status')}
            anyLabel={t(`admin.contact.status.${message.status}`)}
            value=""
            options={CONTACT_STATUSES.filter((status) => status !== message.status).map((status) => ({
              value: status,
              label: t(`admin.contact.status.${status}`),
            }))}
            onChange={(value) => value && void change({ status: value as ContactStatus })}
          />
          <SelectField
            label={t('admin.contact.fields.assignee')}
            anyLabel={t('admin.contact.unassigned')}
            value={message.assignee ?? ''}
            options={assignees.list.map((assignee) => ({ value: assignee.uid, label: assignee.name }))}
            onChange={(value) => void change({ assignee: value || null })}
          />
        </div>
      </section>

      <section className={detail.section} aria-labelledby="contact-replies">
        <h2 id="contact-replies">{t('admin.contact.replies')}</h2>
        {message.replies.length === 0 ? (
          <p>{t('admin.contact.noReplies')}</p>
        ) : (
          <ol className={styles.replies}>
            {message.replies.map((reply) => (
              <li key={reply.id} className={styles.reply} data-reply={reply.state}>
                <span className={detail.secondary}>
                  {t(`admin.contact.replyState.${reply.state}`, {
                    date: format.dateTime(reply.at),
                    name: assignees.nameOf(reply.by) ?? reply.by,
                    language: languageName(reply.language, locale),
                  })}
                </span>
                <p>{reply.text}</p>
              </li>
            ))}
          </ol>
        )}
        <ReplyForm
          messageId={message.id}
          language={message.replyLanguage}
          onSent={() => {
            setNotice(t('admin.contact.sent'));
            setChanges((n) => n + 1);
          }}
        />
      </section>

      <AuditTrail kind="contact_message" id={message.id} reloadKey={changes} />
    </AdminPage>
  );
}
