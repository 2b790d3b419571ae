/**
 * `/admin/b2b/billing`: bills a month that is over (one invoice per account with consultations in
 * it; a month billed already is not billed twice), then the runs so far, newest first. The service
 * also bills the previous month by itself once a day.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { previousMonth } from '../../../domain/b2b';
import { Button, ButtonLink } from '../../../ui/button';
import { ChoiceField } from '../../../ui/form-field';
import { adminPath } from '../screens';
import { adminSend } from '../admin-api';
import { useAdminErrorText } from '../ui/admin-error';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { AdminPage } from '../ui/admin-page';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import form from '../pricing/admin-form.module.css';
import { monthLabel, recentMonths } from './b2b-view';
import styles from './b2b.module.css';

type Run = {
  id: string;
  month: string;
  trigger: 'manual' | 'scheduled';
  actor: string;
  at: string;
  created: string[];
  existing: string[];
};

export function B2bBillingPage() {
  const { t, i18n } = useTranslation();
  const format = useAdminFormat();
  const errorText = useAdminErrorText('b2b');
  const months = recentMonths(13).slice(1);
  const [month, setMonth] = useState(() => previousMonth(recentMonths(1)[0]!));
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Run>();
  const [failure, setFailure] = useState<string>();
  const [changes, setChanges] = useState(0);

  const run = async () => {
    setBusy(true);
    setFailure(undefined);
    setResult(undefined);
    try {
      setResult((await adminSend<{ run: Run }>('POST', 'b2b/billing/run', { month })).run);
      setChanges((n) => n + 1);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const columns: AdminColumn<Run>[] = [
    { key: 'at', label: t('admin.b2b.billing.at'), render: (r) => format.dateTime(r.at) },
    { key: 'month', label: t('admin.b2b.billing.month'), render: (r) => monthLabel(r.month, i18n.language) },
    {
      key: 'trigger',
      label: t('admin.b2b.billing.trigger'),
      render: (r) => <span className={detail.badge}>{t(`admin.b2b.billing.triggers.${r.trigger}`)}</span>,
    },
    { key: 'created', label: t('admin.b2b.billing.created'), render: (r) => r.created.join(', ') || '—' },
    {
      key: 'existing',
      label: t('admin.b2b.billing.existing'),
      align: 'end',
      render: (r) => format.number(r.existing.length),
    },
  ];

  return (
    <AdminPage title={t('admin.b2b.billingTitle')} subtitle={t('admin.b2b.billingSubtitle')}>
      <section className={form.card} aria-label={t('admin.b2b.billing.run')}>
        <div className={styles.inline}>
          <ChoiceField
            id="b2b-billing-month"
            label={t('admin.b2b.billing.month')}
            value={month}
            options={months.map((value) => ({ value, label: monthLabel(value, i18n.language) }))}
            onValue={setMonth}
          />
          <Button onClick={() => void run()} disabled={busy}>
            {t('admin.b2b.billing.run')}
          </Button>
        </div>
        <p className={form.hint}>{t('admin.b2b.billing.hint')}</p>
        {failure && (
          <p role="alert" className={form.failure}>
            {failure}
          </p>
        )}
        {result && (
          <p role="status" className={detail.notice} data-tone="good">
            {t('admin.b2b.billing.done', {
              month: monthLabel(result.month, i18n.language),
              created: result.created.length,
              existing: result.existing.length,
            })}{' '}
            <ButtonLink
              variant="ghost"
              size="small"
              to={`${adminPath('b2b/invoices')}?month=${result.month}`}
            >
              {t('admin.b2b.billing.seeInvoices')}
            </ButtonLink>
          </p>
        )}
      </section>
      <h2 className={form.cardTitle}>{t('admin.b2b.billing.runs')}</h2>
      <AdminList<Run>
        endpoint="b2b/billing/runs"
        label={t('admin.b2b.billing.runs')}
        columns={columns}
        rowKey={(r) => r.id}
        reloadKey={changes}
        emptyText={t('admin.b2b.billing.noRuns')}
      />
    </AdminPage>
  );
}
