import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathOf, providerPath } from '../../config/paths';
import { useDataLayer } from '../../data/data-context';
import { removeFavourite, useFavouriteList } from '../../data/favourite-list';
import type { FavouriteEntry } from '../../data/favourite-list';
import { useLiveProviders } from '../../data/providers';
import { useWaitingIds } from '../../data/waiting';
import type { SessionUserView } from '../../domain/account';
import { DEFAULT_AVATAR } from '../../domain/constants';
import { Button, ButtonLink } from '../../ui/button';
import { ProviderPhoto } from '../../ui/provider-photo';
import styles from './tabs.module.css';
import { WaitingTag } from './waiting-tag';

/**
 * The favourite experts, newest first, each with their current online status (the directory is
 * kept live while the tab is open), a link to the profile and a way to remove it, offline too.
 */
export function FavouritesTab(_props: { user: SessionUserView }) {
  const { t } = useTranslation();
  const list = useFavouriteList();
  const waiting = useWaitingIds();
  const headingId = useId();
  const [failed, setFailed] = useState(false);
  useLiveProviders();
  return (
    <section className={styles.card} aria-labelledby={headingId} data-section="favourites">
      <h2 id={headingId}>{t('dashboard.favourites.title')}</h2>
      {list === undefined ? (
        <p className={styles.muted} role="status">
          {t('common.loading')}
        </p>
      ) : list.length === 0 ? (
        <>
          <p className={styles.muted}>{t('dashboard.favourites.empty')}</p>
          <div>
            <ButtonLink to={pathOf('providers')} size="small" variant="secondary">
              {t('dashboard.favourites.browse')}
            </ButtonLink>
          </div>
        </>
      ) : (
        <ul className={styles.list}>
          {list.map((entry) => (
            <FavouriteItem
              key={entry.favourite.id}
              entry={entry}
              waiting={waiting.has(entry.favourite.id)}
              onFailed={() => setFailed(true)}
            />
          ))}
        </ul>
      )}
      <p className={`${styles.status} ${styles.error}`} aria-live="polite">
        {failed && t('dashboard.favourites.error')}
      </p>
    </section>
  );
}

function FavouriteItem({
  entry,
  waiting,
  onFailed,
}: {
  entry: FavouriteEntry;
  waiting: boolean;
  onFailed: () => void;
}) {
  const { t } = useTranslation();
  const { db } = useDataLayer();
  const { favourite, provider } = entry;
  const name = provider?.fullName ?? t('dashboard.favourites.unknown');
  return (
    <li className={styles.item} data-favourite={favourite.providerId}>
      <ProviderPhoto src={provider?.profilePhoto || DEFAULT_AVATAR} size={48} className={styles.photo} />
      <div className={styles.body}>
        <p className={styles.name}>{provider ? <Link to={providerPath(provider)}>{name}</Link> : name}</p>
        <div className={styles.meta}>
          {provider && (
            <span
              className={`${styles.tag} ${provider.isOnline ? styles.online : styles.offlineTag}`}
              data-online={provider.isOnline}
            >
              {provider.isOnline ? t('dashboard.favourites.online') : t('dashboard.favourites.offline')}
            </span>
          )}
          {waiting && <WaitingTag />}
        </div>
      </div>
      <div className={styles.itemAction}>
        <Button
          size="small"
          variant="secondary"
          aria-label={t('dashboard.favourites.removeName', { name })}
          onClick={() => void removeFavourite(db, favourite.providerId).catch(onFailed)}
        >
          {t('dashboard.favourites.remove')}
        </Button>
      </div>
    </li>
  );
}
