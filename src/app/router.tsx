import { lazy } from 'react';
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { routes } from '../config/paths';
import type { ScreenId } from '../config/paths';
import { ComingSoonPage } from '../features/pages/coming-soon-page';
import { NotFoundPage } from '../features/pages/not-found-page';
import { Layout } from './shell/layout';

/** The screens built so far, each its own chunk; every other screen of the spec says it is coming. */
const SCREENS: Partial<Record<ScreenId, ComponentType>> = {
  providers: lazy(() =>
    import('../features/catalogue/providers-page').then((m) => ({ default: m.ProvidersPage })),
  ),
};

function elementFor(screen: ScreenId) {
  const Screen = SCREENS[screen];
  return Screen ? <Screen /> : <ComingSoonPage screen={screen} />;
}

/**
 * Every route and alias of the route table, inside the shared layout; anything else is not found.
 * Declarative routes (not the data router): the app's data comes from RxDB, not from loaders, and
 * this keeps the first download small.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {routes.flatMap((route) =>
          [route.path, ...route.aliases].map((path) => (
            <Route key={path} path={path} element={elementFor(route.screen)} />
          )),
        )}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
