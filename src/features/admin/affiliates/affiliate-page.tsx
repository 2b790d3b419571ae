/**
 * `/admin/affiliates/new` and `/admin/affiliates/:id`: an affiliate's form; for an existing one also
 * its referral link to copy, its balance, the clients it brought and its change history.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { AffiliateView } from '../../../domain/affiliates';
import { adminSend } from '../admin-api';
import { AdminPage } from '../ui/admin-page';
import { AuditTrail } from '../ui/audit-trail';
import { PendingPage } from '../ui/pending-page';
import { useAdminQuery } from '../ui/use-admin-query';
import detail from '../ui/detail.module.css';
import { AffiliateBalance } from './affiliate-balance';
import { AffiliateFields } from './affiliate-fields';
import { affiliatePaths } from './affiliate-paths';
import styles from './affiliates.module.css';
import { ReferralLinkCard } from './referral-link-card';
import { ReferralsPanel } from './referrals-panel';

type Answer = { affiliate: AffiliateView };

export function AffiliatePage() {
  const { id } = useParams();
  return id && id !== 'new' ? <ExistingAffiliate id={id} /> : <NewAffiliate />;
}

function NewAffiliate() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AdminPage
      title={t('admin.affiliates.createTitle')}
      back={{ to: affiliatePaths.list(), label: t('admin.affiliates.backToList') }}
    >
      <AffiliateFields
        onSave={(input) => adminSend<Answer>('POST', 'affiliates', input).then((answer) => answer.affiliate)}
        onSaved={(affiliate) => void navigate(affiliatePaths.affiliate(affiliate.id), { replace: true })}
      />
    </AdminPage>
  );
}

function ExistingAffiliate({ id }: { id: string }) {
  const { t } = useTranslation();
  const [changes, setChanges] = useState(0);
  const result = useAdminQuery<Answer>(`affiliates/${encodeURIComponent(id)}`, {}, changes);
  const back = { to: affiliatePaths.list(), label: t('admin.affiliates.backToList') };
  // While it is read again after a save, the page stays on screen (the form keeps its state).
  const [shown, setShown] = useState<AffiliateView>();
  if (result.status === 'ready' && result.data.affiliate !== shown) setShown(result.data.affiliate);
  const affiliate = result.status === 'error' ? undefined : (result.data?.affiliate ?? shown);
  if (!affiliate) {
    return (
      <PendingPage title={t('admin.affiliates.title')} back={back} result={result} errorArea="affiliates" />
    );
  }
  return (
    <AdminPage
      title={affiliate.name}
      subtitle={
        <>
          <span className={styles.code}>{affiliate.code}</span>{' '}
          <span className={detail.badge} data-tone={affiliate.active ? 'good' : 'bad'}>
            {t(affiliate.active ? 'admin.affiliates.active' : 'admin.affiliates.inactive')}
          </span>
        </>
      }
      back={back}
    >
      <div className={detail.columns}>
        <AffiliateFields
          key={affiliate.id}
          affiliate={affiliate}
          onSave={(input) =>
            adminSend<Answer>('PUT', `affiliates/${encodeURIComponent(affiliate.id)}`, input).then(
              (answer) => answer.affiliate,
            )
          }
          onSaved={() => setChanges((n) => n + 1)}
        />
        <div className={detail.stack}>
          <ReferralLinkCard link={affiliate.link} />
          <AffiliateBalance affiliateId={affiliate.id} />
        </div>
      </div>
      <ReferralsPanel affiliateId={affiliate.id} count={affiliate.referrals} />
      <AuditTrail kind="affiliate" id={affiliate.id} reloadKey={changes} />
    </AdminPage>
  );
}
