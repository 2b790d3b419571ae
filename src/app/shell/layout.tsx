import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageLoading } from '../../ui/page-loading';
import { ErrorBoundary } from '../error-boundary';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { RouteEffects } from './route-effects';
import { UpdatePrompt } from './update-prompt';
import styles from './layout.module.css';

export function Layout() {
  const { pathname } = useLocation();
  return (
    <div className={styles.page}>
      <RouteEffects />
      <AppHeader />
      <main className={styles.main}>
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <AppFooter />
      <UpdatePrompt />
    </div>
  );
}
