/**
 * `/admin/affiliates/payouts`: paying affiliates, with the providers' own payout machinery
 * (server/services/payouts/, finance/payouts): the affiliates' balances from the ledger, their
 * payouts (by state, day and affiliate, in the URL), "run payouts now" (a run pays providers and
 * affiliates alike) and the day's bank-transfer export. A run reads every part again.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayoutRunSummary } from '../../../domain/payouts';
import { PayoutBalances } from '../finance/payout-balances';
import { PayoutExport } from '../finance/payout-export';
import { PayoutList, usePayoutsOf } from '../finance/payout-list';
import { PayoutRunNotice, RunPayoutsButton } from '../finance/payout-run';
import { AdminPage } from '../ui/admin-page';
import detail from '../ui/detail.module.css';

export function AffiliatePayoutsPage() {
  const { t } = useTranslation();
  const payoutsOf = usePayoutsOf();
  const [changes, setChanges] = useState(0);
  const changed = useCallback(() => setChanges((n) => n + 1), []);
  const [done, setDone] = useState<PayoutRunSummary>();
  return (
    <AdminPage
      title={t('admin.affiliates.payouts.title')}
      subtitle={t('admin.affiliates.payouts.subtitle')}
      actions={<RunPayoutsButton onAsk={() => setDone(undefined)} onRun={setDone} onDone={changed} />}
    >
      {done && <PayoutRunNotice run={done} />}
      <section className={detail.section} aria-labelledby="payout-balances">
        <h2 id="payout-balances">{t('admin.affiliates.payouts.balancesTitle')}</h2>
        <p className={detail.secondary}>{t('admin.affiliates.payouts.balancesHelp')}</p>
        <PayoutBalances payee="affiliate" changes={changes} onChanged={changed} payoutsOf={payoutsOf} />
      </section>
      <section className={detail.section} aria-labelledby="payouts-list">
        <h2 id="payouts-list">{t('admin.affiliates.payouts.listTitle')}</h2>
        <PayoutList payee="affiliate" changes={changes} />
      </section>
      <PayoutExport />
    </AdminPage>
  );
}
