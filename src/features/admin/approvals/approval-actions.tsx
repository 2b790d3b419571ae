/**
 * Approve or reject a request from its page. Approval publishes the profile; rejection asks for
 * the reason that is mailed to the provider in their own language (named in the dialog). When the
 * mail could not go out, "resend" posts the same rejection again: the service keeps the first
 * reason and sends the mail it still owes.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_REASON_MAX_LENGTH } from '../../../domain/admin-reason';
import type { ApprovalRequestView } from '../../../domain/approval';
import { Button } from '../../../ui/button';
import { languageName } from '../../../ui/intl';
import { adminSend } from '../admin-api';
import { ConfirmDialog } from '../ui/confirm-dialog';
import styles from '../ui/detail.module.css';

export type ApprovalOutcome = 'approved' | 'rejected' | 'rejectedNotMailed';

type Props = {
  request: ApprovalRequestView;
  approved: boolean;
  onChanged: (outcome: ApprovalOutcome) => void;
};

type RejectAnswer = { mailed: boolean };

export function ApprovalActions({ request, approved, onChanged }: Props) {
  const { t, i18n } = useTranslation();
  const [asking, setAsking] = useState<'approve' | 'reject'>();
  const name = request.profile?.fullName ?? request.displayName;
  const reject = async (reason: string) => {
    const answer = await adminSend<RejectAnswer>('POST', `providers/${request.uid}/rejection`, { reason });
    onChanged(answer.mailed ? 'rejected' : 'rejectedNotMailed');
  };
  if (approved) return null;
  return (
    <div className={styles.actions}>
      <Button onClick={() => setAsking('approve')}>{t('admin.approvals.approve')}</Button>
      {request.status === 'pending' && (
        <Button variant="secondary" onClick={() => setAsking('reject')}>
          {t('admin.approvals.reject')}
        </Button>
      )}
      {request.rejection && !request.rejection.mailed && (
        <Button
          variant="secondary"
          onClick={() => void reject(request.rejection!.reason).catch(() => undefined)}
        >
          {t('admin.approvals.resend')}
        </Button>
      )}
      <ConfirmDialog
        open={asking === 'approve'}
        title={t('admin.approvals.approveTitle', { name })}
        confirmLabel={t('admin.approvals.approve')}
        errorArea="approvals"
        onConfirm={() => adminSend('POST', `providers/${request.uid}/approval`, { approved: true })}
        onDone={() => onChanged('approved')}
        onClose={() => setAsking(undefined)}
      >
        <p>{t('admin.approvals.approveBody')}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'reject'}
        title={t('admin.approvals.rejectTitle', { name })}
        confirmLabel={t('admin.approvals.reject')}
        danger
        errorArea="approvals"
        reason={{
          label: t('admin.approvals.rejectReason'),
          required: true,
          maxLength: ADMIN_REASON_MAX_LENGTH,
        }}
        onConfirm={reject}
        onClose={() => setAsking(undefined)}
      >
        <p>
          {t('admin.approvals.rejectBody', {
            language: languageName(request.preferredLanguage, i18n.language),
          })}
        </p>
      </ConfirmDialog>
    </div>
  );
}
