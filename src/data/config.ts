import { useEffect, useState } from 'react';
import { CONFIG_IDS } from '../domain/config';
import type { MarketingStats, PlatformSettings, Pricing } from '../domain/config';
import { useDataLayer } from './data-context';

type ConfigValues = { pricing: Pricing; settings: PlatformSettings; stats: MarketingStats };

/**
 * A public configuration document's value, kept current; `undefined` until it has been replicated
 * once (screens then show their "limited display" state).
 */
export function useConfig<K extends keyof ConfigValues>(kind: K): ConfigValues[K] | undefined {
  const { db } = useDataLayer();
  const [value, setValue] = useState<ConfigValues[K] | undefined>(undefined);
  useEffect(() => {
    const subscription = db.config.findOne(CONFIG_IDS[kind]).$.subscribe((doc) => {
      setValue(doc ? (doc.toMutableJSON().value as ConfigValues[K]) : undefined);
    });
    return () => subscription.unsubscribe();
  }, [db, kind]);
  return value;
}
