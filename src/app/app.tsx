import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { DataProvider } from '../data/data-context';
import type { DataSource } from '../data/data-context';
import { ErrorBoundary } from './error-boundary';
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

const browserRouter = (routes: ReactNode) => <BrowserRouter>{routes}</BrowserRouter>;

export function App({ source }: { source: DataSource }) {
  return <AppTree source={source} router={browserRouter} />;
}
