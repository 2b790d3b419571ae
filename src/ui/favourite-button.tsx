import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSession } from '../data/auth';
import { useDataLayerWhenOpen, useOptionalDataLayer } from '../data/data-context';
import { inTurn, toggleFavourite, useIsFavourite, writePress } from '../data/favourites';
import styles from './favourite-button.module.css';

/** The state a press asked for, shown until the store's agrees, and how many writes are not done. */
type Asked = { wanted: boolean; writing: number };

/** How long a written state is shown when the store's has not come back to agree with it. */
const SETTLE_MS = 3_000;

/**
 * The heart on cards and profiles. It follows only its own provider's favourite state: the session
 * is read when it is pressed, so that a directory page's 24 hearts are not drawn again (a task of
 * 50 ms on a first visit) when the page learns that its visitor is not signed in.
 *
 * A press shows at once: on a first visit the offline store may take a second to open, and the
 * write waits for it, kept on the device meanwhile (a page left before then loses nothing).
 * Meanwhile the heart shows the state asked for, until the store's own state agrees, or the stored
 * state again if the write failed. Presses sent faster than the store writes
 * are written one after the other, each with the state it asked for, so the last one decides.
 */
export function FavouriteButton({ providerId, name }: { providerId: string; name: string }) {
  const { t } = useTranslation();
  const openStore = useDataLayerWhenOpen();
  const storeOpen = useOptionalDataLayer() !== undefined;
  const stored = useIsFavourite(providerId);
  const [asked, setAsked] = useState<Asked>();
  // Written and agreed with by the store: the stored state is shown from now on.
  const agreed = asked !== undefined && asked.writing === 0 && asked.wanted === stored;
  const pending = agreed ? undefined : asked;
  useEffect(() => {
    if (!asked || asked.writing > 0) return;
    // Written, but the store's state has not come back yet (or another tab changed it since):
    // the store's state is shown once it has had the time to come back.
    const timer = setTimeout(
      () => setAsked((current) => (current === asked ? undefined : current)),
      agreed ? 0 : SETTLE_MS,
    );
    return () => clearTimeout(timer);
  }, [asked, agreed]);
  const on = pending?.wanted ?? stored;
  const label = on ? t('favourites.remove', { name }) : t('favourites.add', { name });

  const press = () => {
    const wanted = !on;
    const signedIn = getSession().status === 'signed_in';
    if (storeOpen && !pending) {
      // Written in a few milliseconds: the heart shows the stored state, as every other view does,
      // and each press changes the state the one before left.
      void inTurn(providerId, async () => toggleFavourite((await openStore()).db, providerId, signedIn));
      return;
    }
    setAsked((current) => ({ wanted, writing: (current?.writing ?? 0) + 1 }));
    writePress(async () => (await openStore()).db, providerId, wanted, signedIn).then(
      () => setAsked((current) => current && { ...current, writing: current.writing - 1 }),
      (error: unknown) => {
        console.warn('The favourite could not be saved:', error);
        // The stored state again, unless a later press waits to be written.
        setAsked((current) =>
          current && current.writing > 1 ? { ...current, writing: current.writing - 1 } : undefined,
        );
      },
    );
  };

  return (
    <button
      type="button"
      className={`${styles.heart} ${on ? styles.on : ''}`}
      aria-pressed={on}
      // Shown as pressed (or not) before the store has it: busy until it has.
      aria-busy={pending ? true : undefined}
      aria-label={label}
      title={label}
      onClick={press}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3 4.5 6.6 4.5c2 0 3.4 1.1 4.2 2.4.3.5 1.1.5 1.4 0 .8-1.3 2.2-2.4 4.2-2.4 3.6 0 5.7 3.7 4.2 7.2C19.5 16.4 12 21 12 21Z" />
      </svg>
    </button>
  );
}
