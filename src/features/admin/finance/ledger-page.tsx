/**
 * finance/ledger: the ledger's entries for one order or one provider (`?by=order|provider&id=` in
 * the URL, with the list's own page token and the dates), oldest first, each with the running
 * balance the service computes (by order: the money charged and kept; by provider: their balance);
 * above them, whether the whole ledger balances, and the subject's balance in each currency (a
 * provider's movements are shown one currency at a time, `&currency=`).
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { LedgerSubject, LedgerViewLine } from '../../../domain/admin-ledger';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/form-field';
import { SegmentedControl } from '../../../ui/segmented-control';
import { DateRange } from '../calls/date-range';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { AdminPage } from '../ui/admin-page';
import detail from '../ui/detail.module.css';
import { useAdminFormat } from '../ui/use-admin-format';
import { LedgerBalances } from './ledger-balances';
import { LedgerCheckBanner } from './ledger-check-banner';
import styles from './ledger.module.css';

function useLedgerColumns(subject: LedgerSubject): AdminColumn<LedgerViewLine>[] {
  const { t } = useTranslation();
  const format = useAdminFormat();
  return [
    { key: 'at', label: t('admin.ledger.columns.at'), render: (line) => format.dateTime(line.at) },
    {
      key: 'kind',
      label: t('admin.ledger.columns.kind'),
      render: (line) => t(`admin.ledger.kinds.${line.kind}` as 'admin.ledger.kinds.capture'),
    },
    {
      key: 'amount',
      label: t('admin.ledger.columns.amount'),
      align: 'end',
      render: (line) =>
        `${line.effect < 0 ? '−' : line.effect > 0 ? '+' : ''}${format.money(line.amount, line.currency)}`,
    },
    {
      key: 'running',
      label: t(`admin.ledger.columns.running.${subject}`),
      align: 'end',
      render: (line) => <span data-running>{format.money(line.running, line.currency)}</span>,
    },
    {
      key: 'reference',
      label: t('admin.ledger.columns.reference'),
      render: (line) => <span className={styles.reference}>{line.orderId ?? line.payoutId}</span>,
    },
  ];
}

export function LedgerPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const subject: LedgerSubject = params.get('by') === 'provider' ? 'provider' : 'order';
  const id = params.get('id') ?? '';
  const currency = params.get('currency') ?? undefined;
  const [draft, setDraft] = useState({ subject, id });
  const columns = useLedgerColumns(subject);

  const show = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(params);
    next.set('by', draft.subject);
    if (draft.id.trim()) next.set('id', draft.id.trim());
    else next.delete('id');
    next.delete('token');
    next.delete('currency');
    setParams(next);
  };

  const chooseCurrency = (value: string) => {
    const next = new URLSearchParams(params);
    next.set('currency', value);
    next.delete('token');
    setParams(next);
  };

  return (
    <AdminPage title={t('admin.ledger.title')} subtitle={t('admin.ledger.subtitle')}>
      <LedgerCheckBanner />
      <form className={styles.chooser} onSubmit={show} data-ledger-chooser>
        <SegmentedControl<LedgerSubject>
          label={t('admin.ledger.subject.label')}
          value={draft.subject}
          segments={[
            { value: 'order', label: t('admin.ledger.subject.order') },
            { value: 'provider', label: t('admin.ledger.subject.provider') },
          ]}
          onChange={(value) => setDraft({ ...draft, subject: value })}
        />
        <TextField
          id="ledger-id"
          className={styles.idField}
          label={t(`admin.ledger.id.${draft.subject}`)}
          value={draft.id}
          onValue={(value) => setDraft({ ...draft, id: value })}
          autoComplete="off"
        />
        <Button type="submit">{t('admin.ledger.show')}</Button>
      </form>
      <DateRange labels={{ from: t('admin.ledger.from'), to: t('admin.ledger.to') }} />
      {id && <LedgerBalances subject={subject} id={id} currency={currency} onCurrency={chooseCurrency} />}
      {id ? (
        <AdminList<LedgerViewLine>
          key={`${subject} ${id} ${currency ?? ''}`}
          endpoint="ledger"
          label={t('admin.ledger.listLabel', { id })}
          columns={columns}
          rowKey={(line) => line.id}
          query={{
            [subject]: id,
            currency: subject === 'provider' ? currency : undefined,
            from: params.get('from'),
            to: params.get('to'),
          }}
          emptyText={t('admin.ledger.empty')}
        />
      ) : (
        <p className={detail.secondary}>{t('admin.ledger.choose')}</p>
      )}
    </AdminPage>
  );
}
