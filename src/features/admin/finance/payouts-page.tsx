/**
 * finance/payouts: paying providers (server/services/payouts/, spec "payouts within 24 hours").
 * The runs (the daily schedule, one under way, the last ones and what they paid) with "run payouts
 * now"; every payee's balance from the ledger (providers, and affiliates, who are paid by the same
 * runs and have their own screen) and where their Stripe payouts go; the payouts, paged and filtered
 * by state, day and payee; the day's bank-transfer export. A change made here (a run, an account)
 * reads every part again.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayoutRunSummary } from '../../../domain/payouts';
import { AdminPage } from '../ui/admin-page';
import detail from '../ui/detail.module.css';
import { PayoutBalances } from './payout-balances';
import { PayoutExport } from './payout-export';
import { PayoutList, usePayoutsOf } from './payout-list';
import { PayoutRunNotice, RunPayoutsButton } from './payout-run';
import { PayoutRuns } from './payout-runs';

export function PayoutsPage() {
  const { t } = useTranslation();
  const payoutsOf = usePayoutsOf();
  const [changes, setChanges] = useState(0);
  const changed = useCallback(() => setChanges((n) => n + 1), []);
  const [done, setDone] = useState<PayoutRunSummary>();
  return (
    <AdminPage
      title={t('admin.payouts.title')}
      subtitle={t('admin.payouts.subtitle')}
      actions={<RunPayoutsButton onAsk={() => setDone(undefined)} onRun={setDone} onDone={changed} />}
    >
      {done && <PayoutRunNotice run={done} />}
      <PayoutRuns changes={changes} onChanged={changed} />
      <section className={detail.section} aria-labelledby="payout-balances">
        <h2 id="payout-balances">{t('admin.payouts.balances.title')}</h2>
        <p className={detail.secondary}>{t('admin.payouts.balances.help')}</p>
        <PayoutBalances changes={changes} onChanged={changed} payoutsOf={payoutsOf} />
      </section>
      <section className={detail.section} aria-labelledby="payouts-list">
        <h2 id="payouts-list">{t('admin.payouts.list.title')}</h2>
        <PayoutList changes={changes} />
      </section>
      <PayoutExport />
    </AdminPage>
  );
}
