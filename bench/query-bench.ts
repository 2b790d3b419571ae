/**
 * The listing's filter over N providers as the data layer runs it: the directory read once from
 * RxDB (here on the memory storage, to time the query and not a storage emulation), then one
 * page and the exact count for each of many distinct filter combinations.
 */
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { createAppDatabase } from '../src/data/database';
import { loadDirectory } from '../src/data/providers';
import { PROVIDERS_PAGE_SIZE } from '../src/domain/constants';
import { LANGUAGES } from '../src/domain/languages';
import { selectPage } from '../src/domain/provider-filter';
import type { Provider, ProviderFilter } from '../src/domain/provider';

function filterSample(countries: string[]): { filter: ProviderFilter; page: number }[] {
  const out: { filter: ProviderFilter; page: number }[] = [];
  for (const role of [undefined, 'lawyer', 'expat'] as const)
    for (const online of [undefined, true, false])
      for (const language of [undefined, ...LANGUAGES])
        for (const country of [undefined, ...countries])
          for (const page of [1, 2, 5]) out.push({ filter: { role, online, language, country }, page });
  return out;
}

export type Percentiles = { count: number; p50: number; p95: number; max: number };

export function percentiles(times: number[]): Percentiles {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1]! };
}

export async function benchQueries(
  providers: Provider[],
  loads = 5,
): Promise<{ load: Percentiles; filter: Percentiles }> {
  const db = await createAppDatabase(getRxStorageMemory(), `bench-query-${Date.now()}`, {
    multiInstance: false,
  });
  await db.providers.bulkInsert(providers);
  const loadTimes: number[] = [];
  let directory: Provider[] = [];
  for (let i = 0; i < loads; i++) {
    await db.providers.insert({ ...providers[0]!, id: `bench-extra-${i}` }); // so no run is served from the query cache
    const started = performance.now();
    directory = await loadDirectory(db);
    loadTimes.push(performance.now() - started);
  }
  await db.remove();
  const filterTimes: number[] = [];
  for (const { filter, page } of filterSample([...new Set(providers.map((p) => p.country))])) {
    const started = performance.now();
    selectPage(directory, filter, page, PROVIDERS_PAGE_SIZE);
    filterTimes.push(performance.now() - started);
  }
  return { load: percentiles(loadTimes), filter: percentiles(filterTimes) };
}
