import { useCallback, useEffect, useMemo, useState } from 'react';
import { CONFIG_IDS } from '../domain/config';
import type { MarketingStats, PlatformSettings, Pricing, ServiceStatus } from '../domain/config';
import type { ServiceKey } from '../domain/promo';
import { bookableCountries } from '../domain/service-countries';
import { useDataLayer } from './data-context';

type ConfigValues = {
  pricing: Pricing;
  settings: PlatformSettings;
  stats: MarketingStats;
  serviceStatus: ServiceStatus;
};

/** How often a screen showing prices next to the live directory pulls `config` (see below). */
export const CONFIG_REFRESH_MS = 20_000;

/**
 * Keeps `config` live while the screen is shown, so that a price an admin changes appears at once
 * (the pricing page: it holds no other live collection, so this one fits the browser's connection
 * budget; see src/data/replication.ts).
 */
export function useLiveConfig(): void {
  const { sync } = useDataLayer();
  useEffect(() => sync.config.hold(), [sync]);
}

/**
 * Pulls `config` every few seconds while the screen is shown: the call pages, the booking form and
 * checkout, which already keep the directory live and so must not hold a second live connection.
 * A price changed meanwhile appears within `CONFIG_REFRESH_MS`; checkout charges the server's price
 * whatever the page showed, and says so (features/checkout).
 */
export function useConfigRefresh(): void {
  const { sync } = useDataLayer();
  useEffect(() => sync.config.keepFresh(CONFIG_REFRESH_MS), [sync]);
}

/**
 * Pulls `config` now and answers the pricing it then holds: checkout, when the server priced the
 * order differently from the page (an admin changed the price meanwhile).
 */
export function usePricingRefresh(): () => Promise<Pricing | undefined> {
  const { db, sync } = useDataLayer();
  return useCallback(async () => {
    await sync.config.pull().catch(() => undefined);
    const doc = await db.config.findOne(CONFIG_IDS.pricing).exec();
    return doc ? (doc.toMutableJSON().value as Pricing) : undefined;
  }, [db, sync]);
}

/**
 * The countries where a service (either, when none is given) may be booked, from the replicated
 * settings (admin screen "countries"); the spec's defaults until they have been pulled.
 */
export function useOfferedCountries(service?: ServiceKey): string[] {
  const settings = useConfig('settings');
  return useMemo(() => bookableCountries(settings, service), [settings, service]);
}

/**
 * A public configuration document's value, kept current; `undefined` until it has been replicated
 * once (screens then show their "limited display" state).
 */
export function useConfig<K extends keyof ConfigValues>(kind: K): ConfigValues[K] | undefined {
  return useConfigState(kind).value;
}

export type ConfigState<T> = {
  value: T | undefined;
  /** When the server last wrote the document (ISO 8601). */
  updatedAt: string | undefined;
  /** `loading` while the document is missing locally and the first pull has not finished. */
  status: 'loading' | 'ready';
};

/** A configuration document with the time of its last change, and whether it is still awaited. */
export function useConfigState<K extends keyof ConfigValues>(kind: K): ConfigState<ConfigValues[K]> {
  const { db, sync } = useDataLayer();
  const [doc, setDoc] = useState<{ value: ConfigValues[K]; updatedAt: string } | null | undefined>(undefined);
  const [pulled, setPulled] = useState(false);
  useEffect(() => {
    let alive = true;
    void sync.config.firstPull.then(() => alive && setPulled(true));
    const subscription = db.config.findOne(CONFIG_IDS[kind]).$.subscribe((found) => {
      const data = found?.toMutableJSON();
      setDoc(data ? { value: data.value as ConfigValues[K], updatedAt: data.updatedAt } : null);
    });
    return () => {
      alive = false;
      subscription.unsubscribe();
    };
  }, [db, sync, kind]);
  const waiting = doc === undefined || (doc === null && !pulled && navigator.onLine);
  return { value: doc?.value, updatedAt: doc?.updatedAt, status: waiting ? 'loading' : 'ready' };
}
