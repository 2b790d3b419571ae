/**
 * The payout runs (GET /api/admin/payouts/runs): the daily schedule, a run under way, and the last
 * runs with what each paid (count and sum per currency and state). While a run is under way (the
 * daily one, or another admin's), it reads again every few seconds until it is done.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayoutRunSummary } from '../../../domain/payouts';
import { errorCode } from '../../../data/api';
import { Button } from '../../../ui/button';
import { useAdminErrorText } from '../ui/admin-error';
import { NeedsConnection } from '../ui/online-only';
import { useAdminFormat } from '../ui/use-admin-format';
import { useAdminQuery } from '../ui/use-admin-query';
import detail from '../ui/detail.module.css';
import calls from '../calls/calls.module.css';
import { PayoutStateBadge, useDayFormat } from './payout-labels';
import styles from './payouts.module.css';

export type RunsAnswer = {
  items: PayoutRunSummary[];
  next?: string;
  running: boolean;
  schedule: { dailyAt: string | null; nextAt: string | null };
};

const POLL_MS = 2000;
const SHOWN = 5;

export function PayoutRuns({ changes, onChanged }: { changes: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const day = useDayFormat();
  const errorText = useAdminErrorText('payouts');
  const result = useAdminQuery<RunsAnswer>('payouts/runs', { limit: SHOWN }, changes);
  const running = result.data?.running === true;

  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(onChanged, POLL_MS);
    return () => clearTimeout(timer);
  }, [running, result.data, onChanged]);

  const { items = [], schedule } = result.data ?? {};
  return (
    <section className={detail.section} aria-labelledby="payout-runs" data-payout-runs>
      <h2 id="payout-runs">{t('admin.payouts.runs.title')}</h2>
      {result.status === 'loading' && <p role="status">{t('admin.common.loading')}</p>}
      {result.status === 'error' &&
        (errorCode(result.error) === 'offline' ? (
          <NeedsConnection />
        ) : (
          <div role="alert" className={detail.notice} data-tone="bad">
            <p>{errorText(result.error)}</p>
            <Button variant="secondary" size="small" onClick={result.reload}>
              {t('admin.common.retry')}
            </Button>
          </div>
        ))}
      {schedule && (
        <p className={styles.schedule} data-payout-schedule>
          {schedule.dailyAt
            ? t('admin.payouts.runs.schedule', {
                time: schedule.dailyAt,
                next: format.dateTime(schedule.nextAt),
              })
            : t('admin.payouts.runs.scheduleOff')}
        </p>
      )}
      {running && (
        <p className={detail.notice} role="status" data-payout-running>
          {t('admin.payouts.runs.running')}
        </p>
      )}
      {result.status === 'ready' && items.length === 0 && <p>{t('admin.payouts.runs.none')}</p>}
      {items.length > 0 && (
        <div className={calls.scroller}>
          <table className={calls.table}>
            <caption className="visually-hidden">{t('admin.payouts.runs.last')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.payouts.runs.started')}</th>
                <th scope="col">{t('admin.payouts.runs.day')}</th>
                <th scope="col">{t('admin.payouts.runs.trigger')}</th>
                <th scope="col">{t('admin.payouts.runs.state')}</th>
                <th scope="col">{t('admin.payouts.runs.summary')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((run) => (
                <tr key={run.runId} data-payout-run={run.runId}>
                  <td>{format.dateTime(run.startedAt)}</td>
                  <td>{day(run.day)}</td>
                  <td>{t(`admin.payouts.runs.triggers.${run.trigger}`)}</td>
                  <td>
                    <span className={detail.badge} data-tone={run.state === 'running' ? 'live' : undefined}>
                      {t(`admin.payouts.runs.states.${run.state}`)}
                    </span>
                  </td>
                  <td className={calls.wrap}>
                    {run.totals.length === 0 ? (
                      t('admin.payouts.runs.nothing')
                    ) : (
                      <ul className={styles.totals}>
                        {run.totals.map((total) => (
                          <li key={`${total.currency}:${total.state}`}>
                            <PayoutStateBadge state={total.state} />{' '}
                            {t('admin.payouts.runs.total', {
                              count: total.count,
                              amount: format.money(total.amount, total.currency),
                            })}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
