import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { HydrateLater } from '../../app/hydrate-later';
import { PROVIDERS_PAGE_SIZE } from '../../domain/constants';
import { useOfferedCountries } from '../../data/config';
import { useLiveProviders, useProviderPage } from '../../data/providers';
import { serviceOfRole } from '../../domain/order';
import { Button } from '../../ui/button';
import { Pagination } from '../../ui/pagination';
import { ProviderGrid } from './provider-grid';
import { ProviderFilters } from './provider-filters';
import { listingSearch, useListingParams } from './listing-params';
import styles from './providers-page.module.css';

/** `/providers`: the expert directory, read from the local database, so it works offline. */
export function ProvidersPage() {
  const { t } = useTranslation();
  const { filter, page, setFilter, setPage } = useListingParams();
  useLiveProviders();
  const { providers, total, listed, countries, status } = useProviderPage(filter, page, PROVIDERS_PAGE_SIZE);
  const offered = useOfferedCountries(filter.role && serviceOfRole(filter.role));
  const resultsStart = useRef<HTMLParagraphElement>(null);
  const pageCount = listed === undefined ? undefined : Math.max(1, Math.ceil(listed / PROVIDERS_PAGE_SIZE));

  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <div className="container">
          <h1>{t('catalogue.title')}</h1>
          <p>{t('catalogue.subtitle')}</p>
        </div>
      </section>
      <div className={`container ${styles.body}`}>
        {/* Its menus hold some 200 countries each: hydrated in a task of its own (hydrate-later.tsx). */}
        <HydrateLater>
          <ProviderFilters filter={filter} countries={countries} offered={offered} onChange={setFilter} />
        </HydrateLater>
        <p
          ref={resultsStart}
          tabIndex={-1}
          className={styles.count}
          aria-live="polite"
          data-listing-count={listingSearch({ filter, page }).toString()}
        >
          {status === 'ready' && total !== undefined && t('catalogue.count', { count: total })}
        </p>
        <ProviderGrid
          providers={providers}
          status={status}
          placeholders={6}
          wide
          empty={
            <div className={styles.empty}>
              <h2>{t('catalogue.noResults.title')}</h2>
              <p>{t('catalogue.noResults.body')}</p>
              <Button variant="secondary" onClick={() => setFilter({})}>
                {t('catalogue.reset')}
              </Button>
            </div>
          }
        />
        {status === 'ready' && providers.length > 0 && pageCount !== undefined && (
          <Pagination
            page={Math.min(page, pageCount)}
            pageCount={pageCount}
            onChange={setPage}
            resultsStart={resultsStart}
          />
        )}
      </div>
    </div>
  );
}
