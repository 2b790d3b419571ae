import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { loginPath, pathOf, safeRedirect } from '../../config/paths';
import { signOut, useSession } from '../../data/auth';
import styles from './account-menu.module.css';

const PERSON = 'M12 12a4 4 0 1 0 0-8a4 4 0 1 0 0 8zM4 21a8 8 0 0 1 16 0';

/**
 * The header's account entry: "Sign in" for visitors (returning to the current page), the user's
 * name for signed-in users, opening a small menu (dashboard, profile, sign out). A disclosure,
 * not an ARIA menu: plain links and a button, Escape and a click outside close it.
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const user = session.status === 'signed_in' ? session.user : undefined;
  if (!user) {
    const here = safeRedirect(`${location.pathname}${location.search}`);
    const to = location.pathname === '/' || !here ? pathOf('login') : loginPath({ redirect: here });
    // While the session is not known yet (a page the server rendered, until it is hydrated; a first
    // check under way), the entry keeps its place but shows nothing: a signed-in user never sees
    // "Sign in" before their name.
    const unknown = session.status === 'loading';
    return (
      <Link
        to={to}
        className={unknown ? `${styles.login} ${styles.unknown}` : styles.login}
        aria-label={t('header.login')}
        aria-hidden={unknown || undefined}
        tabIndex={unknown ? -1 : undefined}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
          <path d={PERSON} />
        </svg>
        <span className={styles.loginText}>{t('header.login')}</span>
      </Link>
    );
  }

  const name = user.firstName || user.displayName || user.email;
  return (
    <div className={styles.account} ref={box}>
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t('accountMenu.label', { name })}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={styles.avatar} aria-hidden="true">
          {name.charAt(0).toLocaleUpperCase()}
        </span>
        <span className={styles.name}>{name}</span>
        <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.chevron}>
          <path d="M6 9l6 6 6-6" />
        </svg>
      </button>
      {open && (
        <ul id={listId} className={styles.list}>
          <li className={styles.who}>
            <span>{name}</span>
            <span className={styles.email}>{user.email}</span>
          </li>
          <li>
            <Link to={pathOf('dashboard')} onClick={() => setOpen(false)}>
              {t('accountMenu.dashboard')}
            </Link>
          </li>
          <li>
            <Link to={pathOf('profileEdit')} onClick={() => setOpen(false)}>
              {t('accountMenu.profile')}
            </Link>
          </li>
          <li>
            <button
              type="button"
              disabled={leaving}
              onClick={() => {
                setLeaving(true);
                void signOut().finally(() => {
                  setLeaving(false);
                  setOpen(false);
                });
              }}
            >
              {leaving ? t('accountMenu.signingOut') : t('accountMenu.signOut')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
