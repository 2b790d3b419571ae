/** A consultation's records: its call legs (every attempt), the callbacks applied, the ledger. */
import type { ReactNode, TableHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsultationDetail } from '../../../domain/admin-ops';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import styles from './calls.module.css';

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** `ledger={false}` leaves the ledger to a page that shows it its own way (finance/payments). */
export function CallRecords({
  consultation,
  ledger = true,
}: {
  consultation: ConsultationDetail;
  ledger?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const format = useAdminFormat();
  // Callbacks follow each other within seconds: their times show the seconds.
  const precise = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const time = (at: string | undefined) => (at ? precise.format(new Date(at)) : '—');
  const legs = consultation.call?.legs ?? [];
  return (
    <>
      <RecordTable
        id="call-legs"
        title={t('admin.calls.legs.title')}
        empty={legs.length === 0 ? t('admin.calls.legs.none') : undefined}
        data-call-legs
      >
        <thead>
          <tr>
            <th scope="col">{t('admin.calls.legs.leg')}</th>
            <th scope="col">{t('admin.calls.legs.attempt')}</th>
            <th scope="col">{t('admin.calls.legs.status')}</th>
            <th scope="col">{t('admin.calls.legs.answered')}</th>
            <th scope="col">{t('admin.calls.legs.ended')}</th>
            <th scope="col" className={styles.end}>
              {t('admin.calls.legs.duration')}
            </th>
          </tr>
        </thead>
        <tbody>
          {legs.map((leg) => (
            <tr key={leg.callSid}>
              <td>{t(`admin.calls.legs.${leg.leg}`)}</td>
              <td>{leg.attempt}</td>
              <td>{leg.status}</td>
              <td>{time(leg.answeredAt)}</td>
              <td>{time(leg.endedAt)}</td>
              <td className={styles.end}>
                {leg.durationSeconds !== undefined
                  ? t('admin.calls.seconds', { count: leg.durationSeconds })
                  : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </RecordTable>

      <RecordTable
        id="call-events"
        title={t('admin.calls.events.title')}
        empty={consultation.logs.length === 0 ? t('admin.calls.events.none') : undefined}
        data-call-events
      >
        <thead>
          <tr>
            <th scope="col">{t('admin.calls.events.at')}</th>
            <th scope="col">{t('admin.calls.events.event')}</th>
            <th scope="col">{t('admin.calls.events.phase')}</th>
          </tr>
        </thead>
        <tbody>
          {consultation.logs.map((log, index) => (
            <tr key={`${log.at}-${index}`}>
              <td>{time(log.at)}</td>
              <td className={styles.wrap}>
                {[
                  text(log.event.type),
                  text(log.event.leg),
                  text(log.event.attempt),
                  text(log.event.status ?? log.event.event),
                ]
                  .filter(Boolean)
                  .join(' · ')}
                {log.event.ignored ? ` (${t('admin.calls.events.ignored')})` : ''}
              </td>
              <td>
                {text(log.event.phase)
                  ? t(`admin.calls.phase.${text(log.event.phase)}` as 'admin.calls.phase.completed')
                  : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </RecordTable>

      {ledger && (
        <RecordTable
          id="call-ledger"
          title={t('admin.calls.ledger.title')}
          empty={consultation.ledger.length === 0 ? t('admin.calls.ledger.none') : undefined}
          data-call-ledger
        >
          <thead>
            <tr>
              <th scope="col">{t('admin.calls.ledger.kind')}</th>
              <th scope="col" className={styles.end}>
                {t('admin.calls.ledger.amount')}
              </th>
              <th scope="col">{t('admin.calls.ledger.at')}</th>
            </tr>
          </thead>
          <tbody>
            {consultation.ledger.map((entry) => (
              <tr key={entry.kind} data-ledger-kind={entry.kind}>
                <td>{t(`admin.calls.ledger.kinds.${entry.kind}` as 'admin.calls.ledger.kinds.capture')}</td>
                <td className={styles.end}>{format.money(entry.amount, entry.currency)}</td>
                <td>{time(entry.at)}</td>
              </tr>
            ))}
          </tbody>
        </RecordTable>
      )}
    </>
  );
}

type RecordTableProps = TableHTMLAttributes<HTMLTableElement> & {
  id: string;
  title: string;
  /** What to say instead of an empty table. */
  empty?: string;
  children: ReactNode;
};

/** One of the records: its title, then its table (scrolling in its own box), or that there is none. */
export function RecordTable({ id, title, empty, children, ...table }: RecordTableProps) {
  return (
    <section className={detail.section} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {empty ? (
        <p>{empty}</p>
      ) : (
        <div className={styles.scroller}>
          <table className={styles.table} {...table}>
            {children}
          </table>
        </div>
      )}
    </section>
  );
}
