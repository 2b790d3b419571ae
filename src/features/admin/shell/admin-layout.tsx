/**
 * The console's frame: a header (brand, language, the admin's name, sign-out), the grouped
 * navigation (a sidebar on wide screens, a menu that folds away on a phone), and the screen,
 * each in its own error boundary and lazy chunk. Offline, the screen gives way to the message
 * that the console needs a connection (no stale data).
 */
import { Suspense, useEffect, useRef, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../../../data/auth';
import { PageLoading } from '../../../ui/page-loading';
import { adminPath } from '../screens';
import { OnlineOnly } from '../ui/online-only';
import { AdminHeaderTools } from './admin-header-tools';
import { AdminNav } from './admin-nav';
import styles from './admin-layout.module.css';

export type ErrorBoundaryType = ComponentType<{ children: ReactNode; resetKey?: string }>;

export function AdminLayout({ errorBoundary: Boundary }: { errorBoundary: ErrorBoundaryType }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const session = useSession();
  const name = session.user?.displayName || session.user?.email || '';
  const [menuOpen, setMenuOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  const firstPath = useRef(pathname);

  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    // After a navigation (not on arrival), keyboard and screen-reader users start at the new screen.
    if (pathname !== firstPath.current) {
      firstPath.current = '';
      main.current?.focus({ preventScroll: true });
    }
  }, [pathname]);

  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#admin-main">
        {t('admin.shell.skipToContent')}
      </a>
      <header className={styles.header}>
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls="admin-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true" className={styles.burger} />
          {t('admin.shell.openMenu')}
        </button>
        <Link to={adminPath('dashboard')} className={styles.brand}>
          {t('admin.shell.brand')}
        </Link>
        <AdminHeaderTools name={name} />
      </header>
      <div className={styles.body}>
        <aside className={`${styles.sidebar} ${menuOpen ? styles.open : ''}`}>
          {name && <p className={styles.sidebarWho}>{t('admin.shell.signedInAs', { name })}</p>}
          <AdminNav id="admin-nav" onNavigate={() => setMenuOpen(false)} />
        </aside>
        <main id="admin-main" ref={main} className={styles.main} tabIndex={-1}>
          <OnlineOnly>
            <Boundary resetKey={pathname}>
              <Suspense fallback={<PageLoading />}>
                <Outlet />
              </Suspense>
            </Boundary>
          </OnlineOnly>
        </main>
      </div>
    </div>
  );
}
