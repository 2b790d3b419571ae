/**
 * One user (users/clients/:uid, users/providers/lawyers/:uid, users/providers/expats/:uid): the
 * account, the user record, the public profile, the actions, the audit trail, and the
 * consultations, invoices and reviews, each list paged by the service.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { ListedRole, UserDetail } from '../../../domain/admin-users';
import { adminPath } from '../screens';
import { AdminPage } from '../ui/admin-page';
import { AuditTrail } from '../ui/audit-trail';
import { useAdminFormat } from '../ui/use-admin-format';
import { useAdminQuery } from '../ui/use-admin-query';
import styles from '../ui/detail.module.css';
import { PendingPage } from '../ui/pending-page';
import { UserActions } from './user-actions';
import type { ActionOutcome } from './user-actions';
import { AccountCard, ProfileCard, PublicProfileCard } from './user-facts';
import { UserFlags } from './user-flags';
import { ConsultationsSection, InvoicesSection, ReviewsSection } from './user-history';
import { isListedRole, USER_LIST_SCREENS } from './user-paths';

function UserDetailPage({ role }: { role: ListedRole }) {
  const { t } = useTranslation();
  const { uid = '' } = useParams();
  const navigate = useNavigate();
  const format = useAdminFormat();
  const [changes, setChanges] = useState(0);
  const [outcome, setOutcome] = useState<ActionOutcome>();
  const result = useAdminQuery<UserDetail>(`users/${encodeURIComponent(uid)}`, {}, changes);
  const detail = result.data;
  // A user opened under another role's path is shown under their own role's list.
  const listRole = detail && isListedRole(detail.account.role) ? detail.account.role : role;
  const back = {
    to: adminPath(USER_LIST_SCREENS[listRole]),
    label: t(`admin.users.detail.back.${listRole}`),
  };

  if (!detail) {
    return (
      <PendingPage title={t('admin.users.detail.title')} back={back} result={result} errorArea="users" />
    );
  }

  const { account } = detail;
  return (
    <AdminPage
      title={account.displayName}
      back={back}
      subtitle={
        <>
          {t(`admin.users.roles.${account.role}`)} ·{' '}
          {t('admin.users.detail.registered', { date: format.dateTime(account.createdAt) })}
        </>
      }
      actions={
        <UserActions
          detail={detail}
          onChanged={(next) => {
            setOutcome(next);
            setChanges((n) => n + 1);
          }}
          onDeleted={() => void navigate(back.to, { state: { adminNotice: t('admin.users.done.deleted') } })}
        />
      }
    >
      <UserFlags user={account} full />
      {outcome && (
        <p className={styles.notice} data-tone={outcome === 'unchanged' ? undefined : 'good'} role="status">
          {t(`admin.users.done.${outcome}`)}
        </p>
      )}
      <div className={styles.columns}>
        <div className={styles.stack}>
          <AccountCard account={account} />
          <ProfileCard profile={detail.profile} />
          {account.role !== 'client' && <PublicProfileCard uid={account.uid} listed={detail.publicProfile} />}
        </div>
        <AuditTrail kind="account" id={account.uid} reloadKey={changes} />
      </div>
      <ConsultationsSection uid={account.uid} reloadKey={changes} />
      <InvoicesSection uid={account.uid} />
      <ReviewsSection uid={account.uid} />
    </AdminPage>
  );
}

export function ClientDetailPage() {
  return <UserDetailPage role="client" />;
}

export function LawyerDetailPage() {
  return <UserDetailPage role="lawyer" />;
}

export function ExpatDetailPage() {
  return <UserDetailPage role="expat" />;
}
