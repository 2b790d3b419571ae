/**
 * finance/payouts: paying providers (server/services/payouts/, spec "payouts within 24 hours").
 * The runs (the daily schedule, one under way, the last ones and what they paid) with "run payouts
 * now"; every provider's balance from the ledger and where their Stripe payouts go; the payouts,
 * paged and filtered by state, day and provider; the day's bank-transfer export. A change made here
 * (a run, an account) reads every part again.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { PayoutRunSummary } from '../../../domain/payouts';
import { Button } from '../../../ui/button';
import { adminSend } from '../admin-api';
import { AdminPage } from '../ui/admin-page';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import { PayoutBalances } from './payout-balances';
import { PayoutExport } from './payout-export';
import { PayoutList } from './payout-list';
import { PayoutRuns } from './payout-runs';

export function PayoutsPage() {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const location = useLocation();
  const [changes, setChanges] = useState(0);
  const changed = useCallback(() => setChanges((n) => n + 1), []);
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<PayoutRunSummary>();

  /** The payouts list narrowed to one provider, keeping the rest of the page's state. */
  const payoutsOf = (providerId: string) => {
    const next = new URLSearchParams(location.search);
    next.set('provider', providerId);
    next.delete('token');
    return `${location.pathname}?${next.toString()}#payouts-list`;
  };

  const paid = done?.totals.filter((total) => total.state === 'paid') ?? [];
  return (
    <AdminPage
      title={t('admin.payouts.title')}
      subtitle={t('admin.payouts.subtitle')}
      actions={
        <Button
          onClick={() => {
            setDone(undefined);
            setAsking(true);
          }}
          data-run-payouts
        >
          {t('admin.payouts.run.action')}
        </Button>
      }
    >
      {done && (
        <p className={detail.notice} data-tone="good" role="status" data-payout-run-done>
          {done.payouts.length === 0
            ? t('admin.payouts.run.doneNothing')
            : t('admin.payouts.run.done', {
                count: done.payouts.length,
                amounts: paid.map((total) => format.money(total.amount, total.currency)).join(', ') || '—',
              })}
        </p>
      )}
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
      <ConfirmDialog
        open={asking}
        title={t('admin.payouts.run.title')}
        confirmLabel={t('admin.payouts.run.confirm')}
        errorArea="payouts"
        onConfirm={async () => {
          const answer = await adminSend<{ run: PayoutRunSummary }>('POST', 'payouts/run', {});
          setDone(answer.run);
        }}
        onDone={changed}
        onClose={() => setAsking(false)}
      >
        <p>{t('admin.payouts.run.body')}</p>
      </ConfirmDialog>
    </AdminPage>
  );
}
