/**
 * Live change feeds through the gateway (`_changes?feed=longpoll`, one per live collection of
 * each browser): many held at once must not stop anything else, each must get the changes of its
 * own database, end at its timeout, and survive a restart of the store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testStoreKind } from '../support/store-selection';
import { userDbName } from '../../src/domain/user-db';
import { mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(async () => {
  await server?.close();
});

type Feed = { done: Promise<{ status: number; text: string }>; abort(): void };

/** A long poll as a browser holds it; `abort` is the page going away. */
function openFeed(db: string, query: string, cookie?: string): Feed {
  const controller = new AbortController();
  const done = fetch(`${server.url}/db/${db}/_changes?${query}`, {
    signal: controller.signal,
    headers: cookie ? { cookie } : {},
  }).then(async (res) => ({ status: res.status, text: await res.text() }));
  done.catch(() => {});
  return { done, abort: () => controller.abort() };
}

/** The database's current sequence, for feeds that must not miss what is written next. */
async function currentSeq(db: string, cookie?: string): Promise<string> {
  const res = await fetch(`${server.url}/db/${db}/_changes?since=now`, { headers: cookie ? { cookie } : {} });
  expect(res.status).toBe(200);
  return String(((await res.json()) as { last_seq: string | number }).last_seq);
}

const changedIds = (text: string) =>
  (JSON.parse(text) as { results: { id: string }[] }).results.map((row) => row.id);

