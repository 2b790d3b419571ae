/**
 * Real RxDB (memory storage) replicating through the real gateway: public pulls, and pushes to a
 * user's own database where one refused document must neither stall the others nor linger.
 */
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { manyProviders } from '../../bench/bench-data';
import { filter, firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppDatabase } from '../../src/data/database';
import type { AppDatabase } from '../../src/data/database';
import { InvalidDocumentError, removeMine, saveMine, waitingCount } from '../../src/data/mine';
import { findPageOnly, findProviderPage } from '../../src/data/providers';
import { ContentSync, PublicCollectionSync, startMineSync } from '../../src/data/replication';
import { PER_LANGUAGE_TYPES } from '../../src/domain/content';
import type { ContentDoc } from '../../src/domain/content';
import { favouriteId } from '../../src/domain/mine';
import { reportNetwork } from '../../src/data/sync-status';
import { BROWSER_HEADERS, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';
import { presentIds } from '../support/listing';
import { eventually } from '../support/orders';

let server: TestServer;
let user: TestUser;
let databaseCount = 0;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  user = await mintUser(server.store, 'replicating-user');
});

afterAll(async () => {
  await server?.close();
});

function gatewayTarget(cookie?: string) {
  return {
    origin: server.url,
    fetch: (async (input, init) => {
      const response = await fetch(input, {
        ...init,
        headers: {
          ...(init?.headers as Record<string, string> | undefined),
          ...BROWSER_HEADERS,
          ...(cookie ? { cookie } : {}),
        },
      });
      if (!response.ok) throw new Error(`gateway answered ${response.status}`);
      return response;
    }) as typeof fetch,
  };
}

async function freshDatabase(): Promise<AppDatabase> {
  return createAppDatabase(getRxStorageMemory(), `test-${++databaseCount}`, { multiInstance: false });
}

/** A fetch as a browser's, through the gateway. */
const browserFetch = ((input, init) =>
  fetch(input, { ...init, headers: { ...BROWSER_HEADERS } })) as typeof fetch;

/**
 * A service of its own with `count` generated providers more, and an empty browser database. On a
 * real CouchDB the file's services share one store, so the directory also holds the seeded
 * providers: `total` is what a whole pull brings. The generated providers are removed afterwards.
 */
async function withOwnDirectory(
  count: number,
  run: (own: {
    server: TestServer;
    docs: { _id: string }[];
    db: AppDatabase;
    total: number;
  }) => Promise<void>,
) {
  const own = await startTestServer();
  const providers = own.store.db<Record<string, unknown>>('providers');
  try {
    const { rows } = await providers.list();
    const before = rows.filter((row) => !row.id.startsWith('_design/')).length;
    const docs = manyProviders(count).map(({ id, ...rest }) => ({ _id: id, ...rest }));
    await providers.bulk({ docs });
    const db = await freshDatabase();
    try {
      await run({ server: own, docs, db, total: before + count });
    } finally {
      await db.close();
      const generated = new Set(docs.map((doc) => doc._id));
      const { rows } = await providers.list({ include_docs: true });
      const left = rows.flatMap((row) => (row.doc && generated.has(row.id) ? [row.doc] : []));
      await providers.bulk({ docs: left.map((doc) => ({ ...doc, _deleted: true })) });
    }
  } finally {
    await own.close();
  }
}

/** The page sizes of a whole first pull of `total` documents: 5 × 40, then 200 until a short page. */
function firstPullLimits(total: number): number[] {
  const limits: number[] = [];
  for (let pulled = 0; ;) {
    const limit = limits.length < 5 ? 40 : 200;
    limits.push(limit);
    const got = Math.min(limit, total - pulled);
    pulled += got;
    if (got < limit) return limits;
  }
}

function favourite(providerId: string) {
  const now = new Date().toISOString();
  return {
    id: favouriteId(providerId),
    type: 'favourite' as const,
    providerId,
    createdAt: now,
    updatedAt: now,
  };
}

