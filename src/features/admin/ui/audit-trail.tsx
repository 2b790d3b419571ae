/**
 * `<AuditTrail kind="account" id={uid} />`: a record's audit trail on its detail page, newest
 * first, one page at a time (`GET /api/admin/audit?kind=&id=`): when, who, what, and each changed
 * field as before → after. `reloadKey` reads it again after the page made a change.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { errorCode } from '../../../data/api';
import { Button } from '../../../ui/button';
import { useAdminErrorText } from './admin-error';
import { NeedsConnection } from './online-only';
import { TokenPager, usePageTokens } from './token-pager';
import { useAdminQuery } from './use-admin-query';
import styles from './audit-trail.module.css';

/** An entry as `GET /api/admin/audit` answers it (server/services/admin/audit.ts, AuditView). */
export type AuditEntryView = {
  id: string;
  actor: string;
  /** The admin's name, when the service gives it. */
  actorName?: string;
  at: string;
  action: string;
  subject: { kind: string; id: string };
  before: unknown;
  after: unknown;
  reason?: string;
};

/** One changed field: its name (empty for a value that is not a record) and both values. */
export type AuditChange = { field: string; before: unknown; after: unknown };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The fields that differ between before and after (every field of a created or removed record). */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ field: '', before, after }];
  }
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields
    .filter((field) => JSON.stringify(from[field]) !== JSON.stringify(to[field]))
    .map((field) => ({ field, before: from[field], after: to[field] }));
}

export function AuditTrail({
  kind,
  id,
  reloadKey,
}: {
  kind: string;
  id: string;
  reloadKey?: number | string;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useAdminErrorText();
  const pages = usePageTokens();
  const [subject, setSubject] = useState(`${kind}/${id}/${reloadKey ?? ''}`);
  if (subject !== `${kind}/${id}/${reloadKey ?? ''}`) {
    // Another record, or the record changed: back to the newest entries.
    setSubject(`${kind}/${id}/${reloadKey ?? ''}`);
    pages.reset();
  }
  const result = useAdminQuery<{ items: AuditEntryView[]; next?: string }>(
    'audit',
    { kind, id, token: pages.token },
    reloadKey,
  );
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const show = (value: unknown): string => {
    if (value === undefined || value === null || value === '') return t('admin.common.none');
    if (typeof value === 'boolean') return value ? t('admin.common.yes') : t('admin.common.no');
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    const text = JSON.stringify(value);
    return text.length > 160 ? `${text.slice(0, 157)}…` : text;
  };
  const actionLabel = (action: string) =>
    i18n.exists(`admin.common.audit.actions.${action}`)
      ? t(`admin.common.audit.actions.${action}` as ParseKeys)
      : action;

  return (
    <section
      className={styles.trail}
      aria-labelledby={`audit-${kind}-${id}`}
      data-audit-trail={`${kind}:${id}`}
    >
      <h2 id={`audit-${kind}-${id}`} className={styles.title}>
        {t('admin.common.audit.title')}
      </h2>
      {result.status === 'loading' && <p role="status">{t('admin.common.loading')}</p>}
      {result.status === 'error' &&
        (errorCode(result.error) === 'offline' ? (
          <NeedsConnection />
        ) : (
          <div role="alert" className={styles.error}>
            <p>{errorText(result.error)}</p>
            <Button variant="secondary" size="small" onClick={result.reload}>
              {t('admin.common.retry')}
            </Button>
          </div>
        ))}
      {result.status === 'ready' && result.data.items.length === 0 && (
        <p className={styles.empty}>{t('admin.common.audit.empty')}</p>
      )}
      {result.status === 'ready' && result.data.items.length > 0 && (
        <ol className={styles.entries}>
          {result.data.items.map((entry) => (
            <li key={entry.id} className={styles.entry}>
              <div className={styles.meta}>
                <span className={styles.action}>{actionLabel(entry.action)}</span>
                <time dateTime={entry.at}>{dateFormat.format(new Date(entry.at))}</time>
                <span>
                  {t('admin.common.audit.actor')}{' '}
                  {entry.actor === 'system'
                    ? t('admin.common.audit.system')
                    : (entry.actorName ?? entry.actor)}
                </span>
              </div>
              <ul className={styles.changes} aria-label={t('admin.common.audit.change')}>
                {auditChanges(entry.before, entry.after).map((change) => (
                  <li key={change.field || 'value'}>
                    {change.field && <span className={styles.field}>{change.field}</span>}
                    <span className={styles.before}>
                      {entry.before === null ? t('admin.common.audit.created') : show(change.before)}
                    </span>
                    <span aria-hidden="true"> → </span>
                    <span className={styles.after}>
                      {entry.after === null ? t('admin.common.audit.removed') : show(change.after)}
                    </span>
                  </li>
                ))}
              </ul>
              {entry.reason && (
                <p className={styles.reason}>{t('admin.common.audit.reason', { reason: entry.reason })}</p>
              )}
            </li>
          ))}
        </ol>
      )}
      <TokenPager
        pages={pages}
        next={result.data?.next}
        backLabel={t('admin.common.audit.newest')}
        nextLabel={t('admin.common.audit.more')}
        className={styles.pager}
      />
    </section>
  );
}
