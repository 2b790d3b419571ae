import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rm } from 'node:fs/promises';
import { seedDemoData } from '../../server/seed/seed';
import { newestFirstKey } from '../../src/domain/content';
import { migrate } from '../../server/store/migrate';
import type { Store } from '../../server/store/store';
import { startTestStore } from '../support/test-server';

let store: Store;
let dataDir: string;

beforeAll(async () => {
  ({ store, dataDir } = await startTestStore());
});

afterAll(async () => {
  await store?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('start-up migration and demo data', () => {
  it('creates every database with its security and design documents, then changes nothing on a second run', async () => {
    const first = await migrate(store);
    expect(first.created.sort()).toEqual(
      [
        'accounts',
        'admin',
        'affiliates',
        'audit',
        'b2b',
        'calls',
        'comms',
        'config',
        'content',
        'ledger',
        'logs',
        'orders',
        'payouts',
        'providers',
      ].sort(),
    );
    expect(first.designUpdated).toContain('accounts/_design/sessions');
    const accountsSecurity = await store.server.request({ db: 'accounts', path: '_security' });
    expect(accountsSecurity).toMatchObject({ members: { roles: ['_admin'] } });

    const second = await migrate(store);
    expect(second).toEqual({ created: [], securityUpdated: [], designUpdated: [], backfilled: 0 });
  });

  it('puts back a design document someone changed', async () => {
    const logs = store.db<{ views?: unknown }>('logs');
    const design = await logs.get('_design/logs');
    await logs.insert({ ...design, views: {} });
    const report = await migrate(store);
    expect(report.designUpdated).toEqual(['logs/_design/logs']);
    expect((await logs.get('_design/logs')).views).toHaveProperty('by_type_and_time');
  });

  it('gives content written by an earlier release its newest-first index key, once', async () => {
    const content = store.db<{ newestFirst?: number; group?: string }>('content');
    await content.insert({
      _id: 'testimonial:old-release',
      type: 'testimonial',
      language: 'fr',
      serviceType: 'lawyer',
      publishedAt: '2025-03-01T10:00:00.000Z',
      updatedAt: '2025-03-01T10:00:00.000Z',
    } as never);
    expect((await migrate(store)).backfilled).toBe(1);
    const backfilled = await content.get('testimonial:old-release');
    expect(backfilled.newestFirst).toBe(newestFirstKey('2025-03-01T10:00:00.000Z'));
    expect(backfilled.group).toBe('lawyer');
    expect((await migrate(store)).backfilled).toBe(0);
    await content.destroy('testimonial:old-release', (await content.get('testimonial:old-release'))._rev);
  });

  it('seeds the demo data once: a second start adds nothing and loses nothing', async () => {
    const first = await seedDemoData(store, new Date());
    expect(first).toEqual([
      '72 providers',
      expect.stringMatching(/^\d+ reviews$/),
      '3 configuration documents',
      expect.stringMatching(/^\d+ content documents$/),
      '1 promo code',
      '29 days of service status',
    ]);
    const providers = store.db<{ rating: number; type: string }>('providers');
    const info = await providers.info();
    expect(info.doc_count).toBe(72);

    // An admin's later edit must survive a restart.
    const edited = await providers.get('demo-expat-001');
    await providers.insert({ ...edited, rating: 3.2 });
    const removed = await providers.get('demo-expat-002');
    await providers.destroy(removed._id, removed._rev);

    const second = await seedDemoData(store, new Date());
    expect(second).toEqual([]);
    expect((await providers.get('demo-expat-001')).rating).toBe(3.2);
    expect((await providers.info()).doc_count).toBe(71);

    // Each provider shows three to five of its newest reviews, in a language it speaks.
    const content = await store.db<{ type: string; providerId?: string; language: string }>('content').list({
      include_docs: true,
    });
    const reviews = content.rows.flatMap((row) => (row.doc?.type === 'review' ? [row.doc] : []));
    const lawyer = await providers.get('demo-lawyer-001');
    const lawyerReviews = reviews.filter((review) => review.providerId === 'demo-lawyer-001');
    expect(lawyerReviews.length).toBeGreaterThanOrEqual(3);
    expect(lawyerReviews.length).toBeLessThanOrEqual(5);
    for (const review of lawyerReviews) {
      expect((lawyer as unknown as { languages: string[] }).languages).toContain(review.language);
    }

    const all = await providers.list({ include_docs: true });
    expect(all.rows.every((row) => row.doc?.type === 'provider')).toBe(true);
    const config = await store.db<{ type: string }>('config').list({ include_docs: true });
    expect(config.rows.map((row) => row.doc?.type).sort()).toEqual([
      'pricing',
      'service_status',
      'settings',
      'stats',
    ]);
  });

  it('stores the spec prices and platform defaults', async () => {
    const pricing = await store.db<{ value: Record<string, unknown> }>('config').get('pricing');
    expect(pricing.value).toEqual({
      lawyerCall: { prices: { EUR: 4900, USD: 5500 }, durationMinutes: 20, isActive: true },
      expatCall: { prices: { EUR: 1900, USD: 2500 }, durationMinutes: 30, isActive: true },
    });
    const settings = await store.db<{ value: Record<string, unknown> }>('config').get('settings');
    expect(settings.value).toMatchObject({
      platformCommission: 0.15,
      maxCallDuration: 30,
      callTimeout: 30,
      supportedCountries: ['CA', 'UK', 'DE', 'ES', 'IT', 'BE', 'CH', 'LU', 'NL', 'AT'],
      supportedLanguages: ['fr', 'en', 'es'],
      servicesEnabled: { lawyerCalls: true, expatCalls: true },
    });
  });
});
