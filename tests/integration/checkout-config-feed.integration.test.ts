/**
 * The checkout reads the pricing, the settings and the promo codes' definitions from a copy kept
 * current by the store's change feed (server/store/followed-docs.ts). What a caller must never
 * notice: a change the admin saves is what the very next checkout applies; a change written by
 * another process (another instance of the service) is applied as soon as the feed reports it, also
 * after the store restarted; and while the feed is down, the store is read every time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_IDS } from '../../src/domain/config';
import type { Pricing } from '../../src/domain/config';
import type { CheckoutResponse } from '../../src/domain/order';
import { defaultPricing } from '../../src/domain/platform-defaults';
import { dbUpdatesOf } from '../../server/store/db-updates';
import type { DbUpdateListener, DbUpdates } from '../../server/store/db-updates';
import { createFollowedDocs } from '../../server/store/followed-docs';
import { connectStore, getOrUndefined, upsertDoc } from '../../server/store/store';
import type { Store } from '../../server/store/store';
import { mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { onlineProviders } from '../support/providers';
import type { ProviderDoc } from '../support/providers';
import { browserCall, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { testCouchdbUrl } from '../support/store-selection';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;
let users: RoleUsers;
let buyer: TestUser;
let lawyer: ProviderDoc;

beforeAll(async () => {
  // Checkouts follow one another here as fast as a test sends them.
  server = await startTestServer({ seed: true, env: () => ({ API_RATE_LIMIT_PER_MINUTE: '100000' }) });
  users = await mintRoles(server.store, 'feed');
  buyer = await mintUser(server.store, 'feed-buyer');
  lawyer = (await onlineProviders(server.store)).find((p) => p.role === 'lawyer')!;
});
afterAll(async () => server?.close());

const DEFAULT_LAWYER_EUR = defaultPricing().lawyerCall.prices.EUR;

const call = (method: string, path: string, cookie: string, body?: unknown) =>
  browserCall(server.url, method, path, cookie, body);

function checkout(expectedTotal: number, promoCode?: string) {
  return call('POST', '/api/checkout', buyer.cookie, {
    providerId: lawyer._id,
    service: 'lawyerCall',
    currency: 'EUR',
    ...(promoCode ? { promoCode } : {}),
    booking: {
      firstName: 'Anna',
      lastName: 'Martin',
      nationality: 'FR',
      interventionCountry: 'ES',
      title: 'Litige avec mon propriétaire',
      description: 'Mon propriétaire refuse de me rendre ma caution depuis trois mois, que faire ?',
      languages: [lawyer.languages[0]!],
      phone: '+33612345678',
      acceptedTerms: true,
    },
    expectedTotal,
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}`,
  });
}

const lawyerPriced = (eur: number): Pricing => {
  const pricing = defaultPricing();
  pricing.lawyerCall.prices.EUR = eur;
  return pricing;
};

/** Another connection to the same store, as another instance of the service has: its writes reach this one by the feed only. */
function anotherProcess(store: Store): Store {
  const couchdb = testCouchdbUrl();
  if (couchdb) return connectStore(couchdb, 'couchdb');
  const url = new URL(store.origin);
  const [user, password] = Buffer.from(store.authorization.replace(/^Basic /, ''), 'base64')
    .toString('utf8')
    .split(':') as [string, string];
  url.username = encodeURIComponent(user);
  url.password = encodeURIComponent(password);
  return connectStore(url.href, store.kind);
}

async function writePricing(store: Store, pricing: Pricing) {
  await upsertDoc<{ type: string; value: Pricing; updatedAt: string }>(
    store,
    'config',
    CONFIG_IDS.pricing,
    (current) => ({
      ...(current ?? { _id: CONFIG_IDS.pricing }),
      type: 'pricing',
      value: pricing,
      updatedAt: new Date().toISOString(),
    }),
  );
}

