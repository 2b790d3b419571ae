/**
 * One approval request (approvals/lawyers/:uid, approvals/expats/:uid): everything the provider
 * submitted (profile, diplomas, presentation, photo, identity record with its document), how long
 * it has waited, the decision buttons, and the account's audit trail.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { ApprovalRequestView } from '../../../domain/approval';
import { KycIdentity } from '../kyc/kyc-identity';
import { adminPath } from '../screens';
import { AdminPage } from '../ui/admin-page';
import { AuditTrail } from '../ui/audit-trail';
import { useAdminFormat } from '../ui/use-admin-format';
import { useAdminQuery } from '../ui/use-admin-query';
import styles from '../ui/detail.module.css';
import { PendingPage } from '../ui/pending-page';
import { ApprovalActions } from './approval-actions';
import type { ApprovalOutcome } from './approval-actions';
import { ApprovalAge } from './approval-age';
import { SubmittedProfileCard } from './submitted-profile';

export function ApprovalDetailPage() {
  const { t } = useTranslation();
  const { uid = '' } = useParams();
  const format = useAdminFormat();
  const [changes, setChanges] = useState(0);
  const [outcome, setOutcome] = useState<ApprovalOutcome>();
  const result = useAdminQuery<{ request: ApprovalRequestView }>(
    `approvals/${encodeURIComponent(uid)}`,
    {},
    changes,
  );
  const request = result.data?.request;
  const back = {
    to: adminPath(request?.role === 'expat' ? 'approvals/expats' : 'approvals/lawyers'),
    label: t('admin.approvals.detail.back'),
  };

  if (!request) {
    return (
      <PendingPage title={t('admin.approvals.listLabel')} back={back} result={result} errorArea="approvals" />
    );
  }

  const name = request.profile?.fullName ?? request.displayName;
  const changed = (next: ApprovalOutcome) => {
    setOutcome(next);
    setChanges((n) => n + 1);
  };
  return (
    <AdminPage
      title={name}
      back={back}
      subtitle={
        <>
          {t('admin.approvals.detail.registered', { date: format.dateTime(request.createdAt) })}
          {!request.isApproved && (
            <>
              {' · '}
              <ApprovalAge hours={request.ageHours} overdue={request.overdue} />
            </>
          )}
        </>
      }
      actions={<ApprovalActions request={request} approved={request.isApproved} onChanged={changed} />}
    >
      {outcome && (
        <p
          className={styles.notice}
          data-tone={outcome === 'rejectedNotMailed' ? 'bad' : 'good'}
          role="status"
        >
          {t(`admin.approvals.${outcome}`)}{' '}
          {outcome === 'approved' && (
            <a href={`/provider/${encodeURIComponent(request.uid)}`}>{t('admin.approvals.viewPublic')}</a>
          )}
        </p>
      )}
      {!outcome && request.isApproved && (
        <p className={styles.notice} data-tone="good">
          {t('admin.approvals.detail.approvedNotice')}{' '}
          <a href={`/provider/${encodeURIComponent(request.uid)}`}>{t('admin.approvals.viewPublic')}</a>
        </p>
      )}
      {!outcome && request.rejection && (
        <p className={styles.notice} data-tone="bad">
          {t('admin.approvals.detail.rejectedNotice', { date: format.dateTime(request.rejection.at) })}{' '}
          <q>{request.rejection.reason}</q>{' '}
          {request.rejection.mailed
            ? t('admin.approvals.detail.mailed')
            : t('admin.approvals.detail.notMailed')}
        </p>
      )}
      <div className={styles.columns}>
        <SubmittedProfileCard request={request} />
        <div className={styles.stack}>
          {request.kyc && (
            <KycIdentity kyc={request.kyc} name={name} heading={t('admin.approvals.sections.identity')} />
          )}
          <AuditTrail kind="account" id={request.uid} reloadKey={changes} />
        </div>
      </div>
    </AdminPage>
  );
}
