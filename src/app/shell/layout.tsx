import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { useStoreWanted } from '../../data/data-context';
import { PageLoading } from '../../ui/page-loading';
import { ErrorBoundary } from '../error-boundary';
import { AppFooter } from './app-footer';
import { HydrateLater } from '../hydrate-later';
import { AppHeader } from './app-header';
import { LostEditsNotice } from './lost-edits-notice';
import { RouteEffects } from './route-effects';
import { UpdatePrompt } from './update-prompt';
import styles from './layout.module.css';

export function Layout() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  useStoreWanted();
  return (
    <div className={styles.page}>
      <a className={styles.skip} href="#main">
        {t('header.skipToContent')}
      </a>
      <RouteEffects />
      {/* The header, the page and the footer are hydrated each in a task of their own (hydrate-later.tsx). */}
      <HydrateLater>
        <AppHeader />
      </HydrateLater>
      <HydrateLater>
        <main id="main" className={styles.main} tabIndex={-1}>
          <ErrorBoundary resetKey={pathname}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
      </HydrateLater>
      <HydrateLater>
        <AppFooter />
      </HydrateLater>
      <UpdatePrompt />
      <LostEditsNotice />
    </div>
  );
}