describe('replication through the gateway', () => {
  it('pulls the whole provider directory and the configuration, anonymously', async () => {
    const db = await freshDatabase();
    const providers = new PublicCollectionSync(db.providers, 'providers', gatewayTarget());
    const config = new PublicCollectionSync(db.config, 'config', gatewayTarget());
    await Promise.all([providers.pull(), config.pull()]);
    await providers.firstPull;
    expect(await db.providers.count().exec()).toBe(72);
    expect(await db.config.findOne('pricing').exec()).not.toBeNull();

    const onlineFrench = await findProviderPage(db, { language: 'fr', online: true }, 1, 100);
    expect(onlineFrench.total).toBeGreaterThan(0);
    expect(onlineFrench.providers.every((p) => p.isOnline && p.languages.includes('fr'))).toBe(true);
    const lawyersInSpain = await findProviderPage(db, { role: 'lawyer', country: 'ES' }, 1, 100);
    expect(lawyersInSpain.providers.every((p) => p.role === 'lawyer' && p.country === 'ES')).toBe(true);
    const all = await findProviderPage(db, {}, 1, 12);
    expect(all.total).toBe(72);
    expect(all.providers).toHaveLength(12);
    expect(all.providers[0]!.isOnline).toBe(true);
    const order = all.providers.map((p) => p.listOrder);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    // The indexed page read (used before the directory is in memory) agrees with the in-memory one.
    for (const filter of [
      {},
      { role: 'expat' as const },
      { language: 'de' as const, online: false },
      { country: 'FR' },
    ]) {
      for (const page of [1, 2, 3]) {
        const fromMemory = await findProviderPage(db, filter, page, 12);
        const fromIndex = await findPageOnly(db, filter, page, 12);
        expect(fromIndex.map((p) => p.id)).toEqual(fromMemory.providers.map((p) => p.id));
      }
    }
    await db.close();
  });

  it('pulls a large directory whole, a few small batches first and then larger ones', async () => {
    await withOwnDirectory(730, async ({ server: large, db, total }) => {
      const limits: number[] = [];
      const sync = new PublicCollectionSync(db.providers, 'providers', {
        origin: large.url,
        fetch: (async (input, init) => {
          const limit = /[?&]limit=(\d+)/.exec(String(input))?.[1];
          if (String(input).includes('/_changes') && limit) limits.push(Number(limit));
          return browserFetch(input, init);
        }) as typeof fetch,
      });
      await sync.pull();
      expect(await db.providers.count().exec()).toBe(total);
      // 730 alone: 5 × 40, then 200 a request: 200 + 2 × 200 + the last 130.
      expect(limits).toEqual(firstPullLimits(total));
      if (total === 730) expect(limits).toEqual([40, 40, 40, 40, 40, 200, 200, 200]);
    });
  });

  it('follows the directory while held: changes and deletions arrive, and nothing after it is let go', async () => {
    await withOwnDirectory(3, async ({ server: own, docs, db, total }) => {
      const sync = new PublicCollectionSync(db.providers, 'providers', {
        origin: own.url,
        fetch: browserFetch,
      });
      const release = sync.hold();
      await sync.firstPull;
      expect(await db.providers.count().exec()).toBe(total);

      const providers = own.store.db<Record<string, unknown>>('providers');
      const [first, second] = docs;
      const stored = await providers.get(first!._id);
      await providers.insert({ ...stored, name: 'Renamed while held' });
      const gone = await providers.get(second!._id);
      await providers.destroy(second!._id, gone._rev as string);
      await eventually(async () => {
        const renamed = await db.providers.findOne(first!._id).exec();
        const removed = await db.providers.findOne(second!._id).exec();
        return renamed?.get('name') === 'Renamed while held' && removed === null ? true : undefined;
      });

      release();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const later = await providers.get(first!._id);
      await providers.insert({ ...later, name: 'Renamed after' });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await db.providers.findOne(first!._id).exec())?.get('name')).toBe('Renamed while held');
      // The next pull brings it, from where the feed stopped.
      await sync.pull();
      expect((await db.providers.findOne(first!._id).exec())?.get('name')).toBe('Renamed after');
      expect(await db.providers.count().exec()).toBe(total - 1);
      await sync.stop();
    });
  });

  it('never writes a batch over the newer one another tab pulled meanwhile', async () => {
    await withOwnDirectory(3, async ({ server: own, db, total }) => {
      const plain = browserFetch;
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let heldBody: string | undefined;
      // A tab whose first answer (the providers in it as they first were) is written only later.
      const slow = new PublicCollectionSync(db.providers, 'providers', {
        origin: own.url,
        fetch: (async (input, init) => {
          const response = await plain(input, init);
          if (heldBody !== undefined) return response;
          const body = await response.text();
          heldBody = body;
          await gate;
          return new Response(body, { status: response.status, headers: response.headers });
        }) as typeof fetch,
      });
      const slowPull = slow.pull();
      await eventually(async () => (heldBody !== undefined ? true : undefined));

      // A provider of that held answer (the store's order decides which) is renamed since.
      const { results } = JSON.parse(heldBody!) as { results: { id: string }[] };
      const renamedId = results[0]!.id;
      const providers = own.store.db<Record<string, unknown>>('providers');
      const first = await providers.get(renamedId);
      await providers.insert({ ...first, name: 'Renamed since' });
      const quick = new PublicCollectionSync(db.providers, 'providers', { origin: own.url, fetch: plain });
      await quick.pull();
      const name = async () => (await db.providers.findOne(renamedId).exec())?.get('name') as string;
      expect(await name()).toBe('Renamed since');

      release();
      await slowPull;
      expect(await name()).toBe('Renamed since');
      expect(await db.providers.count().exec()).toBe(total);
      // A seeded provider (on a shared CouchDB) gets its name back for the file's other tests.
      await providers.insert({ ...(await providers.get(renamedId)), name: first.name });
    });
  });

  it('tries a failed pull again until it succeeds, and says at once that the first attempt failed', async () => {
    const db = await freshDatabase();
    let failures = 2;
    const target = gatewayTarget();
    const sync = new PublicCollectionSync(db.config, 'config', {
      origin: target.origin,
      fetch: ((input, init) =>
        failures-- > 0
          ? Promise.reject(new TypeError('network down'))
          : target.fetch(input, init)) as typeof fetch,
    });
    const pulled = sync.pull();
    await sync.firstAttempt;
    expect(await db.config.count().exec()).toBe(0);
    await pulled;
    expect(await db.config.findOne('pricing').exec()).not.toBeNull();
    await db.close();
  });

  it("lists a first visit's content only once every batch is in, and a later visit's at once, even with no network", async () => {
    const db = await freshDatabase();
    let pullRequests = 0;
    const counting = gatewayTarget();
    const sync = new PublicCollectionSync(db.content, 'content', {
      origin: counting.origin,
      fetch: ((input, init) => {
        if (String(input).includes('/_changes')) pullRequests += 1;
        return counting.fetch(input, init);
      }) as typeof fetch,
    });
    const pending = Symbol('pending');
    const state = (promise: Promise<void>) =>
      Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve(pending), 200))]);
    expect(await state(sync.readable)).toBe(pending);

    let countWhenReadable = -1;
    const readable = sync.readable.then(async () => {
      countWhenReadable = await db.content.count().exec();
    });
    await sync.pull();
    await readable;
    const whole = await db.content.count().exec();
    expect(whole).toBeGreaterThan(300);
    expect(pullRequests).toBeGreaterThan(2);
    expect(countWhenReadable).toBe(whole);

    // The next visit: readable before any pull, with a server that never answers.
    const unreachable = new PublicCollectionSync(db.content, 'content', {
      origin: server.url,
      fetch: (() => new Promise(() => {})) as typeof fetch,
    });
    expect(await state(unreachable.readable)).toBeUndefined();
    await db.close();
  });

  it("pulls the reader's language of the help texts, every testimonial and review, and another language when asked", async () => {
    const { rows } = await server.store.db<ContentDoc>('content').list({ include_docs: true });
    const served = rows.flatMap((row) => (row.doc && !row.id.startsWith('_design/') ? [row.doc] : []));
    const inLanguage = (language: string) =>
      served.filter((doc) => !PER_LANGUAGE_TYPES.includes(doc.type) || doc.language === language);
    const idsOf = (docs: { id?: string; _id?: string }[]) => docs.map((doc) => doc.id ?? doc._id).sort();
    const db = await freshDatabase();
    const asked: string[] = [];
    const counting = gatewayTarget();
    const target = {
      origin: counting.origin,
      fetch: ((input, init) => {
        if (String(input).includes('/_changes')) asked.push(String(input));
        return counting.fetch(input, init);
      }) as typeof fetch,
    };
    const content = new ContentSync(db.content, target, 'de');
    await content.pull();
    await content.in('de').firstPull;
    const local = async () => (await db.content.find().exec()).map((doc) => doc.toJSON() as ContentDoc);
    expect(idsOf(await local())).toEqual(idsOf(inLanguage('de')));
    expect(inLanguage('de').length).toBeLessThan(served.length);
    expect((await local()).some((doc) => doc.type === 'article' && doc.language === 'fr')).toBe(false);
    expect((await local()).filter((doc) => doc.type === 'testimonial').length).toBe(
      served.filter((doc) => doc.type === 'testimonial').length,
    );
    expect(asked.every((url) => new URL(url).searchParams.get('language') === 'de')).toBe(true);

    // The reader switches to English: its help texts are pulled, from its own start.
    asked.length = 0;
    await content.in('en').firstPull;
    expect(new URL(asked[0]!).searchParams.get('since')).toBe('0');
    const both = new Set([...idsOf(inLanguage('de')), ...idsOf(inLanguage('en'))]);
    expect(idsOf(await local())).toEqual([...both].sort());
    // Back to German: it goes on from where its own pull ended, with nothing to fetch again.
    asked.length = 0;
    await content.in('de').pull();
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0]!).searchParams.get('since')).not.toBe('0');
    await db.close();
  });

  it('goes on from the whole-database pull of an earlier version, in any language, with nothing fetched again', async () => {
    const db = await freshDatabase();
    await new PublicCollectionSync(db.content, 'content', gatewayTarget()).pull();
    const whole = await db.content.count().exec();
    const asked: string[] = [];
    const counting = gatewayTarget();
    const content = new ContentSync(
      db.content,
      {
        origin: counting.origin,
        fetch: ((input, init) => {
          if (String(input).includes('/_changes')) asked.push(String(input));
          return counting.fetch(input, init);
        }) as typeof fetch,
      },
      'ru',
    );
    // Readable at once: the device was whole before, every language included.
    await content.in('ru').readable;
    await content.pull();
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((url) => new URL(url).searchParams.get('since') !== '0')).toBe(true);
    expect(await db.content.count().exec()).toBe(whole);
    await db.close();
  });

  it('never writes a testimonial over the newer one a tab in another language pulled meanwhile', async () => {
    const contentDb = server.store.db<Record<string, unknown>>('content');
    const { rows } = await contentDb.list({ include_docs: true });
    const testimonial = rows.find((row) => row.doc?.type === 'testimonial')!.doc!;
    // Touched, it is the last change of the feed: in the answer that ends a French tab's pull.
    await contentDb.insert({ ...testimonial, body: 'Touched' });
    const db = await freshDatabase();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    const plain = gatewayTarget();
    const slow = new ContentSync(
      db.content,
      {
        origin: plain.origin,
        fetch: (async (input, init) => {
          const response = await plain.fetch(input, init);
          if (held || !String(input).includes('/_changes')) return response;
          const body = await response.text();
          if (body.includes('"Touched"')) {
            held = true;
            await gate;
          }
          return new Response(body, { status: response.status, headers: response.headers });
        }) as typeof fetch,
      },
      'fr',
    );
    const slowPull = slow.pull();
    try {
      await eventually(async () => (held ? true : undefined));
      // It is edited again meanwhile, and a German tab pulls the edit.
      await contentDb.insert({ ...(await contentDb.get(testimonial._id as string)), body: 'Edited since' });
      await new ContentSync(db.content, gatewayTarget(), 'de').pull();
      const body = async () =>
        (await db.content.findOne(testimonial._id as string).exec())?.get('body') as string;
      expect(await body()).toBe('Edited since');

      // The French tab's older answer arrives: it is asked for again, not written over the edit.
      release();
      await slowPull;
      expect(await body()).toBe('Edited since');
      const french = await db.content.find({ selector: { type: 'article', language: 'fr' } }).exec();
      expect(french.length).toBeGreaterThan(0);
    } finally {
      release();
      // The file's other tests (on a shared CouchDB, its later files too) read the seeded text.
      await contentDb.insert({ ...(await contentDb.get(testimonial._id as string)), body: testimonial.body });
      await db.close();
    }
  });

  it('pushes own documents; a refused one ends on the server state without stalling the others', async () => {
    const db = await freshDatabase();
    // Written before any connection: they wait, and are counted as waiting.
    await saveMine(db, favourite('demo-lawyer-002'));
    await saveMine(db, favourite('demo-expat-007'));
    await expect(
      saveMine(db, { ...favourite('demo-expat-009'), providerId: 'not valid!' }),
    ).rejects.toBeInstanceOf(InvalidDocumentError);
    expect(await waitingCount(db)).toBe(2);
    // A document our own code would never write (it bypasses saveMine): the server must refuse it.
    await db.mine.insert({ id: 'invoice:forged', type: 'invoice', updatedAt: new Date().toISOString() });

    const sync = startMineSync(db, user.db, gatewayTarget(user.cookie));
    await sync.awaitInitialReplication();
    await sync.awaitInSync();
    await expect.poll(() => waitingCount(db)).toBe(0);

    // Read by id (a listing read right after a write may lag behind it on a cluster), the refused
    // ones among them.
    const pushed = [favouriteId('demo-expat-007'), favouriteId('demo-lawyer-002')].sort();
    const candidates = [...pushed, favouriteId('demo-expat-009'), 'invoice:forged'];
    expect(await presentIds(server.store, user.db, candidates)).toEqual(pushed);
    expect(await db.mine.findOne('invoice:forged').exec()).toBeNull();

    // Nothing is stuck: later changes still go through, deletions included.
    await saveMine(db, favourite('demo-expat-008'));
    await removeMine(db, favouriteId('demo-lawyer-002'));
    await sync.awaitInSync();
    await expect.poll(() => waitingCount(db)).toBe(0);
    const named = [...candidates, favouriteId('demo-expat-008')];
    expect(await presentIds(server.store, user.db, named)).toEqual(
      [favouriteId('demo-expat-007'), favouriteId('demo-expat-008')].sort(),
    );
    await sync.stop();
    await db.close();
  });

  it('pushes what waited offline as soon as the connection is back, not at the end of its backoff', async () => {
    const db = await freshDatabase();
    await saveMine(db, favourite('demo-lawyer-003'));
    const target = gatewayTarget(user.cookie);
    let down = true;
    const sync = startMineSync(db, user.db, {
      origin: target.origin,
      // The network as gatewayFetch meets it: a request that cannot get through says so.
      fetch: ((input, init) => {
        if (!down) return target.fetch(input, init);
        reportNetwork(false);
        return Promise.reject(new TypeError('network down'));
      }) as typeof fetch,
    });
    // Away a long time: the backoff is at its ceiling (a minute), and the push fails.
    sync.replication.retryTime = 60_000;
    const pushFailed = (error: unknown) =>
      (error as { parameters?: { direction?: string } }).parameters?.direction === 'push';
    await firstValueFrom(sync.replication.error$.pipe(filter(pushFailed)));
    expect(await waitingCount(db)).toBe(1);

    // Another request gets through (an API call, a public pull): the waits end, the favourite goes.
    down = false;
    reportNetwork(true);
    await expect
      .poll(() => presentIds(server.store, user.db, [favouriteId('demo-lawyer-003')]), { timeout: 15_000 })
      .toEqual([favouriteId('demo-lawyer-003')]);
    await expect.poll(() => waitingCount(db), { timeout: 15_000 }).toBe(0);
    await sync.stop();
    await db.close();
  });

  it('pulls what changed while a long poll was lost on its way back, when it asks again', async () => {
    const db = await freshDatabase();
    const target = gatewayTarget(user.cookie);
    let dropAnswers = false;
    const sync = startMineSync(db, user.db, {
      origin: target.origin,
      // The connection drops while a long poll's answer is on its way back.
      fetch: (async (input, init) => {
        const response = await target.fetch(input, init);
        if (dropAnswers && String(input).includes('feed=longpoll')) {
          dropAnswers = false;
          throw new TypeError('connection reset');
        }
        return response;
      }) as typeof fetch,
    });
    await sync.awaitInitialReplication();
    dropAnswers = true;
    const { id, ...rest } = favourite('demo-expat-010');
    await server.store.db(user.db).insert({ _id: id, ...rest });
    await expect.poll(() => db.mine.findOne(id).exec(), { timeout: 15_000 }).not.toBeNull();
    expect(dropAnswers).toBe(false); // the answer carrying it was lost
    await sync.stop();
    await db.close();
  });
});
