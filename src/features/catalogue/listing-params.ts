import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isLanguage } from '../../domain/languages';
import type { ProviderRole } from '../../domain/professions';
import type { ProviderFilter } from '../../domain/provider';

export type ListingParams = { filter: ProviderFilter; page: number };

/** Reads the listing's filters and page from the query string, ignoring anything malformed. */
export function parseListingParams(params: URLSearchParams): ListingParams {
  const filter: ProviderFilter = {};
  const type = params.get('type');
  if (type === 'lawyer' || type === 'expat') filter.role = type satisfies ProviderRole;
  const country = params.get('country');
  if (country && /^[A-Z]{2}$/.test(country)) filter.country = country;
  const language = params.get('language');
  if (isLanguage(language)) filter.language = language;
  const status = params.get('status');
  if (status === 'online') filter.online = true;
  if (status === 'offline') filter.online = false;
  const page = Number(params.get('page'));
  return { filter, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

export function listingSearch({ filter, page }: ListingParams): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.role) params.set('type', filter.role);
  if (filter.country) params.set('country', filter.country);
  if (filter.language) params.set('language', filter.language);
  if (filter.online !== undefined) params.set('status', filter.online ? 'online' : 'offline');
  if (page > 1) params.set('page', String(page));
  return params;
}

const FILTER_KEYS = ['role', 'country', 'language', 'online'] as const satisfies (keyof ProviderFilter)[];

/**
 * What a filter control asked (`next`, built from the filters it was rendered with), applied to the
 * filters as they are now. Two changes made before the page has rendered the first (two quick taps,
 * or taps made before hydration and replayed after it) each start from the same rendered filters:
 * taken whole, the second would undo the first.
 */
export function applyFilterChange(
  live: ProviderFilter,
  rendered: ProviderFilter,
  next: ProviderFilter,
): ProviderFilter {
  const result: ProviderFilter = { ...live };
  for (const key of FILTER_KEYS) {
    if (next[key] === rendered[key]) continue;
    if (next[key] === undefined) delete result[key];
    else Object.assign(result, { [key]: next[key] });
  }
  return result;
}

/**
 * The listing's state lives in the URL, so it survives a reload and can be shared. A filter change
 * is applied to the address as it is now (the router renders a new one in a transition, a moment
 * after it has changed).
 */
export function useListingParams() {
  const [params, setParams] = useSearchParams();
  const current = useMemo(() => parseListingParams(params), [params]);
  const setFilter = useCallback(
    (filter: ProviderFilter) => {
      const live = parseListingParams(new URLSearchParams(window.location.search)).filter;
      setParams(listingSearch({ filter: applyFilterChange(live, current.filter, filter), page: 1 }));
    },
    [setParams, current.filter],
  );
  const setPage = useCallback(
    (page: number) => setParams(listingSearch({ filter: current.filter, page })),
    [setParams, current.filter],
  );
  return { ...current, setFilter, setPage };
}
