import { useTranslation } from 'react-i18next';
import { getSession } from '../data/auth';
import { useDataLayerWhenOpen } from '../data/data-context';
import { toggleFavourite, useIsFavourite } from '../data/favourites';
import styles from './favourite-button.module.css';

/**
 * The heart on cards and profiles. It follows only its own provider's favourite state: the session
 * is read when it is pressed, so that a directory page's 24 hearts are not drawn again (a task of
 * 50 ms on a first visit) when the page learns that its visitor is not signed in.
 */
export function FavouriteButton({ providerId, name }: { providerId: string; name: string }) {
  const { t } = useTranslation();
  const openStore = useDataLayerWhenOpen();
  const on = useIsFavourite(providerId);
  const label = on ? t('favourites.remove', { name }) : t('favourites.add', { name });
  return (
    <button
      type="button"
      className={`${styles.heart} ${on ? styles.on : ''}`}
      aria-pressed={on}
      aria-label={label}
      title={label}
      onClick={() =>
        void openStore().then(({ db }) =>
          toggleFavourite(db, providerId, getSession().status === 'signed_in'),
        )
      }
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3 4.5 6.6 4.5c2 0 3.4 1.1 4.2 2.4.3.5 1.1.5 1.4 0 .8-1.3 2.2-2.4 4.2-2.4 3.6 0 5.7 3.7 4.2 7.2C19.5 16.4 12 21 12 21Z" />
      </svg>
    </button>
  );
}
