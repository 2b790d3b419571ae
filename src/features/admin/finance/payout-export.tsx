/**
 * The bank-transfer export of a UTC day (GET /api/admin/payouts/export.csv): the payouts to pay by
 * hand (or all of them), with the providers' bank details, as a CSV file; the `;` separator for
 * Excel set to French or another language using the decimal comma. Each download is audited by the
 * service (the file carries whole account numbers).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminUrl } from '../admin-api';
import detail from '../ui/detail.module.css';
import { todayUtc } from './payout-labels';
import styles from './payouts.module.css';

export function PayoutExport() {
  const { t } = useTranslation();
  const id = useId();
  const [day, setDay] = useState(todayUtc);
  const [excel, setExcel] = useState(true);
  const [all, setAll] = useState(false);
  const href = adminUrl('payouts/export.csv', {
    day,
    sep: excel ? 'semicolon' : undefined,
    state: all ? 'all' : undefined,
  });
  return (
    <section className={detail.section} aria-labelledby={`${id}-title`} data-payout-export>
      <h2 id={`${id}-title`}>{t('admin.payouts.export.title')}</h2>
      <p className={detail.secondary}>{t('admin.payouts.export.help')}</p>
      <div className={styles.exportRow}>
        <label className={styles.dayField}>
          {t('admin.payouts.export.day')}
          <input type="date" value={day} required onChange={(event) => setDay(event.target.value)} />
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={excel} onChange={(event) => setExcel(event.target.checked)} />
          {t('admin.payouts.export.excel')}
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={all} onChange={(event) => setAll(event.target.checked)} />
          {t('admin.payouts.export.all')}
        </label>
        {day ? (
          <a className={styles.download} href={href} download={`payouts-${day}.csv`} data-payout-export-link>
            {t('admin.payouts.export.download')}
          </a>
        ) : (
          <span className={detail.secondary}>{t('admin.payouts.export.pickDay')}</span>
        )}
      </div>
    </section>
  );
}