/** Answers whether the feed settled within `ms` (a negative check: it must still be waiting). */
async function settledWithin(feed: Feed, ms: number): Promise<boolean> {
  return Promise.race([
    feed.done.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
}

async function aProviderId(): Promise<string> {
  const { rows } = await server.store.db('providers').list({ limit: 1 });
  return rows[0]!.id;
}

describe('live change feeds through the gateway', () => {
  it('a plain read answers while far more feeds are held than the store has sockets for reads', async () => {
    const users: TestUser[] = [];
    for (let i = 0; i < 70; i++) users.push(await mintUser(server.store, `live${i}`));
    const feeds = [
      ...Array.from({ length: 80 }, () =>
        openFeed('providers', 'style=all_docs&feed=longpoll&since=now&include_docs=true&heartbeat=25000'),
      ),
      ...users.map((user) =>
        openFeed(
          user.db,
          'style=all_docs&feed=longpoll&since=now&include_docs=true&heartbeat=25000',
          user.cookie,
        ),
      ),
    ];
    try {
      // Give the feeds time to reach the service and be held.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const id = await aProviderId();
      const read = await fetch(`${server.url}/db/providers/${id}`, { signal: AbortSignal.timeout(15_000) });
      expect(read.status).toBe(200);
      expect(((await read.json()) as { _id: string })._id).toBe(id);
      const own = await fetch(`${server.url}/db/${users[0]!.db}/_all_docs`, {
        headers: { cookie: users[0]!.cookie },
        signal: AbortSignal.timeout(15_000),
      });
      expect(own.status).toBe(200);
      // Nothing was written: every feed is still waiting.
      expect(await settledWithin(feeds[0]!, 0)).toBe(false);
    } finally {
      for (const feed of feeds) feed.abort();
    }
  });

  it('a change to a public database reaches every feed held on it', async () => {
    const since = await currentSeq('providers');
    const feeds = Array.from({ length: 40 }, () =>
      openFeed('providers', `style=all_docs&feed=longpoll&since=${since}&include_docs=true&heartbeat=25000`),
    );
    const id = await aProviderId();
    const providers = server.store.db<{ isOnline?: boolean }>('providers');
    const doc = await providers.get(id);
    await providers.insert({ ...doc, isOnline: !doc.isOnline });
    const answers = await Promise.all(feeds.map((feed) => feed.done));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(changedIds(answer.text)).toEqual([id]);
    }
  });

  it("a write to a user's own database wakes that user's feed, and only that one", async () => {
    const alice = await mintUser(server.store, 'liveAlice');
    const bob = await mintUser(server.store, 'liveBob');
    const feedOf = async (user: TestUser) =>
      openFeed(
        user.db,
        `style=all_docs&feed=longpoll&since=${await currentSeq(user.db, user.cookie)}&include_docs=true&heartbeat=25000`,
        user.cookie,
      );
    const aliceFeed = await feedOf(alice);
    const bobFeed = await feedOf(bob);
    try {
      await server.store.db(userDbName(alice.uid)).insert({ _id: 'note-for-alice', type: 'test' });
      const answer = await aliceFeed.done;
      expect(answer.status).toBe(200);
      expect(changedIds(answer.text)).toEqual(['note-for-alice']);
      expect(await settledWithin(bobFeed, 300)).toBe(false);
      await server.store.db(userDbName(bob.uid)).insert({ _id: 'note-for-bob', type: 'test' });
      expect(changedIds((await bobFeed.done).text)).toEqual(['note-for-bob']);
    } finally {
      aliceFeed.abort();
      bobFeed.abort();
    }
  });

  it('a long poll ends at its timeout with no change, after the heartbeats it asked for', async () => {
    const feed = openFeed('config', 'feed=longpoll&since=now&timeout=2500&heartbeat=1000');
    const answer = await feed.done;
    expect(answer.status).toBe(200);
    expect(answer.text.startsWith('\n')).toBe(true);
    const body = JSON.parse(answer.text) as { results: unknown[]; last_seq: unknown };
    expect(body.results).toEqual([]);
    expect(body.last_seq).toBeDefined();
  });

  it("a feed of content in one language waits through other languages' help texts and wakes for its own", async () => {
    const since = await currentSeq('content');
    const feed = openFeed(
      'content',
      `style=all_docs&feed=longpoll&since=${since}&include_docs=true&heartbeat=25000&language=es`,
    );
    const content = server.store.db('content');
    const article = (language: string) => ({
      _id: `article-live-${language}`,
      type: 'article',
      language,
      group: 'help',
      title: `Live ${language}`,
      newestFirst: 1,
      updatedAt: new Date().toISOString(),
    });
    try {
      await content.insert(article('ru'));
      expect(await settledWithin(feed, 1500)).toBe(false);
      await content.insert(article('es'));
      const answer = await feed.done;
      expect(answer.status).toBe(200);
      expect(changedIds(answer.text)).toEqual(['article-live-es']);
    } finally {
      feed.abort();
    }
  });

  it('changes already there are answered at once, and other feed kinds are refused', async () => {
    const answer = await openFeed('providers', 'feed=longpoll&since=0&limit=3').done;
    expect(answer.status).toBe(200);
    expect(changedIds(answer.text)).toHaveLength(3);
    for (const feed of ['continuous', 'eventsource']) {
      const res = await fetch(`${server.url}/db/providers/_changes?feed=${feed}`);
      expect(res.status).toBe(400);
      await res.body?.cancel();
    }
  });

  it('one user holds at most 20 feeds at once; the next is told to wait', async () => {
    const user = await mintUser(server.store, 'liveGreedy');
    const query = 'feed=longpoll&since=now&timeout=20000';
    const feeds = Array.from({ length: 20 }, () => openFeed(user.db, query, user.cookie));
    try {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const extra = await openFeed(user.db, query, user.cookie).done;
      expect(extra.status).toBe(429);
      expect(JSON.parse(extra.text)).toMatchObject({ error: 'too_many_feeds' });
      // Another user, and the directory, are not affected.
      const other = await mintUser(server.store, 'liveModest');
      const theirs = openFeed(other.db, 'feed=longpoll&since=now&timeout=1500', other.cookie);
      expect((await theirs.done).status).toBe(200);
    } finally {
      for (const feed of feeds) feed.abort();
    }
    // Once they are let go, the user may hold feeds again.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await openFeed(user.db, 'feed=longpoll&since=now&timeout=1000', user.cookie).done).status).toBe(
      200,
    );
  });

  // The embedded store's restart by the service (a real CouchDB is not the service's child).
  it.skipIf(testStoreKind() !== 'embedded')(
    'a feed held while the store restarts still gets the next change',
    async () => {
      const since = await currentSeq('providers');
      const feed = openFeed(
        'providers',
        `style=all_docs&feed=longpoll&since=${since}&include_docs=true&heartbeat=2000`,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      process.kill(server.store.pid!, 'SIGKILL');
      // The store comes back on the same data (server/store/embedded.ts); then a provider changes.
      const id = await aProviderId().catch(async () => {
        for (let attempt = 0; attempt < 100; attempt++) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          const found = await aProviderId().catch(() => undefined);
          if (found) return found;
        }
        throw new Error('the store did not come back');
      });
      const providers = server.store.db<{ isOnline?: boolean }>('providers');
      const doc = await providers.get(id);
      await providers.insert({ ...doc, isOnline: !doc.isOnline });
      const answer = await feed.done;
      expect(answer.status).toBe(200);
      expect(changedIds(answer.text)).toContain(id);
    },
  );
});
