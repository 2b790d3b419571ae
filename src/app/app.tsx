import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { BrowserRouter, useLocation, useNavigate } from 'react-router-dom';
import { DataProvider } from '../data/data-context';
import type { DataSource } from '../data/data-context';
import { ErrorBoundary } from './error-boundary';
import { takeLoadedFonts } from './fonts';
import { AppRoutes } from './router';

/** The app around its routes; `router` is the browser's, or the server's for one address. */
export function AppTree({
  source,
  router,
}: {
  source: DataSource;
  router: (routes: ReactNode) => ReactNode;
}) {
  return (
    <ErrorBoundary>
      <DataProvider source={source}>{router(<AppRoutes />)}</DataProvider>
    </ErrorBoundary>
  );
}

/**
 * The address can change between the router's first render and the moment it listens (a back
 * button, or a link followed while a server-rendered page hydrates): the router would then go on
 * showing a page the address no longer names. Once mounted, it catches up with the address.
 */
function CatchUpWithAddress() {
  const location = useLocation();
  const navigate = useNavigate();
  const checked = useRef(false);
  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    const { pathname, search, hash } = window.location;
    if (pathname + search + hash !== location.pathname + location.search + location.hash)
      void navigate(pathname + search + hash, { replace: true });
  }, [location, navigate]);
  return null;
}

/** At the first change of page, the app's font if it has loaded meanwhile (src/app/fonts.ts). */
function FontsAtNextPage() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname !== first.current) takeLoadedFonts();
  }, [pathname]);
  return null;
}

const browserRouter = (routes: ReactNode) => (
  <BrowserRouter>
    <CatchUpWithAddress />
    <FontsAtNextPage />
    {routes}
  </BrowserRouter>
);

export function App({ source }: { source: DataSource }) {
  return <AppTree source={source} router={browserRouter} />;
}
