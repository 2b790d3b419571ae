/**
 * The console's navigation, grouped as the spec lists the screens (ADMIN_GROUPS), built from the
 * registry (screens.ts). A group of one screen is a plain link; a larger group folds, open while
 * one of its screens is shown. Screens not built yet are listed too (opened, they say "soon").
 */
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import { ADMIN_GROUPS, ADMIN_SCREENS, adminPath } from '../screens';
import type { AdminGroup, AdminScreen } from '../screens';
import styles from './admin-nav.module.css';

const NAV_SCREENS = ADMIN_SCREENS.filter((screen) => screen.nav !== false);

function screensOf(group: AdminGroup): AdminScreen[] {
  return NAV_SCREENS.filter((screen) => screen.group === group);
}

function isUnder(pathname: string, screen: AdminScreen): boolean {
  return [screen.path, ...(screen.aliases ?? [])].some((path) => {
    const base = adminPath(path.replace(/\/:.*$/, ''));
    return pathname === base || pathname.startsWith(`${base}/`);
  });
}

export function AdminNav({ id, onNavigate }: { id: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  /** A screen's link; alone in its group, it stands for the group and takes the group's name. */
  const link = (screen: AdminScreen, alone = false) => (
    <NavLink
      to={adminPath(screen.path)}
      end={NAV_SCREENS.some((other) => other !== screen && other.path.startsWith(`${screen.path}/`))}
      className={({ isActive }) =>
        [styles.link, alone ? styles.top : '', isActive ? styles.active : ''].join(' ')
      }
      data-admin-nav={screen.id}
      data-admin-status={screen.status}
      onClick={onNavigate}
    >
      {alone ? t(`admin.nav.group.${screen.group}`) : t(screen.label)}
    </NavLink>
  );

  return (
    <nav id={id} className={styles.nav} aria-label={t('admin.nav.label')}>
      <ul className={styles.groups}>
        {ADMIN_GROUPS.map((group) => {
          const screens = screensOf(group);
          if (screens.length === 0) return null;
          if (screens.length === 1) return <li key={group}>{link(screens[0]!, true)}</li>;
          const current = screens.some((screen) => isUnder(pathname, screen));
          return (
            <li key={group}>
              {/* Keyed by `current` so that arriving in a group opens it, while the admin may still fold it. */}
              <details key={String(current)} className={styles.group} open={current}>
                <summary className={styles.summary}>{t(`admin.nav.group.${group}`)}</summary>
                <ul className={styles.links}>
                  {screens.map((screen) => (
                    <li key={screen.id}>{link(screen)}</li>
                  ))}
                </ul>
              </details>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
