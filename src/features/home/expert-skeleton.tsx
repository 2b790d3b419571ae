import { useTranslation } from 'react-i18next';
import gridStyles from '../catalogue/provider-grid.module.css';
import styles from './home-experts.module.css';

/** Cards the home shows from the directory (three of them on a phone). */
export const HOME_EXPERTS_SHOWN = 6;

/** Placeholder cards while the listing's code or its first page is on its way. */
export function ExpertSkeleton({ count, withFilters = false }: { count: number; withFilters?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {withFilters && <div className={styles.filtersSkeleton} aria-hidden="true" />}
      <ul
        className={`${styles.listing} ${gridStyles.grid} ${gridStyles.phoneLimit}`}
        aria-busy="true"
        aria-label={t('common.loading')}
      >
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className={gridStyles.skeleton} />
        ))}
      </ul>
    </>
  );
}
