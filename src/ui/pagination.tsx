import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './pagination.module.css';

/** Page numbers around the current one, with the first and last always reachable. */
export function pageWindow(current: number, total: number, around = 1): (number | 'gap')[] {
  const pages = new Set([1, total]);
  for (let p = current - around; p <= current + around; p++) if (p >= 1 && p <= total) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((page, i) => {
    if (i > 0 && page - sorted[i - 1]! > 1) out.push('gap');
    out.push(page);
  });
  return out;
}

type Props = {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  /**
   * The start of the paged results (focusable, `tabIndex={-1}`): a new page brings the reader back
   * to it, scrolled into view and focused, instead of leaving them at the footer.
   */
  resultsStart?: RefObject<HTMLElement | null>;
};

export function Pagination({ page, pageCount, onChange: change, resultsStart }: Props) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const onChange = (next: number) => {
    change(next);
    const start = resultsStart?.current;
    if (!start) return;
    start.scrollIntoView({ block: 'start' });
    start.focus({ preventScroll: true });
  };
  return (
    <nav className={styles.pagination} aria-label={t('pagination.label')}>
      <button type="button" className={styles.step} disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t('pagination.previous')}
      </button>
      <ol className={styles.pages}>
        {pageWindow(page, pageCount).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={`${styles.number} ${item === page ? styles.current : ''}`}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: item })}
                onClick={() => onChange(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ol>
      <button
        type="button"
        className={styles.step}
        disabled={page >= pageCount}
        onClick={() => onChange(page + 1)}
      >
        {t('pagination.next')}
      </button>
    </nav>
  );
}