/** Checks out at `total` until it is accepted; answers how long that took. */
async function acceptedWithin(total: number, timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const answer = await checkout(total);
    if (answer.status === 201) return Date.now() - started;
    expect(answer.json).toMatchObject({ error: { code: 'amount_mismatch' } });
    if (Date.now() - started > timeoutMs) throw new Error(`${total} was not accepted within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('what the admin saves is what the very next checkout applies', () => {
  it('prices the next checkout at the price just saved, each time it changes', async () => {
    for (const eur of [6900, 7400, 5100, DEFAULT_LAWYER_EUR]) {
      const saved = await call('PUT', '/api/admin/pricing', users.admin.cookie, lawyerPriced(eur));
      expect(saved.status).toBe(200);
      const placed = await checkout(eur);
      expect(placed.status).toBe(201);
      expect((placed.json as CheckoutResponse).quote.total).toBe(eur);
    }
    // And never the price before.
    await call('PUT', '/api/admin/pricing', users.admin.cookie, lawyerPriced(6600));
    expect((await checkout(DEFAULT_LAWYER_EUR)).json).toMatchObject({ error: { code: 'amount_mismatch' } });
    await call('PUT', '/api/admin/pricing', users.admin.cookie, defaultPricing());
  });

  it('refuses a promo code at once once it is switched off, and takes it at once once on again', async () => {
    const created = await call('POST', '/api/admin/coupons', users.admin.cookie, {
      code: 'FEED10',
      kind: 'percent',
      value: 10,
      services: ['lawyerCall', 'expatCall'],
      validFrom: new Date(Date.now() - 86_400_000).toISOString(),
      validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      maxUses: 100,
    });
    expect(created.status).toBe(201);
    const discounted = Math.round(DEFAULT_LAWYER_EUR * 0.9);
    expect((await checkout(discounted, 'FEED10')).status).toBe(201);

    for (let round = 0; round < 3; round++) {
      await call('POST', '/api/admin/coupons/FEED10/disable', users.admin.cookie);
      const refused = await checkout(discounted, 'FEED10');
      expect([refused.status, refused.json]).toMatchObject([400, { error: { code: 'promo_invalid' } }]);
      const check = await call('POST', '/api/promo/validate', buyer.cookie, {
        code: 'FEED10',
        service: 'lawyerCall',
      });
      expect(check.status).toBe(404);

      await call('POST', '/api/admin/coupons/FEED10/enable', users.admin.cookie);
      expect((await checkout(discounted, 'FEED10')).status).toBe(201);
    }
  });

  it('refuses a service at once once the admin switches it off', async () => {
    const save = (lawyerCalls: boolean) =>
      call('PUT', '/api/admin/settings', users.admin.cookie, {
        servicesEnabled: { lawyerCalls, expatCalls: true },
        platformCommission: 0.15,
        maxCallDuration: 30,
        callTimeout: 30,
        supportedLanguages: ['fr', 'en', 'es'],
      });
    expect((await save(false)).status).toBe(200);
    expect((await checkout(DEFAULT_LAWYER_EUR)).json).toMatchObject({
      error: { code: 'service_unavailable' },
    });
    expect((await save(true)).status).toBe(200);
    expect((await checkout(DEFAULT_LAWYER_EUR)).status).toBe(201);
  });
});

describe('a change written by another process', () => {
  it('is applied as soon as the store’s feed reports it', async () => {
    const other = anotherProcess(server.store);
    try {
      expect((await checkout(DEFAULT_LAWYER_EUR)).status).toBe(201);
      await writePricing(other, lawyerPriced(8100));
      expect(await acceptedWithin(8100, 10_000)).toBeLessThan(10_000);
      expect((await checkout(DEFAULT_LAWYER_EUR)).status).toBe(409);
    } finally {
      await writePricing(other, defaultPricing());
      await acceptedWithin(DEFAULT_LAWYER_EUR, 10_000);
      await other.close();
    }
  });

  it('is applied after the embedded store restarted, the feed followed on its new address', async () => {
    if (server.store.kind !== 'embedded') return;
    const pid = server.store.pid!;
    const origin = server.store.origin;
    expect((await checkout(DEFAULT_LAWYER_EUR)).status).toBe(201);
    const feed = dbUpdatesOf(server.store);
    expect(feed.connected()).toBe(true);
    process.kill(pid, 'SIGKILL');
    // The feed is seen closed (the copy is then read through), then open again on the new address.
    await expect.poll(() => feed.connected(), { timeout: 10_000 }).toBe(false);
    // Until it is back every checkout fails; then the copy is read again, not served as it was.
    const deadline = Date.now() + 30_000;
    let last: unknown;
    while (server.store.origin === origin || (last = await checkout(DEFAULT_LAWYER_EUR)).status !== 201) {
      if (Date.now() > deadline) throw new Error(`the store did not come back: ${JSON.stringify(last)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await expect.poll(() => feed.connected(), { timeout: 10_000 }).toBe(true);
    // This process's own write: at once.
    await call('PUT', '/api/admin/pricing', users.admin.cookie, lawyerPriced(7700));
    expect((await checkout(7700)).status).toBe(201);
    // Another process's write, through the store's new address: once the feed reports it.
    const other = anotherProcess(server.store);
    try {
      await writePricing(other, lawyerPriced(7200));
      expect(await acceptedWithin(7200, 10_000)).toBeLessThan(10_000);
    } finally {
      await writePricing(other, defaultPricing());
      await acceptedWithin(DEFAULT_LAWYER_EUR, 10_000);
      await other.close();
    }
  });
});

