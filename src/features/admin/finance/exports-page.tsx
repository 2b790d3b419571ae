/**
 * finance/exports: one dataset over a period of UTC days as a CSV file
 * (GET /api/admin/exports, streamed by the service). The admin picks the dataset, the first and
 * the last day (both included; the service takes `[from, to)`, so the day after the last is sent),
 * and whether the file is for Excel in French or German (`;`). The download is a plain link: the
 * browser fetches it with the session cookie, and the service records it in the audit trail.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import {
  EXPORT_DATASETS,
  EXPORT_MAX_DAYS,
  addDays,
  dayStart,
  exportFileName,
  rangeDays,
} from '../../../domain/admin-exports';
import type { ExportDataset } from '../../../domain/admin-exports';
import { Button } from '../../../ui/button';
import { adminUrl } from '../admin-api';
import { AdminPage } from '../ui/admin-page';
import detail from '../ui/detail.module.css';
import styles from './finance-reports.module.css';

const today = () => new Date().toISOString().slice(0, 10);
const monthStart = (day: string) => `${day.slice(0, 8)}01`;

/** First and last day (both included) of the presets, in UTC. */
function preset(name: 'thisMonth' | 'lastMonth' | 'thisYear'): { from: string; last: string } {
  const now = today();
  if (name === 'thisMonth') return { from: monthStart(now), last: now };
  if (name === 'thisYear') return { from: `${now.slice(0, 4)}-01-01`, last: now };
  const first = monthStart(now);
  const lastOfPrevious = addDays(first, -1);
  return { from: monthStart(lastOfPrevious), last: lastOfPrevious };
}

type Problem = 'pick' | 'order' | 'tooLong';

function problemOf(from: string, last: string): Problem | undefined {
  if (Number.isNaN(dayStart(from)) || Number.isNaN(dayStart(last))) return 'pick';
  const days = rangeDays(from, addDays(last, 1));
  if (days < 1) return 'order';
  if (days > EXPORT_MAX_DAYS) return 'tooLong';
  return undefined;
}

export function ExportsPage() {
  const { t } = useTranslation();
  const id = useId();
  const [dataset, setDataset] = useState<ExportDataset>('payments');
  const [range, setRange] = useState(() => preset('lastMonth'));
  const [excel, setExcel] = useState(false);
  const problem = problemOf(range.from, range.last);
  const to = problem ? '' : addDays(range.last, 1);
  const name = problem ? '' : exportFileName(dataset, range.from, to);
  const href = adminUrl('exports', { dataset, from: range.from, to, sep: excel ? 'semicolon' : undefined });

  return (
    <AdminPage title={t('admin.exports.title')} subtitle={t('admin.exports.subtitle')}>
      <fieldset className={styles.datasets} data-export-datasets>
        <legend>{t('admin.exports.dataset')}</legend>
        {EXPORT_DATASETS.map((value) => (
          <label key={value} className={styles.dataset}>
            <input
              type="radio"
              name={`${id}-dataset`}
              value={value}
              checked={dataset === value}
              onChange={() => setDataset(value)}
            />
            <strong>{t(`admin.exports.datasets.${value}.label` as ParseKeys)}</strong>
            <span>{t(`admin.exports.datasets.${value}.help` as ParseKeys)}</span>
          </label>
        ))}
      </fieldset>
      <section className={detail.section} aria-labelledby={`${id}-period`}>
        <h2 id={`${id}-period`}>{t('admin.exports.period')}</h2>
        <div className={styles.presets}>
          {(['thisMonth', 'lastMonth', 'thisYear'] as const).map((name) => (
            <Button key={name} variant="secondary" size="small" onClick={() => setRange(preset(name))}>
              {t(`admin.exports.presets.${name}`)}
            </Button>
          ))}
        </div>
        <div className={styles.controls}>
          <label className={styles.field}>
            {t('admin.exports.from')}
            <input
              type="date"
              value={range.from}
              onChange={(event) => setRange({ ...range, from: event.target.value })}
              data-export-from
            />
          </label>
          <label className={styles.field}>
            {t('admin.exports.to')}
            <input
              type="date"
              value={range.last}
              onChange={(event) => setRange({ ...range, last: event.target.value })}
              data-export-to
            />
          </label>
        </div>
        <label className={styles.check}>
          <input type="checkbox" checked={excel} onChange={(event) => setExcel(event.target.checked)} />
          {t('admin.exports.excel')}
        </label>
      </section>
      <section className={detail.section}>
        {problem ? (
          <p className={detail.notice} data-tone="warn" role="alert" data-export-problem>
            {t(`admin.exports.problems.${problem}`)}
          </p>
        ) : (
          <div className={styles.controls}>
            <a className={styles.download} href={href} download={name} data-export-link>
              {t('admin.exports.download')}
            </a>
            <span className={`${detail.secondary} ${styles.fileName}`}>
              {t('admin.exports.file', { name })}
            </span>
          </div>
        )}
        <p className={detail.secondary}>{t('admin.exports.format')}</p>
        <p className={detail.notice}>{t('admin.exports.audited')}</p>
      </section>
    </AdminPage>
  );
}
