/**
 * dashboard: the platform now, in figures computed by the service from its databases
 * (GET /api/admin/dashboard) and kept current while the page is open (the `dashboard` live topic):
 * consultations under way, amounts paid and commission today and this month, approvals waiting,
 * providers online, failed calls in the last 24 hours, sign-ups. Each figure links to its list.
 * Test profiles are left out of the figures (the service counts them apart; a note says so).
 */
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../../data/api';
import type { DashboardFigures, MoneyFigure } from '../../../domain/admin-ops';
import { Button } from '../../../ui/button';
import { useLiveQuery } from '../live/use-live-query';
import { useAdminErrorText } from '../ui/admin-error';
import { AdminPage } from '../ui/admin-page';
import { NeedsConnection } from '../ui/online-only';
import { useAdminFormat } from '../ui/use-admin-format';
import { FigureCard } from './figure-card';
import styles from './dashboard.module.css';

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const dayOf = (iso: string) => iso.slice(0, 10);

export function DashboardPage() {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const errorText = useAdminErrorText('dashboard');
  const result = useLiveQuery<{ figures: DashboardFigures; version: string }>('dashboard', 'dashboard', {
    tz: timeZone(),
  });
  const figures = result.latest?.figures;

  /** The amounts of a period, one currency after the other (a currency with nothing is left out). */
  const amounts = (list: MoneyFigure[], pick: (figure: MoneyFigure) => number) => {
    const shown = list.filter((figure) => pick(figure) !== 0);
    return shown.length === 0
      ? format.money(0, 'EUR')
      : shown.map((figure) => format.money(pick(figure), figure.currency)).join(' · ');
  };
  const moneyDetail = (list: MoneyFigure[]) => {
    const refunded = list.some((figure) => figure.refunded !== 0);
    return [
      t('admin.dashboard.commission', { amount: amounts(list, (figure) => figure.commission) }),
      refunded ? t('admin.dashboard.refunded', { amount: amounts(list, (figure) => figure.refunded) }) : '',
    ]
      .filter(Boolean)
      .join(' · ');
  };

  return (
    <AdminPage
      title={t('admin.dashboard.title')}
      subtitle={
        figures ? (
          <span className={styles.status} role="status">
            <span className={styles.dot} aria-hidden="true" />
            {t('admin.dashboard.updated', { time: format.dateTime(figures.at) })}
          </span>
        ) : undefined
      }
    >
      {!figures && result.status === 'loading' && <p role="status">{t('admin.common.loading')}</p>}
      {!figures &&
        result.status === 'error' &&
        (errorCode(result.error) === 'offline' ? (
          <NeedsConnection />
        ) : (
          <div role="alert">
            <p>{errorText(result.error)}</p>
            <Button variant="secondary" size="small" onClick={result.reload}>
              {t('admin.common.retry')}
            </Button>
          </div>
        ))}
      {figures && (
        <>
          <div className={styles.grid}>
            <FigureCard
              id="in-progress"
              label={t('admin.dashboard.inProgress')}
              value={format.number(figures.consultations.inProgress)}
              detail={t('admin.dashboard.connecting', { count: figures.consultations.connecting })}
              to="/admin/calls/sessions"
              linkLabel={t('admin.dashboard.seeSessions')}
            />
            <FigureCard
              id="paid-today"
              label={t('admin.dashboard.paidToday')}
              value={amounts(figures.money.today, (figure) => figure.paid)}
              detail={moneyDetail(figures.money.today)}
              to={`/admin/calls?from=${encodeURIComponent(figures.todayFrom)}`}
              linkLabel={t('admin.dashboard.seeConsultations')}
            />
            <FigureCard
              id="paid-month"
              label={t('admin.dashboard.paidMonth')}
              value={amounts(figures.money.month, (figure) => figure.paid)}
              detail={moneyDetail(figures.money.month)}
              to={`/admin/calls?from=${encodeURIComponent(figures.monthFrom)}`}
              linkLabel={t('admin.dashboard.seeConsultations')}
            />
            <FigureCard
              id="approvals"
              label={t('admin.dashboard.approvals')}
              value={format.number(figures.approvals.lawyers + figures.approvals.expats)}
              detail={t('admin.dashboard.byRole', {
                lawyers: format.number(figures.approvals.lawyers),
                expats: format.number(figures.approvals.expats),
              })}
              to={
                figures.approvals.lawyers === 0 && figures.approvals.expats > 0
                  ? '/admin/approvals/expats'
                  : '/admin/approvals/lawyers'
              }
              linkLabel={t('admin.dashboard.seeApprovals')}
              tone={figures.approvals.lawyers + figures.approvals.expats > 0 ? 'warn' : undefined}
            />
            <FigureCard
              id="online"
              label={t('admin.dashboard.online')}
              value={format.number(figures.providersOnline.lawyers + figures.providersOnline.expats)}
              detail={t('admin.dashboard.byRole', {
                lawyers: format.number(figures.providersOnline.lawyers),
                expats: format.number(figures.providersOnline.expats),
              })}
              to={
                figures.providersOnline.lawyers === 0 && figures.providersOnline.expats > 0
                  ? '/admin/users/providers/expats?online=true'
                  : '/admin/users/providers/lawyers?online=true'
              }
              linkLabel={t('admin.dashboard.seeProviders')}
            />
            <FigureCard
              id="failed"
              label={t('admin.dashboard.failed')}
              value={format.number(figures.failedCalls24h)}
              to={`/admin/calls?phase=failed&from=${dayOf(figures.failedFrom)}`}
              linkLabel={t('admin.dashboard.seeFailed')}
              tone={figures.failedCalls24h > 0 ? 'bad' : undefined}
            />
            <FigureCard
              id="signups"
              label={t('admin.dashboard.signups')}
              value={format.number(figures.signups.today)}
              detail={t('admin.dashboard.signupsWeek', { count: figures.signups.week })}
              to="/admin/users/clients?sort=created&dir=desc"
              linkLabel={t('admin.dashboard.seeUsers')}
            />
          </div>
          <p className={styles.note}>
            {t('admin.dashboard.testNote', {
              pending: figures.testProfiles.pendingApprovals,
              online: figures.testProfiles.providersOnline,
              signups: figures.testProfiles.signupsWeek,
            })}
          </p>
        </>
      )}
    </AdminPage>
  );
}
