/**
 * The home's expert listing: the first cards of the directory with its filters. Loaded as its own
 * chunk (shared with /providers), so the rest of the home renders without waiting for it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pathOf } from '../../config/paths';
import { useOfferedCountries } from '../../data/config';
import { useLiveProviders, useProviderPage } from '../../data/providers';
import { serviceOfRole } from '../../domain/order';
import type { ProviderFilter } from '../../domain/provider';
import { Button, ButtonLink } from '../../ui/button';
import { formatNumber } from '../../ui/intl';
import { ProviderGrid } from '../catalogue/provider-grid';
import { ProviderFilters } from '../catalogue/provider-filters';
import { applyFilterChange, listingSearch } from '../catalogue/listing-params';
import { HOME_EXPERTS_SHOWN } from './expert-skeleton';
import { Icon } from './icons';
import pageStyles from './home-page.module.css';
import styles from './home-experts.module.css';

export function HomeExperts() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<ProviderFilter>({});
  useLiveProviders();
  const { providers, total, countries, status } = useProviderPage(filter, 1, HOME_EXPERTS_SHOWN);
  const offered = useOfferedCountries(filter.role && serviceOfRole(filter.role));
  const search = listingSearch({ filter, page: 1 }).toString();
  const allExperts = search ? `${pathOf('providers')}?${search}` : pathOf('providers');

  return (
    <>
      <ProviderFilters
        filter={filter}
        countries={countries}
        offered={offered}
        onChange={(next) => setFilter((live) => applyFilterChange(live, filter, next))}
      />
      <div className={styles.listing}>
        <ProviderGrid
          providers={providers}
          status={status}
          placeholders={HOME_EXPERTS_SHOWN}
          phoneLimit={3}
          empty={
            <div className={styles.empty}>
              <h3>{t('catalogue.noResults.title')}</h3>
              <p>{t('catalogue.noResults.body')}</p>
              <Button variant="secondary" onClick={() => setFilter({})}>
                {t('catalogue.reset')}
              </Button>
            </div>
          }
        />
      </div>
      <div className={pageStyles.more}>
        <ButtonLink to={allExperts} variant="secondary" data-see-all>
          {total
            ? t('home.experts.seeAllCount', {
                count: total,
                total: formatNumber(total, i18n.language),
              })
            : t('home.experts.seeAll')}
          <Icon name="arrow" className={styles.arrow} />
        </ButtonLink>
      </div>
    </>
  );
}
