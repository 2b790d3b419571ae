/**
 * `/admin/b2b/reports`: an account's usage in a month — completed consultations billed to it, call
 * minutes and amount — and the same per member; the figures its monthly invoice bills.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { B2bUsage } from '../../../domain/b2b';
import { SelectField } from '../../../ui/select-field';
import { useAdminErrorText } from '../ui/admin-error';
import { AdminPage } from '../ui/admin-page';
import { useAdminFormat } from '../ui/use-admin-format';
import { useAdminQuery } from '../ui/use-admin-query';
import form from '../pricing/admin-form.module.css';
import { AccountPicker, useChosenAccount } from './account-picker';
import { monthLabel, recentMonths } from './b2b-view';
import styles from './b2b.module.css';

export function B2bReportsPage() {
  const { t, i18n } = useTranslation();
  const [accountId, choose] = useChosenAccount();
  const [params, setParams] = useSearchParams();
  const months = recentMonths(24);
  const month = params.get('month') ?? months[0]!;
  const setMonth = (value: string) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.set('month', value || months[0]!);
      return copy;
    });
  return (
    <AdminPage title={t('admin.b2b.reportsTitle')} subtitle={t('admin.b2b.reportsSubtitle')}>
      <div className={styles.pickers}>
        <AccountPicker value={accountId} onChange={choose} />
        <SelectField
          label={t('admin.b2b.billing.month')}
          value={month}
          anyLabel={monthLabel(months[0]!, i18n.language)}
          options={months.slice(1).map((value) => ({ value, label: monthLabel(value, i18n.language) }))}
          onChange={setMonth}
        />
      </div>
      {accountId ? <Usage accountId={accountId} month={month} /> : <p>{t('admin.b2b.pickFirst')}</p>}
    </AdminPage>
  );
}

function Usage({ accountId, month }: { accountId: string; month: string }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const errorText = useAdminErrorText('b2b');
  const result = useAdminQuery<{ usage: B2bUsage }>(`b2b/reports/${accountId}`, { month });
  if (result.status === 'loading') return <p role="status">{t('admin.common.loading')}</p>;
  if (result.status === 'error') {
    return (
      <p role="alert" className={form.failure}>
        {errorText(result.error)}
      </p>
    );
  }
  const { usage } = result.data;
  const money = (amount: number) => format.money(amount, usage.currency);
  return (
    <>
      <section className={form.card} aria-label={t('admin.b2b.reports.summary')}>
        <dl className={styles.facts}>
          <div>
            <dt>{t('admin.b2b.invoices.consultations')}</dt>
            <dd data-testid="b2b-usage-consultations">{format.number(usage.consultations)}</dd>
          </div>
          <div>
            <dt>{t('admin.b2b.reports.minutes')}</dt>
            <dd>{format.number(usage.minutes)}</dd>
          </div>
          <div>
            <dt>{t('admin.b2b.invoices.total')}</dt>
            <dd>{money(usage.amount)}</dd>
          </div>
        </dl>
      </section>
      <div className={styles.tableBox}>
        <table className={styles.table} aria-label={t('admin.b2b.reports.perMember')}>
          <thead>
            <tr>
              <th scope="col">{t('admin.b2b.reports.member')}</th>
              <th scope="col" className={styles.end}>
                {t('admin.b2b.invoices.consultations')}
              </th>
              <th scope="col" className={styles.end}>
                {t('admin.b2b.reports.minutes')}
              </th>
              <th scope="col" className={styles.end}>
                {t('admin.b2b.invoices.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {usage.members.length === 0 && (
              <tr>
                <td colSpan={4}>{t('admin.b2b.reports.empty')}</td>
              </tr>
            )}
            {usage.members.map((member) => (
              <tr key={member.email}>
                <td>
                  {member.name} · {member.email}
                </td>
                <td className={styles.end}>{format.number(member.consultations)}</td>
                <td className={styles.end}>{format.number(member.minutes)}</td>
                <td className={styles.end}>{money(member.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
