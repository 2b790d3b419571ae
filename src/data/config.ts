import { useEffect, useState } from 'react';
import { CONFIG_IDS } from '../domain/config';
import type { MarketingStats, PlatformSettings, Pricing, ServiceStatus } from '../domain/config';
import { useDataLayer } from './data-context';

type ConfigValues = {
  pricing: Pricing;
  settings: PlatformSettings;
  stats: MarketingStats;
  serviceStatus: ServiceStatus;
};

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
