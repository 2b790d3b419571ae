/**
 * `/admin/b2b/accounts/new` and `/admin/b2b/accounts/:id`: a company account's details; for an
 * existing one also its negotiated prices, its members and its change history.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { B2bAccount } from '../../../domain/b2b';
import { adminSend } from '../admin-api';
import { useAdminErrorText } from '../ui/admin-error';
import { AdminPage } from '../ui/admin-page';
import { AuditTrail } from '../ui/audit-trail';
import { useAdminQuery } from '../ui/use-admin-query';
import detail from '../ui/detail.module.css';
import form from '../pricing/admin-form.module.css';
import { AccountForm } from './account-form';
import { b2bPaths } from './b2b-view';
import { MembersPanel } from './members-panel';
import { PricingPanel } from './pricing-panel';

export function B2bAccountPage() {
  const { id } = useParams();
  return id && id !== 'new' ? <ExistingAccount id={id} /> : <NewAccount />;
}

function NewAccount() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AdminPage
      title={t('admin.b2b.createTitle')}
      back={{ to: b2bPaths.accounts(), label: t('admin.b2b.backToList') }}
    >
      <AccountForm
        onSave={(input) =>
          adminSend<{ account: B2bAccount }>('POST', 'b2b/accounts', input).then((answer) => answer.account)
        }
        onSaved={(account) => void navigate(b2bPaths.account(account.id), { replace: true })}
      />
    </AdminPage>
  );
}

function ExistingAccount({ id }: { id: string }) {
  const { t } = useTranslation();
  const errorText = useAdminErrorText('b2b');
  const [changes, setChanges] = useState(0);
  const result = useAdminQuery<{ account: B2bAccount }>(
    `b2b/accounts/${encodeURIComponent(id)}`,
    {},
    changes,
  );
  const back = { to: b2bPaths.accounts(), label: t('admin.b2b.backToList') };
  const changed = () => setChanges((n) => n + 1);
  // While it is read again after a change, the page stays on screen (its forms keep their state).
  const [shown, setShown] = useState<B2bAccount>();
  if (result.status === 'ready' && result.data.account !== shown) setShown(result.data.account);
  const account = result.status === 'ready' ? result.data.account : shown;
  if (!account || result.status === 'error') {
    return (
      <AdminPage title={t('admin.b2b.accountsTitle')} back={back}>
        {result.status === 'error' ? (
          <p role="alert" className={form.failure}>
            {errorText(result.error)}
          </p>
        ) : (
          <p role="status">{t('admin.common.loading')}</p>
        )}
      </AdminPage>
    );
  }
  return (
    <AdminPage
      title={account.name}
      subtitle={
        <span className={detail.badge} data-tone={account.active ? 'good' : 'bad'}>
          {t(account.active ? 'admin.b2b.active' : 'admin.b2b.inactive')}
        </span>
      }
      back={back}
    >
      <AccountForm
        key={account.id}
        account={account}
        onSave={(input) =>
          adminSend<{ account: B2bAccount }>('PUT', `b2b/accounts/${account.id}`, input).then(
            (a) => a.account,
          )
        }
        onSaved={changed}
      />
      <PricingPanel key={`prices:${account.id}`} account={account} onSaved={changed} />
      <MembersPanel accountId={account.id} onChanged={changed} />
      <AuditTrail kind="b2b_account" id={account.id} reloadKey={changes} />
    </AdminPage>
  );
}
