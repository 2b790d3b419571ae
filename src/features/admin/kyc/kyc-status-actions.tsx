/**
 * The decisions on an identity record: verify it, reject it (a reason is required), or put it back
 * to be checked. Each is one audited change on the service.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_REASON_MAX_LENGTH } from '../../../domain/admin-reason';
import type { KycStatus, KycView } from '../../../domain/kyc';
import { Button } from '../../../ui/button';
import { adminSend } from '../admin-api';
import { ConfirmDialog } from '../ui/confirm-dialog';
import styles from '../ui/detail.module.css';

const ACTIONS: { status: KycStatus; label: 'verify' | 'reject' | 'reset'; title: string }[] = [
  { status: 'verified', label: 'verify', title: 'verifyTitle' },
  { status: 'rejected', label: 'reject', title: 'rejectTitle' },
  { status: 'pending', label: 'reset', title: 'resetTitle' },
];

export function KycStatusActions({
  kyc,
  name,
  onChanged,
}: {
  kyc: KycView;
  name: string;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<KycStatus>();
  const choices = ACTIONS.filter((action) => action.status !== kyc.status);
  const current = ACTIONS.find((action) => action.status === asking);
  return (
    <div className={styles.actions}>
      {choices.map((action) => (
        <Button
          key={action.status}
          variant={action.status === 'verified' ? 'primary' : 'secondary'}
          onClick={() => setAsking(action.status)}
        >
          {t(`admin.kyc.${action.label}`)}
        </Button>
      ))}
      <ConfirmDialog
        open={current !== undefined}
        title={current ? t(`admin.kyc.${current.title}` as 'admin.kyc.verifyTitle', { name }) : ''}
        confirmLabel={current ? t(`admin.kyc.${current.label}`) : ''}
        danger={asking === 'rejected'}
        errorArea="kyc"
        reason={{
          label: asking === 'rejected' ? t('admin.common.reason') : t('admin.kyc.note'),
          required: asking === 'rejected',
          maxLength: ADMIN_REASON_MAX_LENGTH,
        }}
        onConfirm={(reason) =>
          adminSend('PUT', `kyc/${encodeURIComponent(kyc.uid)}/status`, {
            status: asking,
            ...(reason ? { reason } : {}),
          })
        }
        onDone={onChanged}
        onClose={() => setAsking(undefined)}
      />
    </div>
  );
}
