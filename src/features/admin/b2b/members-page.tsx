/** `/admin/b2b/members`: the members of the account chosen above (added and removed by e-mail). */
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../ui/admin-page';
import { AccountPicker, useChosenAccount } from './account-picker';
import { MembersPanel } from './members-panel';
import styles from './b2b.module.css';

export function B2bMembersPage() {
  const { t } = useTranslation();
  const [accountId, choose] = useChosenAccount();
  return (
    <AdminPage title={t('admin.b2b.membersTitle')} subtitle={t('admin.b2b.membersSubtitle')}>
      <div className={styles.pickers}>
        <AccountPicker value={accountId} onChange={choose} />
      </div>
      {accountId ? <MembersPanel key={accountId} accountId={accountId} /> : <p>{t('admin.b2b.pickFirst')}</p>}
    </AdminPage>
  );
}
