import { useCallback, useEffect, useMemo, useState } from 'react';
import { CONFIG_IDS } from '../domain/config';
import type { MarketingStats, PlatformSettings, Pricing, ServiceStatus } from '../domain/config';
import type { ServiceKey } from '../domain/promo';
import { bookableCountries } from '../domain/service-countries';
import { useDataLayer, useOptionalDataLayer, usePublicReads } from './data-context';
import { configAnswer } from './public-reads';
import { browserOnline } from './use-online';

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
  const sync = useOptionalDataLayer()?.sync;
  useEffect(() => sync?.config.hold(), [sync]);
}

/**
 * Pulls `config` every few seconds while the screen is shown: the call pages, the booking form and
 * checkout, which already keep the directory live and so must not hold a second live connection.
 * A price changed meanwhile appears within `CONFIG_REFRESH_MS`; checkout charges the server's price
 * whatever the page showed, and says so (features/checkout).
 */
export function useConfigRefresh(): void {
  const sync = useOptionalDataLayer()?.sync;
  useEffect(() => sync?.config.keepFresh(CONFIG_REFRESH_MS), [sync]);
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
  const layer = useOptionalDataLayer();
  const served = usePublicReads().answer(`config:${kind}`, (data) => configAnswer(data, kind)) as
    StoredConfig<K> | null | undefined;
  const [doc, setDoc] = useState<StoredConfig<K> | null | undefined>(undefined);
  const [pulled, setPulled] = useState(false);
  useEffect(() => {
    if (!layer) return;
    let alive = true;
    void layer.sync.config.firstPull.then(() => alive && setPulled(true));
    const subscription = layer.db.config.findOne(CONFIG_IDS[kind]).$.subscribe((found) => {
      const data = found?.toMutableJSON();
      setDoc(data ? { value: data.value as ConfigValues[K], updatedAt: data.updatedAt } : null);
    });
    return () => {
      alive = false;
      subscription.unsubscribe();
    };
  }, [layer, kind]);
  // The offline store's copy once it has one (or once its first pull is over), else the server's.
  const local = doc || (doc === null && (pulled || !browserOnline())) ? doc : undefined;
  const shown = local !== undefined ? local : served;
  return {
    value: shown?.value,
    updatedAt: shown?.updatedAt,
    status: shown === undefined ? 'loading' : 'ready',
  };
}

type StoredConfig<K extends keyof ConfigValues> = { value: ConfigValues[K]; updatedAt: string };
