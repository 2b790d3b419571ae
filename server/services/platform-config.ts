/**
 * The public configuration the server acts on, read by id (always current, on a cluster too): the
 * pricing and the platform settings, each with the spec's defaults for what a store never seeded
 * lacks. Admins change them through services/admin/*; browsers get them by replicating `config`.
 */
import { CONFIG_IDS } from '../../src/domain/config';
import type { ConfigDoc, PlatformSettings, Pricing } from '../../src/domain/config';
import { defaultPlatformSettings, defaultPricing } from '../../src/domain/platform-defaults';
import { getOrUndefined } from '../store/store';
import type { Store } from '../store/store';

export type StoredConfig<T> = Omit<ConfigDoc, 'id' | 'value'> & { _id: string; _rev?: string; value: T };

export type PricingDoc = StoredConfig<Pricing>;
export type SettingsDoc = StoredConfig<Partial<PlatformSettings>>;

export async function readPricing(store: Store): Promise<{ pricing: Pricing; updatedAt?: string }> {
  const doc = await getOrUndefined(store.db<PricingDoc>('config'), CONFIG_IDS.pricing);
  return doc ? { pricing: doc.value, updatedAt: doc.updatedAt } : { pricing: defaultPricing() };
}

/** The settings as stored, each missing field at its default. */
export async function readPlatformSettings(
  store: Store,
): Promise<{ settings: PlatformSettings; updatedAt?: string }> {
  const doc = await getOrUndefined(store.db<SettingsDoc>('config'), CONFIG_IDS.settings);
  return {
    settings: { ...defaultPlatformSettings(), ...(doc?.value ?? {}) },
    ...(doc ? { updatedAt: doc.updatedAt } : {}),
  };
}
