/**
 * "Run payouts now" (POST /api/admin/payouts/run), on the providers' and the affiliates' payouts
 * screens alike (a run pays every positive balance, providers' and affiliates'): the button, its
 * confirmation, and the notice of what the run paid.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayoutRunSummary } from '../../../domain/payouts';
import { Button } from '../../../ui/button';
import { adminSend } from '../admin-api';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';

type Props = {
  /** Before the run is asked (the page hides the last run's notice). */
  onAsk: () => void;
  /** The run's summary, once it finished. */
  onRun: (run: PayoutRunSummary) => void;
  /** After the run, for the page to read its parts again. */
  onDone: () => void;
};

export function RunPayoutsButton({ onAsk, onRun, onDone }: Props) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        onClick={() => {
          onAsk();
          setAsking(true);
        }}
        data-run-payouts
      >
        {t('admin.payouts.run.action')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('admin.payouts.run.title')}
        confirmLabel={t('admin.payouts.run.confirm')}
        errorArea="payouts"
        onConfirm={async () => {
          const answer = await adminSend<{ run: PayoutRunSummary }>('POST', 'payouts/run', {});
          onRun(answer.run);
        }}
        onDone={onDone}
        onClose={() => setAsking(false)}
      >
        <p>{t('admin.payouts.run.body')}</p>
      </ConfirmDialog>
    </>
  );
}

/** What a run made: how many payouts, and the sums paid per currency. */
export function PayoutRunNotice({ run }: { run: PayoutRunSummary }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const paid = run.totals.filter((total) => total.state === 'paid');
  return (
    <p className={detail.notice} data-tone="good" role="status" data-payout-run-done>
      {run.payouts.length === 0
        ? t('admin.payouts.run.doneNothing')
        : t('admin.payouts.run.done', {
            count: run.payouts.length,
            amounts: paid.map((total) => format.money(total.amount, total.currency)).join(', ') || '—',
          })}
    </p>
  );
}
