/** `/admin/b2b/pricing`: the negotiated prices of the account chosen above. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { B2bAccount } from '../../../domain/b2b';
import { AdminPage } from '../ui/admin-page';
import { useAdminQuery } from '../ui/use-admin-query';
import { AccountPicker, useChosenAccount } from './account-picker';
import { PricingPanel } from './pricing-panel';
import styles from './b2b.module.css';

export function B2bPricingPage() {
  const { t } = useTranslation();
  const [accountId, choose] = useChosenAccount();
  const [changes, setChanges] = useState(0);
  const result = useAdminQuery<{ account: B2bAccount }>(
    accountId ? `b2b/accounts/${accountId}` : undefined,
    {},
    changes,
  );
  // Kept while it is read again after a save, so that the form (and its "saved") stays.
  const [shown, setShown] = useState<B2bAccount>();
  if (result.status === 'ready' && result.data.account !== shown) setShown(result.data.account);
  return (
    <AdminPage title={t('admin.b2b.pricingTitle')} subtitle={t('admin.b2b.pricingSubtitle')}>
      <div className={styles.pickers}>
        <AccountPicker value={accountId} onChange={choose} />
      </div>
      {!accountId && <p>{t('admin.b2b.pickFirst')}</p>}
      {accountId && shown?.id === accountId && (
        <PricingPanel key={accountId} account={shown} onSaved={() => setChanges((n) => n + 1)} />
      )}
    </AdminPage>
  );
}
