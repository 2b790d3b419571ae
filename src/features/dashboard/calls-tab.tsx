import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathOf, paymentSuccessPath } from '../../config/paths';
import { useCallHistory } from '../../data/call-history';
import { useEarnings } from '../../data/earnings';
import type { SessionUserView } from '../../domain/account';
import type { CallSessionDoc } from '../../domain/mine';
import { clientMoney } from '../../domain/payment-state';
import { ButtonLink } from '../../ui/button';
import { formatMoney } from '../../ui/intl';
import { STATUS_KEYS, callStatus, earningsByCurrency } from './dashboard-model';
import { EarningsSummary } from './earnings-summary';
import styles from './tabs.module.css';
import own from './calls-tab.module.css';
import table from '../../ui/record-table.module.css';

/**
 * The user's consultations, newest first, with the spec's four statuses, each opening the call's
 * page. A client sees each amount with what became of it (held, charged, not charged, refunded:
 * src/domain/payment-state.ts), never "paid" for a hold that was lifted. A provider sees what each
 * call earns them (their copy's amount, after commission) and, once the service has kept their
 * books (the `earnings` document), what they earned, were paid out and are owed; before that, the
 * total of their completed calls.
 */
export function CallsTab({ user }: { user: SessionUserView }) {
  const { t, i18n } = useTranslation();
  const calls = useCallHistory();
  const headingId = useId();
  const provider = user.role === 'lawyer' || user.role === 'expat';
  const earnings = calls ? earningsByCurrency(calls) : [];
  const books = useEarnings();
  return (
    <section className={styles.card} aria-labelledby={headingId} data-section="calls">
      <h2 id={headingId}>{t('dashboard.calls.title')}</h2>
      {provider && books && <EarningsSummary earnings={books} />}
      {provider && !books && calls && calls.length > 0 && (
        <div className={styles.totals} data-earnings="true">
          <span>{t('dashboard.calls.earnings')}</span>
          <strong>
            {earnings.length > 0
              ? earnings.map((e) => formatMoney(e.amount, e.currency, i18n.language)).join(' · ')
              : formatMoney(0, 'EUR', i18n.language)}
          </strong>
          <span className={styles.muted}>{t('dashboard.calls.earningsHint')}</span>
        </div>
      )}
      {calls === undefined ? (
        <p className={styles.muted} role="status">
          {t('common.loading')}
        </p>
      ) : calls.length === 0 ? (
        <>
          <p className={styles.muted}>{t('dashboard.calls.empty')}</p>
          {user.role === 'client' && (
            <div>
              <ButtonLink to={pathOf('providers')} size="small" variant="secondary">
                {t('dashboard.calls.findExpert')}
              </ButtonLink>
            </div>
          )}
        </>
      ) : (
        <CallTable calls={calls} />
      )}
    </section>
  );
}

function CallTable({ calls }: { calls: CallSessionDoc[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <table className={table.table}>
      <thead>
        <tr>
          <th scope="col">{t('dashboard.calls.columns.date')}</th>
          <th scope="col">{t('dashboard.calls.columns.with')}</th>
          <th scope="col">{t('dashboard.calls.columns.service')}</th>
          <th scope="col">{t('dashboard.calls.columns.status')}</th>
          <th scope="col" className={table.amount}>
            {calls[0]?.role === 'provider'
              ? t('dashboard.calls.columns.earned')
              : t('dashboard.calls.columns.amount')}
          </th>
          <th scope="col">
            <span className="visually-hidden">{t('dashboard.calls.columns.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {calls.map((call) => {
          const status = callStatus(call.phase);
          const when = date.format(new Date(call.createdAt));
          return (
            <tr key={call.id} data-call={call.orderId} data-status={status}>
              <th scope="row" className={table.date}>
                <time dateTime={call.createdAt}>{when}</time>
              </th>
              <td data-label={t('dashboard.calls.columns.with')}>
                {call.role === 'provider' ? call.clientName : call.providerName}
              </td>
              <td data-label={t('dashboard.calls.columns.service')}>
                {t(`invoices.services.${call.service}`)}
              </td>
              <td data-label={t('dashboard.calls.columns.status')}>
                <span className={`${styles.tag} ${styles[status]}`}>
                  {t(`dashboard.calls.status.${STATUS_KEYS[status]}`)}
                </span>
              </td>
              <td
                className={table.amount}
                data-label={
                  call.role === 'provider'
                    ? t('dashboard.calls.columns.earned')
                    : t('dashboard.calls.columns.amount')
                }
              >
                {call.role === 'provider' ? (
                  status === 'failed' ? (
                    '—'
                  ) : (
                    formatMoney(call.amount, call.currency, locale)
                  )
                ) : (
                  <ClientAmount call={call} locale={locale} />
                )}
              </td>
              <td className={table.action}>
                <Link
                  to={paymentSuccessPath(call.orderId)}
                  aria-label={t('dashboard.calls.details', { date: when })}
                >
                  {t('dashboard.calls.open')}
                </Link>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** What the client's call cost, and what became of that money. */
function ClientAmount({ call, locale }: { call: CallSessionDoc; locale: string }) {
  const { t } = useTranslation();
  const money = clientMoney(call);
  return (
    <span className={own.payment}>
      <span>{formatMoney(call.amount, call.currency, locale)}</span>
      <span className={own.moneyState} data-money={money}>
        {t(`money.state.${money}`, { refunded: formatMoney(call.refunded ?? 0, call.currency, locale) })}
      </span>
    </span>
  );
}
