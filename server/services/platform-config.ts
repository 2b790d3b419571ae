/**
 * The public configuration the server acts on: the pricing and the platform settings, each with the
 * spec's defaults for what a store never seeded lacks. Admins change them through services/admin/*;
 * browsers get them by replicating `config`.
 *
 * `readPricing` and `readPlatformSettings` read by id (the admin console shows what is stored);
 * `currentPricing` and `currentSettings`, read on every checkout, come from the copy of `config`
 * kept current by the store's change feed (store/followed-docs.ts): this process's own writes are
 * seen at once, another's as soon as the feed reports them.
 */
import { CONFIG_IDS } from '../../src/domain/config';
import type { ConfigDoc, PlatformSettings, Pricing } from '../../src/domain/config';
import { defaultPlatformSettings, defaultPricing } from '../../src/domain/platform-defaults';
import { followedDocsOf } from '../store/followed-docs';
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

/** The pricing checkouts are priced at (the defaults when none is stored). */
export async function currentPricing(store: Store): Promise<Pricing> {
  const doc = await followedDocsOf(store, 'config').get<PricingDoc>(CONFIG_IDS.pricing);
  return doc?.value ?? defaultPricing();
}

/** The settings as stored, without defaults (undefined when none are): each reader has its own. */
export async function currentSettings(
  store: Store,
): Promise<Readonly<Partial<PlatformSettings>> | undefined> {
  return (await followedDocsOf(store, 'config').get<SettingsDoc>(CONFIG_IDS.settings))?.value;
}
