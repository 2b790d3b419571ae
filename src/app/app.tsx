import { BrowserRouter } from 'react-router-dom';
import { DataProvider } from '../data/data-context';
import type { DataLayer } from '../data/data-context';
import { ErrorBoundary } from './error-boundary';
import { AppRoutes } from './router';

export function App({ data }: { data: DataLayer }) {
  return (
    <ErrorBoundary>
      <DataProvider value={data}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </DataProvider>
    </ErrorBoundary>
  );
}
