import { Navigate, useLocation } from 'react-router-dom';
import { adminPath } from '../screens';

/** One line of the spec's redirect table; the query string (a search, a filter) goes along. */
export function AdminRedirect({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${adminPath(to)}${search}`} replace />;
}
