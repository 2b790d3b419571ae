/**
 * The creation dates a consultation list is narrowed to (`?from=&to=` in the URL, days in the
 * admin's calendar sent as instants), beside the list's own search and filters.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import styles from './calls.module.css';

/** The local day (`2026-11-24`) of a parameter that is a day or an instant. */
function dayOf(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The instant a local day starts (`from`) or ends (`to`). */
function instantOf(day: string, edge: 'from' | 'to'): string {
  const [year, month, date] = day.split('-').map(Number);
  const local =
    edge === 'from'
      ? new Date(year!, month! - 1, date!)
      : new Date(year!, month! - 1, date!, 23, 59, 59, 999);
  return local.toISOString();
}

/** `labels`: the screen's own words for the two dates (the consultations' by default). */
export function DateRange({ labels }: { labels?: { from: string; to: string } } = {}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const change = (edge: 'from' | 'to', day: string) => {
    const next = new URLSearchParams(params);
    if (day) next.set(edge, instantOf(day, edge));
    else next.delete(edge);
    next.delete('token');
    setParams(next);
  };
  return (
    <div className={styles.dates}>
      {(['from', 'to'] as const).map((edge) => (
        <label key={edge}>
          {labels?.[edge] ?? t(`admin.calls.${edge}`)}
          <input
            type="date"
            value={dayOf(params.get(edge) ?? '')}
            onChange={(event) => change(edge, event.target.value)}
          />
        </label>
      ))}
    </div>
  );
}
