/**
 * The admin console (`/admin/*`), loaded as its own chunk tree only when an admin path is opened
 * (src/app/router.tsx), so a traveller never downloads it. Every route comes from the registry
 * (screens.ts): built screens as their own lazy chunks, the others as placeholders; then the spec's
 * redirect table; anything else is 'Page admin introuvable'. Everything but the login sits behind
 * the admin-role guard, and the whole console is online only.
 */
import { lazy } from 'react';
import type { ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ADMIN_REDIRECTS, ADMIN_SCREENS } from './screens';
import type { AdminScreen } from './screens';
import { AdminGuard } from './shell/admin-guard';
import { AdminLayout } from './shell/admin-layout';
import type { ErrorBoundaryType } from './shell/admin-layout';
import { AdminLoginPage } from './shell/admin-login-page';
import { AdminNotFoundPage } from './shell/admin-not-found-page';
import { AdminPlaceholderPage } from './shell/admin-placeholder-page';
import { AdminRedirect } from './shell/admin-redirect';

/** Each built screen's component, loaded on first use (created once, so a chunk loads once). */
const SCREEN_COMPONENTS = new Map<string, ComponentType>(
  ADMIN_SCREENS.flatMap((screen) =>
    screen.status === 'ready' && screen.load
      ? [[screen.id, lazy(() => screen.load!().then((component) => ({ default: component })))] as const]
      : [],
  ),
);

function elementFor(screen: AdminScreen) {
  const Screen = SCREEN_COMPONENTS.get(screen.id);
  return Screen ? <Screen /> : <AdminPlaceholderPage screen={screen} />;
}

export function AdminApp({ errorBoundary }: { errorBoundary: ErrorBoundaryType }) {
  return (
    <Routes>
      <Route path="login" element={<AdminLoginPage />} />
      <Route
        element={
          <AdminGuard>
            <AdminLayout errorBoundary={errorBoundary} />
          </AdminGuard>
        }
      >
        <Route index element={<Navigate to="dashboard" replace />} />
        {ADMIN_SCREENS.flatMap((screen) =>
          [screen.path, ...(screen.aliases ?? [])].map((path) => (
            <Route key={path} path={path} caseSensitive={screen.caseSensitive} element={elementFor(screen)} />
          )),
        )}
        {Object.entries(ADMIN_REDIRECTS).map(([from, to]) => (
          <Route key={`redirect:${from}`} path={from} element={<AdminRedirect to={to} />} />
        ))}
        <Route path="*" element={<AdminNotFoundPage />} />
      </Route>
    </Routes>
  );
}
