/**
 * finance/reconciliation: the ledger and the orders against the gateway's own records over a date
 * range (`?from=&to=` in the URL, today by default), from GET /api/admin/reconciliation: "no
 * mismatch", or each mismatch with its type, our record, the gateway's record and a link to the
 * payment or the payout. A range with more records than the service reads at once says so.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type {
  MismatchSide,
  ReconciliationAnswer,
  ReconciliationMismatch,
} from '../../../domain/reconciliation';
import { errorCode } from '../../../data/api';
import { Button } from '../../../ui/button';
import calls from '../calls/calls.module.css';
import { DateRange } from '../calls/date-range';
import { useAdminErrorText } from '../ui/admin-error';
import { AdminPage } from '../ui/admin-page';
import detail from '../ui/detail.module.css';
import { NeedsConnection } from '../ui/online-only';
import { useAdminFormat } from '../ui/use-admin-format';
import { useAdminQuery } from '../ui/use-admin-query';
import styles from './reconciliation.module.css';

/** Today in the admin's calendar, as the instants DateRange writes. */
function today(): { from: string; to: string } {
  const now = new Date();
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59, 59, 999);
  return { from: start.toISOString(), to: end.toISOString() };
}

function Side({ side }: { side?: MismatchSide }) {
  const { t, i18n } = useTranslation();
  const format = useAdminFormat();
  if (!side) return <span className={detail.secondary}>{t('admin.reconciliation.nothing')}</span>;
  const stateKey = `admin.reconciliation.states.${side.state}`;
  return (
    <span className={styles.side}>
      {side.state && <span>{i18n.exists(stateKey) ? t(stateKey as ParseKeys) : side.state}</span>}
      {side.amount !== undefined && side.currency && (
        <strong>{format.money(side.amount, side.currency)}</strong>
      )}
      {side.ids.length > 0 && <span className={styles.ids}>{side.ids.join(', ')}</span>}
    </span>
  );
}

function MismatchRow({ mismatch }: { mismatch: ReconciliationMismatch }) {
  const { t } = useTranslation();
  return (
    <tr data-mismatch={mismatch.type}>
      <td>
        <span className={detail.badge} data-tone={mismatch.type === 'amount_differs' ? 'warn' : 'bad'}>
          {t(`admin.reconciliation.types.${mismatch.type}`)}
        </span>
      </td>
      <td>{t(`admin.reconciliation.subjects.${mismatch.subject}`)}</td>
      <td className={calls.wrap}>
        <span className={styles.reference}>
          <span>{mismatch.orderId ?? mismatch.payoutId ?? mismatch.key}</span>
          {mismatch.orderId && <span className={styles.ids}>{mismatch.key}</span>}
        </span>
      </td>
      <td className={calls.wrap}>
        <Side side={mismatch.ours} />
      </td>
      <td className={calls.wrap}>
        <Side side={mismatch.gateway} />
      </td>
      <td>
        <Link to={mismatch.link}>{t('admin.common.open')}</Link>
      </td>
    </tr>
  );
}

function Result({ answer }: { answer: ReconciliationAnswer }) {
  const { t } = useTranslation();
  const { mismatches } = answer;
  return (
    <>
      <p className={styles.summary} data-reconciliation-summary>
        <span>{t(`admin.reconciliation.gateway.${answer.gateway}`)}</span>
        <span>{t('admin.reconciliation.checked.payments', { count: answer.checked.payments })}</span>
        <span>{t('admin.reconciliation.checked.transfers', { count: answer.checked.transfers })}</span>
      </p>
      {answer.partial && (
        <p className={detail.notice} data-tone="warn" role="status" data-reconciliation-partial>
          {t('admin.reconciliation.partial')}
        </p>
      )}
      {mismatches.length === 0 ? (
        <p className={detail.notice} data-tone="good" role="status" data-reconciliation="clean">
          {t('admin.reconciliation.clean')}
        </p>
      ) : (
        <section className={detail.section} aria-labelledby="reconciliation-mismatches">
          <h2 id="reconciliation-mismatches" role="alert" data-reconciliation="mismatches">
            {t('admin.reconciliation.found', { count: mismatches.length })}
          </h2>
          <div className={`${calls.scroller} ${styles.scroller}`}>
            <table className={calls.table}>
              <thead>
                <tr>
                  <th scope="col">{t('admin.reconciliation.columns.type')}</th>
                  <th scope="col">{t('admin.reconciliation.columns.subject')}</th>
                  <th scope="col">{t('admin.reconciliation.columns.reference')}</th>
                  <th scope="col">{t('admin.reconciliation.columns.ours')}</th>
                  <th scope="col">{t('admin.reconciliation.columns.gateway')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('admin.common.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {mismatches.map((mismatch) => (
                  <MismatchRow key={`${mismatch.subject} ${mismatch.key}`} mismatch={mismatch} />
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </>
  );
}

export function ReconciliationPage() {
  const { t } = useTranslation();
  const errorText = useAdminErrorText('reconciliation');
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');

  // Today until the admin picks other days: written into the URL, so the dates show it.
  useEffect(() => {
    if (from || to) return;
    const next = new URLSearchParams(params);
    const day = today();
    next.set('from', day.from);
    next.set('to', day.to);
    setParams(next, { replace: true });
  }, [from, to, params, setParams]);

  const result = useAdminQuery<ReconciliationAnswer>(from || to ? 'reconciliation' : undefined, { from, to });

  return (
    <AdminPage title={t('admin.reconciliation.title')} subtitle={t('admin.reconciliation.subtitle')}>
      <DateRange labels={{ from: t('admin.reconciliation.from'), to: t('admin.reconciliation.to') }} />
      {result.status === 'loading' && <p role="status">{t('admin.reconciliation.loading')}</p>}
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
      {result.status === 'ready' && <Result answer={result.data} />}
    </AdminPage>
  );
}
