/**
 * Demo data for a fresh store: the provider directory, the public configuration, the editorial
 * content (help centre, FAQ, testimonials, legal pages) and a service status history. Idempotent:
 * only documents that are missing are written, so a second start adds nothing and an edit made
 * since (by an admin, say) is never overwritten. Seeded content that its files have reworded since
 * is rewritten, unless someone else edited it (`content-refresh.ts`).
 */
import { CONFIG_IDS } from '../../src/domain/config';
import type { ConfigDoc } from '../../src/domain/config';
import {
  defaultMarketingStats,
  defaultPlatformSettings,
  defaultPricing,
  demoInvoicing,
} from '../../src/domain/platform-defaults';
import type { Coupon } from '../../src/domain/promo';
import { seedDemoServiceStatus } from '../services/service-status';
import { upsertDoc } from '../store/store';
import type { Store } from '../store/store';
import { contentDocuments } from './content';
import { syncSeededContent } from './content-refresh';
import { demoProviders } from './demo-providers';
import { demoReviews } from './demo/reviews';

type Doc = { _id: string; [key: string]: unknown };

/** A demo promo code, so that the pricing page's code check can be tried: 10 % off either call. */
const WELCOME_CODE: Coupon = {
  code: 'BIENVENUE10',
  kind: 'percent',
  value: 10,
  services: ['lawyerCall', 'expatCall'],
  validFrom: '2025-01-01T00:00:00.000Z',
  validUntil: '2030-12-31T23:59:59.000Z',
  maxUses: null,
  uses: 0,
  isActive: true,
};

export async function seedDemoData(store: Store, now: Date): Promise<string[]> {
  const added: string[] = [];
  const directory = demoProviders(now);
  const providers = directory.map(({ id, ...rest }) => ({ _id: id, ...rest }));
  const providersAdded = await insertMissing(store, 'providers', providers);
  if (providersAdded) added.push(`${providersAdded} providers`);
  const reviewsAdded = await insertMissing(store, 'content', demoReviews(directory, now));
  if (reviewsAdded) added.push(`${reviewsAdded} reviews`);

  const stamp = now.toISOString();
  const config: (Omit<ConfigDoc, 'id'> & { _id: string })[] = [
    { _id: CONFIG_IDS.pricing, type: 'pricing', value: defaultPricing(), updatedAt: stamp },
    {
      _id: CONFIG_IDS.settings,
      type: 'settings',
      value: { ...defaultPlatformSettings(), invoicing: demoInvoicing() },
      updatedAt: stamp,
    },
    { _id: CONFIG_IDS.stats, type: 'stats', value: defaultMarketingStats(), updatedAt: stamp },
  ];
  const configAdded = await insertMissing(store, 'config', config);
  if (configAdded) added.push(`${configAdded} configuration documents`);
  if (await addDemoInvoicing(store, stamp)) added.push('the demo seller on invoices');
  // Unlike the rest, seeded content follows its files: a corrected wording reaches older stores.
  const content = await syncSeededContent(store, contentDocuments(stamp));
  if (content.added) added.push(`${content.added} content documents`);
  if (content.updated) added.push(`${content.updated} content documents updated`);
  const couponsAdded = await insertMissing(store, 'admin', [
    { _id: `coupon:${WELCOME_CODE.code}`, type: 'coupon', ...WELCOME_CODE },
  ]);
  if (couponsAdded) added.push(`${couponsAdded} promo code`);
  // Only the days with no entry: the recorder's and an admin's days stay as they are.
  const statusDays = await seedDemoServiceStatus(store, now);
  if (statusDays) added.push(`${statusDays} days of service status`);
  return added;
}

/**
 * Settings seeded before invoices printed a seller identity get the demo one; settings that have
 * one (an admin's, or the demo's) keep it.
 */
async function addDemoInvoicing(store: Store, stamp: string): Promise<boolean> {
  type SettingsDoc = Omit<ConfigDoc, 'id'> & { _id: string; value: { invoicing?: unknown } };
  const written = await upsertDoc<SettingsDoc>(store, 'config', CONFIG_IDS.settings, (current) =>
    current && current.value.invoicing === undefined
      ? { ...current, value: { ...current.value, invoicing: demoInvoicing() }, updatedAt: stamp }
      : undefined,
  );
  return written !== undefined;
}

async function insertMissing(store: Store, dbName: string, docs: Doc[]): Promise<number> {
  const db = store.db(dbName);
  const { rows } = await db.fetch({ keys: docs.map((d) => d._id) });
  const present = new Set(rows.filter((row) => !('error' in row)).map((row) => row.key));
  const missing = docs.filter((doc) => !present.has(doc._id));
  if (missing.length === 0) return 0;
  const results = await db.bulk({ docs: missing });
  const failed = results.filter((r) => r.error && r.error !== 'conflict');
  if (failed.length) throw new Error(`Seeding ${dbName} failed: ${JSON.stringify(failed.slice(0, 3))}`);
  return results.filter((r) => !r.error).length;
}
