import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ADMIN_HOME_PATH, pathOf } from '../../config/paths';
import { signOut } from '../../data/auth';
import { useUnreadCount } from '../../data/notifications';
import type { SessionUserView } from '../../domain/account';
import type { TabId } from './dashboard-model';
import { tabsFor } from './dashboard-model';
import styles from './dashboard.module.css';

export function tabPath(tab: TabId): string {
  return `${pathOf('dashboard')}?tab=${tab}`;
}

/**
 * The dashboard's sections as plain links (`?tab=…`), the current one marked `aria-current`: they
 * work with the keyboard, open in a new tab and survive a reload. A column on wide screens, a strip
 * that scrolls sideways on narrow ones.
 */
export function DashboardNav({ user, active }: { user: SessionUserView; active: TabId }) {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  const [leaving, setLeaving] = useState(false);
  const strip = useRef<HTMLElement>(null);
  useEffect(() => {
    // On a narrow screen the sections scroll sideways: bring the current one into view.
    const nav = strip.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return;
    const box = nav.getBoundingClientRect();
    const tab = current.getBoundingClientRect();
    nav.scrollLeft += tab.left - box.left - (box.width - tab.width) / 2;
  }, [active]);
  return (
    <nav ref={strip} className={styles.nav} aria-label={t('dashboard.nav.label')}>
      <ul className={styles.tabs}>
        {tabsFor(user.role, user.demoStandIn).map((tab) => (
          <li key={tab}>
            <Link
              to={tabPath(tab)}
              className={styles.tab}
              aria-current={tab === active ? 'page' : undefined}
              data-tab={tab}
            >
              <span>{t(`dashboard.nav.tabs.${tab}`)}</span>
              {tab === 'notifications' && unread > 0 && (
                <span className={styles.count}>
                  <span aria-hidden="true">{unread}</span>
                  <span className="visually-hidden">
                    {t('dashboard.notifications.unread', { count: unread })}
                  </span>
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
      <ul className={styles.exits}>
        {/* An admin's own space leads on to the console (a lazy route: no console code before the click). */}
        {user.role === 'admin' && (
          <li>
            <Link to={ADMIN_HOME_PATH} className={styles.tab} data-exit="admin">
              {t('dashboard.nav.admin')}
            </Link>
          </li>
        )}
        <li>
          <button
            type="button"
            className={`${styles.tab} ${styles.logout}`}
            disabled={leaving}
            onClick={() => {
              setLeaving(true);
              void signOut().finally(() => setLeaving(false));
            }}
          >
            {leaving ? t('dashboard.nav.loggingOut') : t('dashboard.nav.logout')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
