import type { Provider, ProviderFilter } from './provider';

/** Whether a provider is listed under these filters (an undefined filter means "all"). */
export function matchesFilter(provider: Provider, filter: ProviderFilter): boolean {
  return (
    provider.isVisible &&
    (filter.role === undefined || provider.role === filter.role) &&
    (filter.country === undefined || provider.country === filter.country) &&
    (filter.online === undefined || provider.isOnline === filter.online) &&
    (filter.language === undefined || provider.languages.includes(filter.language))
  );
}

/**
 * `total` is the public figure ("12 experts", "3 online now"): test profiles an admin made are
 * listed (so that the whole journey can be tried on them) but never counted in it; `listed` counts
 * them too, for the number of pages.
 */
export type ProviderPage = { providers: Provider[]; total: number; listed: number };

/** One page of a directory already in listing order, with the number of matching providers. */
export function selectPage(
  directory: readonly Provider[],
  filter: ProviderFilter,
  page: number,
  pageSize: number,
): ProviderPage {
  const start = (page - 1) * pageSize;
  const providers: Provider[] = [];
  let listed = 0;
  let total = 0;
  for (const provider of directory) {
    if (!matchesFilter(provider, filter)) continue;
    if (listed >= start && providers.length < pageSize) providers.push(provider);
    listed++;
    if (!provider.isTestProfile) total++;
  }
  return { providers, total, listed };
}

/** The countries that have at least one listed provider. */
export function directoryCountries(directory: readonly Provider[]): string[] {
  const countries = new Set<string>();
  for (const provider of directory) if (provider.isVisible) countries.add(provider.country);
  return [...countries].sort();
}
