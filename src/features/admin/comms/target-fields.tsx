/**
 * Whom a notification goes to: a saved segment (chosen by name, with how many users it selects
 * now) or one user, by their id (shown with their name, role and language once found; the users
 * screens have no picker to reuse). The chosen kind's control carries the `target` field's id and
 * error, so that the service's refusal lands next to it.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../../data/api';
import type { UserDetail } from '../../../domain/admin-users';
import { UID_PATTERN } from '../../../domain/comms';
import type { SegmentView } from '../../../domain/comms';
import { ChoiceField, TextField } from '../../../ui/form-field';
import { languageName } from '../../../ui/intl';
import { useAdminErrorText } from '../ui/admin-error';
import { useAdminFormat } from '../ui/use-admin-format';
import { useAdminQuery } from '../ui/use-admin-query';
import { isListedRole } from '../users/user-paths';
import styles from '../pricing/admin-form.module.css';
import { notificationFieldId as idOf } from './notification-form';
import type { NotificationForm, TargetKind } from './notification-form';
import { useLiveCount } from './use-live-count';
import comms from './comms.module.css';

/** Segments offered (by name): a console for a few audiences, not a directory. */
const SEGMENTS_OFFERED = 100;
const LOOKUP_PAUSE_MS = 300;

type Props = {
  form: NotificationForm;
  change: (patch: Partial<NotificationForm>) => void;
  error?: string;
};

export function TargetFields({ form, change, error }: Props) {
  const { t } = useTranslation();
  const kinds: { value: TargetKind; label: string }[] = [
    { value: 'segment', label: t('admin.comms.compose.toSegment') },
    { value: 'user', label: t('admin.comms.compose.toUser') },
  ];
  return (
    <fieldset className={styles.card}>
      <legend>{t('admin.comms.compose.target')}</legend>
      <div className={comms.radios} role="radiogroup" aria-label={t('admin.comms.compose.targetKind')}>
        {kinds.map((kind) => (
          <label key={kind.value}>
            <input
              type="radio"
              name="notification-target-kind"
              value={kind.value}
              checked={form.targetKind === kind.value}
              onChange={() => change({ targetKind: kind.value })}
            />
            <span>{kind.label}</span>
          </label>
        ))}
      </div>
      {form.targetKind === 'segment' ? (
        <SegmentChoice
          id={idOf('target')}
          segmentId={form.segmentId}
          onSegment={(segmentId) => change({ segmentId })}
          error={error}
        />
      ) : (
        <UserChoice form={form} change={change} error={error} />
      )}
    </fieldset>
  );
}

/** A saved segment, chosen by name, with how many users it selects now (campaigns use it too). */
export function SegmentChoice({
  id,
  segmentId,
  onSegment,
  error,
}: {
  id: string;
  segmentId: string;
  onSegment: (segmentId: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const errorText = useAdminErrorText('comms');
  const segments = useAdminQuery<{ items: SegmentView[] }>('comms/segments', { limit: SEGMENTS_OFFERED });
  const chosen = segments.data?.items.find((segment) => segment.id === segmentId);
  const live = useLiveCount(chosen?.rules);
  const count = chosen && live.answer && !live.updating ? live.answer.count : undefined;
  return (
    <div className={comms.target}>
      <ChoiceField
        id={id}
        label={t('admin.comms.compose.segment')}
        value={segmentId}
        placeholder={t('admin.comms.compose.chooseSegment')}
        options={(segments.data?.items ?? []).map((segment) => ({ value: segment.id, label: segment.name }))}
        error={error}
        onValue={onSegment}
      />
      {segments.status === 'error' && (
        <p className={styles.hint} role="alert">
          {errorText(segments.error)}
        </p>
      )}
      {chosen && (
        <p className={styles.hint} aria-live="polite" data-testid="target-count">
          {count === undefined
            ? t('admin.comms.count.updating')
            : t('admin.comms.compose.segmentCount', { count, formatted: format.number(count) })}
        </p>
      )}
    </div>
  );
}

/** The uid typed, once typing pauses and only when it can be one. */
function useSettledUid(uid: string): string | undefined {
  const [settled, setSettled] = useState<string>();
  useEffect(() => {
    const timer = setTimeout(() => setSettled(UID_PATTERN.test(uid) ? uid : undefined), LOOKUP_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [uid]);
  return settled === uid ? settled : undefined;
}

function UserChoice({ form, change, error }: Props) {
  const { t, i18n } = useTranslation();
  const errorText = useAdminErrorText('comms');
  const uid = form.uid.trim();
  const settled = useSettledUid(uid);
  const user = useAdminQuery<UserDetail>(settled ? `users/${encodeURIComponent(settled)}` : undefined);
  const account = user.status === 'ready' ? user.data.account : undefined;
  let found: string | undefined;
  if (account) {
    found = t('admin.comms.compose.userFound', {
      name: account.displayName,
      role: isListedRole(account.role) ? t(`admin.comms.role.${account.role}`) : account.role,
      language: languageName(account.preferredLanguage, i18n.language),
    });
  } else if (settled && user.status === 'error') {
    found =
      errorCode(user.error) === 'not_found'
        ? t('admin.comms.errors.recipient_not_found')
        : errorText(user.error);
  }
  return (
    <div className={comms.target}>
      <TextField
        id={idOf('target')}
        label={t('admin.comms.compose.uid')}
        value={form.uid}
        autoComplete="off"
        spellCheck={false}
        maxLength={64}
        hint={found ?? t('admin.comms.compose.uidHint')}
        error={error}
        onValue={(value) => change({ uid: value })}
      />
    </div>
  );
}
