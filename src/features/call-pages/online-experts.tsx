import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathOf } from '../../config/paths';
import { useProviderPage } from '../../data/providers';
import type { ProviderRole } from '../../domain/professions';
import type { ProviderFilter } from '../../domain/provider';
import { ButtonLink } from '../../ui/button';
import { ProviderGrid } from '../catalogue/provider-grid';
import { listingSearch } from '../catalogue/listing-params';
import styles from './call-page.module.css';

/** How many online experts the call page shows before linking to the listing. */
const SHOWN = 6;

/** The listing's URL for one role, optionally only the experts online now. */
export function listingUrl(role: ProviderRole, online: boolean): string {
  const filter: ProviderFilter = online ? { role, online: true } : { role };
  return `${pathOf('providers')}?${listingSearch({ filter, page: 1 }).toString()}`;
}

/** The experts of one role who can be called now, or a plain word when none is online. */
export function OnlineExperts({ role }: { role: ProviderRole }) {
  const { t } = useTranslation();
  // A stable filter: the page hook re-queries whenever it gets a new object.
  const filter = useMemo<ProviderFilter>(() => ({ role, online: true }), [role]);
  const { providers, total, status } = useProviderPage(filter, 1, SHOWN);

  return (
    <section className={styles.section} aria-labelledby="online-experts-title">
      <div className={styles.sectionHead}>
        <h2 id="online-experts-title">{t(`callPages.${role}.onlineTitle`)}</h2>
        <p className={styles.count} aria-live="polite">
          {status === 'ready' && total !== undefined && total > 0
            ? t(`callPages.${role}.onlineCount`, { count: total })
            : ''}
        </p>
      </div>
      <ProviderGrid
        providers={providers}
        status={status}
        placeholders={3}
        phoneLimit={3}
        empty={
          <div className={styles.none}>
            <h3>{t(`callPages.${role}.noneOnlineTitle`)}</h3>
            <p>{t(`callPages.${role}.noneOnlineBody`)}</p>
            <ButtonLink to={listingUrl(role, false)} variant="secondary">
              {t(`callPages.${role}.seeAll`)}
            </ButtonLink>
          </div>
        }
      />
      {status === 'ready' && providers.length > 0 && (
        <p className={styles.more}>
          <Link to={listingUrl(role, true)}>{t(`callPages.${role}.seeAllOnline`)}</Link>
        </p>
      )}
    </section>
  );
}