describe('the copy itself', () => {
  /** A feed whose state the test sets: open or not, and when it reports a write. */
  function controlledFeed() {
    const listeners = new Set<DbUpdateListener>();
    let open = false;
    const feed: DbUpdates = {
      subscribe: (_db, listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      size: () => ({ databases: 1, listeners: listeners.size }),
      connected: () => open,
      close: () => listeners.clear(),
    };
    return {
      feed,
      open: () => {
        open = true;
        for (const listener of listeners) listener();
      },
      close: () => {
        open = false;
      },
      report: () => {
        for (const listener of listeners) listener();
      },
    };
  }

  const PROBE = 'feed-probe';
  const probe = (store: Store, value: number) =>
    upsertDoc<{ value: number }>(store, 'config', PROBE, (current) => ({
      ...(current ?? { _id: PROBE }),
      value,
    }));

  it('reads the store every time while the feed is closed, and keeps what it read only while it is open', async () => {
    const other = anotherProcess(server.store);
    const control = controlledFeed();
    let now = 0;
    const copy = createFollowedDocs(server.store, 'config', {
      updates: control.feed,
      maxAgeMs: 1_000,
      now: () => now,
    });
    const read = async () => (await copy.get<{ value: number }>(PROBE))?.value;
    try {
      await probe(other, 1);
      expect(await read()).toBe(1);
      await probe(other, 2);
      expect(await read()).toBe(2);

      control.open();
      expect(await read()).toBe(2);
      await probe(other, 3);
      // Nothing reported yet: the copy is served (what the feed is for).
      expect(await read()).toBe(2);
      control.report();
      expect(await read()).toBe(3);

      // The feed breaks: what was written meanwhile is read, and nothing is kept until it reopens.
      control.close();
      await probe(other, 4);
      expect(await read()).toBe(4);
      control.open();
      await probe(other, 5);
      expect(await read()).toBe(5);

      // A report lost while the feed stays open: the copy is read again once it is `maxAgeMs` old.
      await probe(other, 6);
      expect(await read()).toBe(5);
      now += 1_000;
      expect(await read()).toBe(6);

      // This process's own writes are seen at once, without the feed.
      await probe(server.store, 7);
      expect(await read()).toBe(7);
      expect(await getOrUndefined(server.store.db<{ value: number }>('config'), PROBE)).toMatchObject({
        value: 7,
      });
    } finally {
      await other.close();
    }
  });

  it('serves frozen documents, so that no caller can change what the next one reads', async () => {
    const control = controlledFeed();
    control.open();
    const copy = createFollowedDocs(server.store, 'config', { updates: control.feed });
    const pricing = await copy.get<{ value: Pricing }>(CONFIG_IDS.pricing);
    expect(Object.isFrozen(pricing)).toBe(true);
    expect(Object.isFrozen(pricing?.value.lawyerCall.prices)).toBe(true);
    expect(() => {
      (pricing!.value.lawyerCall.prices as Record<string, number>).EUR = 1;
    }).toThrow(TypeError);
  });
});
