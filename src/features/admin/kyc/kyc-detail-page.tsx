/**
 * kyc/providers/:uid: one provider's identity record with the document inline, the status
 * decisions, a link to the provider's approval request, and the record's audit trail.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { KycView } from '../../../domain/kyc';
import { ButtonLink } from '../../../ui/button';
import { adminPath } from '../screens';
import { AdminPage } from '../ui/admin-page';
import { AuditTrail } from '../ui/audit-trail';
import { useAdminQuery } from '../ui/use-admin-query';
import styles from '../ui/detail.module.css';
import { PendingPage } from '../ui/pending-page';
import { KycIdentity } from './kyc-identity';
import { KycStatusActions } from './kyc-status-actions';

export function KycDetailPage() {
  const { t } = useTranslation();
  const { uid = '' } = useParams();
  const [changes, setChanges] = useState(0);
  const [saved, setSaved] = useState(false);
  const result = useAdminQuery<{ kyc: KycView }>(`kyc/${encodeURIComponent(uid)}`, {}, changes);
  const kyc = result.data?.kyc;
  const back = { to: adminPath('kyc/providers'), label: t('admin.kyc.detail.back') };
  if (!kyc) {
    return <PendingPage title={t('admin.kyc.title')} back={back} result={result} errorArea="kyc" />;
  }
  const name = kyc.account?.displayName ?? kyc.uid;
  return (
    <AdminPage
      title={name}
      subtitle={`${t(`professions.${kyc.role}`)}${kyc.account ? ` · ${kyc.account.email}` : ''}`}
      back={back}
      actions={
        <KycStatusActions
          kyc={kyc}
          name={name}
          onChanged={() => {
            setSaved(true);
            setChanges((n) => n + 1);
          }}
        />
      }
    >
      {saved && (
        <p className={styles.notice} data-tone="good" role="status">
          {t('admin.kyc.saved')}
        </p>
      )}
      <div className={styles.columns}>
        <KycIdentity kyc={kyc} name={name} heading={t('admin.approvals.sections.identity')} />
        <div className={styles.stack}>
          <ButtonLink
            variant="secondary"
            to={adminPath(kyc.role === 'lawyer' ? 'approvals/lawyers/:uid' : 'approvals/expats/:uid', {
              uid: kyc.uid,
            })}
          >
            {t('admin.kyc.detail.approval')}
          </ButtonLink>
          <AuditTrail kind="kyc" id={kyc.uid} reloadKey={changes} />
        </div>
      </div>
    </AdminPage>
  );
}
