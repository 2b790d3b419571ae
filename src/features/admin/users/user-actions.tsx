/**
 * What an admin does to a user from their page: ban or lift the ban, set a lawyer or expat
 * offline, send the password reset mail, delete the account. Each asks first (ConfirmDialog), says
 * what will happen, keeps a reason for the audit trail (required for a ban and a deletion), and
 * reports the outcome; an action already done answers "nothing to change".
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_REASON_MAX_LENGTH } from '../../../domain/admin-reason';
import type { UserActionResult, UserDetail } from '../../../domain/admin-users';
import { Button } from '../../../ui/button';
import { languageName } from '../../../ui/intl';
import { adminSend } from '../admin-api';
import { ConfirmDialog } from '../ui/confirm-dialog';
import styles from '../ui/detail.module.css';

type Kind = 'ban' | 'unban' | 'offline' | 'passwordReset' | 'delete';

/** The notice an action leaves on the page (a translation key of `admin.users.done`). */
export type ActionOutcome =
  'ban' | 'unban' | 'offline' | 'passwordReset' | 'passwordResetAlready' | 'unchanged';

type Props = {
  detail: UserDetail;
  onChanged: (outcome: ActionOutcome) => void;
  onDeleted: () => void;
};

const PATHS: Record<Exclude<Kind, 'delete'>, string> = {
  ban: 'ban',
  unban: 'unban',
  offline: 'offline',
  passwordReset: 'password-reset',
};

/** The reset link's validity the service states (verification.ts), shown before sending. */
const RESET_VALID_HOURS = 1;

export function UserActions({ detail, onChanged, onDeleted }: Props) {
  const { t, i18n } = useTranslation();
  const [asking, setAsking] = useState<Kind>();
  const { account } = detail;
  const name = account.displayName;
  const provider = account.role === 'lawyer' || account.role === 'expat';
  const online = account.isOnline === true || detail.publicProfile?.isOnline === true;
  if (account.role === 'admin') return null;

  const run = async (kind: Exclude<Kind, 'delete'>, reason: string) => {
    const answer = await adminSend<UserActionResult>(
      'POST',
      `users/${encodeURIComponent(account.uid)}/${PATHS[kind]}`,
      {
        ...(reason ? { reason } : {}),
      },
    );
    if (answer.changed) onChanged(kind);
    else onChanged(kind === 'passwordReset' ? 'passwordResetAlready' : 'unchanged');
  };
  const remove = async (reason: string) => {
    await adminSend('DELETE', `users/${encodeURIComponent(account.uid)}`, reason ? { reason } : {});
  };
  const reason = (required: boolean) => ({
    label: required ? t('admin.users.confirm.reason') : t('admin.users.confirm.reasonOptional'),
    required,
    maxLength: ADMIN_REASON_MAX_LENGTH,
  });
  const close = () => setAsking(undefined);

  return (
    <div className={styles.actions}>
      {account.isBanned ? (
        <Button variant="secondary" onClick={() => setAsking('unban')}>
          {t('admin.users.actions.unban')}
        </Button>
      ) : (
        <Button onClick={() => setAsking('ban')}>{t('admin.users.actions.ban')}</Button>
      )}
      {provider && online && (
        <Button variant="secondary" onClick={() => setAsking('offline')}>
          {t('admin.users.actions.offline')}
        </Button>
      )}
      {account.hasPassword && !account.isBanned && (
        <Button variant="secondary" onClick={() => setAsking('passwordReset')}>
          {t('admin.users.actions.passwordReset')}
        </Button>
      )}
      <Button variant="ghost" onClick={() => setAsking('delete')}>
        {t('admin.users.actions.delete')}
      </Button>

      <ConfirmDialog
        open={asking === 'ban'}
        title={t('admin.users.confirm.banTitle', { name })}
        confirmLabel={t('admin.users.actions.ban')}
        danger
        errorArea="users"
        reason={reason(true)}
        onConfirm={(text) => run('ban', text)}
        onClose={close}
      >
        <p>{t('admin.users.confirm.banBody')}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'unban'}
        title={t('admin.users.confirm.unbanTitle', { name })}
        confirmLabel={t('admin.users.actions.unban')}
        errorArea="users"
        reason={reason(false)}
        onConfirm={(text) => run('unban', text)}
        onClose={close}
      >
        <p>{t('admin.users.confirm.unbanBody')}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'offline'}
        title={t('admin.users.confirm.offlineTitle', { name })}
        confirmLabel={t('admin.users.actions.offline')}
        errorArea="users"
        reason={reason(false)}
        onConfirm={(text) => run('offline', text)}
        onClose={close}
      >
        <p>{t('admin.users.confirm.offlineBody')}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'passwordReset'}
        title={t('admin.users.confirm.passwordResetTitle', { name })}
        confirmLabel={t('admin.users.actions.passwordReset')}
        errorArea="users"
        onConfirm={() => run('passwordReset', '')}
        onClose={close}
      >
        <p>
          {t('admin.users.confirm.passwordResetBody', {
            email: account.email,
            language: languageName(account.preferredLanguage, i18n.language),
            hours: RESET_VALID_HOURS,
          })}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'delete'}
        title={t('admin.users.confirm.deleteTitle', { name })}
        confirmLabel={t('admin.users.actions.delete')}
        danger
        errorArea="users"
        reason={reason(true)}
        onConfirm={remove}
        onDone={onDeleted}
        onClose={close}
      >
        <p>{t('admin.users.confirm.deleteBody')}</p>
      </ConfirmDialog>
    </div>
  );
}
