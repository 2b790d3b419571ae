/**
 * Replication between the browser's collections and the store, through the `/db/` gateway: the
 * public collections are pulled by public-feed.ts, the signed-in user's own database is synced both
 * ways by RxDB's CouchDB replication.
 *
 * A browser opens at most six connections to one host, and each live replication holds one
 * long-poll: so at most two collections are live at once, `mine` (while signed in) and
 * `providers` (while a listing is on screen). The other public collections are pulled at start,
 * when the connection returns and on a timer. Failed requests are retried with a backoff that
 * doubles up to a ceiling and resets after a success; a wait ends as soon as the connection comes
 * back (the browser's `online` event, or any request getting through again).
 */
import { replicateCouchDB } from 'rxdb/plugins/replication-couchdb';
import type { RxCouchDBReplicationState } from 'rxdb/plugins/replication-couchdb';
import type { RxCollection } from 'rxdb';
import type { Language } from '../domain/languages';
import type { MineDoc } from '../domain/mine';
import type { AppDatabase } from './database';
import { wholeCopyMark } from './database';
import { keepLostEdits } from './lost-edits';
import { trackPushes } from './mine';
import { gatewayFetch } from './gateway-fetch';
import { PublicFeed } from './public-feed';
import type { FeedPart } from './public-feed';
import { mineRevisions } from './server-revisions';
import { onReconnect, reportActive } from './sync-status';

const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 60_000;
/**
 * Documents per pull request. Each batch is written to IndexedDB, and the queries on screen run
 * again, in one task of the main thread: on a first visit (4× CPU) 100 documents made tasks of
 * 50-140 ms, each holding a tap as long, where 40 make shorter ones. A large directory, though, is
 * whole in IndexedDB sooner in larger batches, each batch having a cost of its own (a transaction,
 * the sequence saved, the lock across tabs, the events): 10,000 providers took 7 s at 40 a request,
 * 5.7-6.6 s at 100 and 4.2-5.8 s at 200 (same machine, same hour). Its pulls take 40 documents a
 * request for the first SMALL_PULLS requests, which is all of a small directory, then 200.
 */
const PULL_BATCH = 40;
const DIRECTORY_PULL_BATCH = 200;
const SMALL_PULLS = 5;

const publicBatches = (dbName: string) => ({
  first: PULL_BATCH,
  firstRequests: SMALL_PULLS,
  then: dbName === 'providers' ? DIRECTORY_PULL_BATCH : PULL_BATCH,
});
const PUSH_BATCH = 50;
/** Long-poll heartbeat: short enough for proxies that cut idle connections. */
const HEARTBEAT_MS = 25_000;
const PERIODIC_PULL_MS = 10 * 60_000;

type Replication = RxCouchDBReplicationState<never>;

export type ReplicationTarget = { origin: string; fetch?: typeof fetch };

function gatewayUrl(target: ReplicationTarget, dbName: string): string {
  return `${target.origin}/db/${dbName}/`;
}

/**
 * Doubles the retry delay after each error, back to the base after data moves again or the
 * connection comes back. RxDB waits that delay after a failed request (`collection.promiseWait`,
 * through its replication helper's `awaitRetry`), and cuts it short at the browser's `online` event
 * only if the browser said it was offline when the request failed: the collection's waits are also
 * cut at every reconnection (sync-status.ts `onReconnect`), so that a message or an edit written
 * offline goes as soon as the connection returns, not up to a minute later.
 */
function withBackoff(replication: Replication, collection: RxCollection): Replication {
  replication.retryTime = RETRY_BASE_MS;
  replication.error$.subscribe(() => {
    replication.retryTime = Math.min((replication.retryTime ?? RETRY_BASE_MS) * 2, RETRY_MAX_MS);
  });
  const reset = () => {
    replication.retryTime = RETRY_BASE_MS;
  };
  replication.received$.subscribe(reset);
  replication.sent$.subscribe(reset);
  const stopListening = onReconnect(reset);
  replication.canceled$.subscribe((canceled) => {
    if (canceled) stopListening();
  });
  wakeOnReconnect(collection);
  return replication;
}

const wakeable = new WeakSet<RxCollection>();

/** The collection's waits (RxDB's retry delays) end early when the connection comes back. */
function wakeOnReconnect(collection: RxCollection) {
  if (wakeable.has(collection)) return;
  wakeable.add(collection);
  const wait = collection.promiseWait.bind(collection);
  collection.promiseWait = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        stopListening();
        resolve();
      };
      const stopListening = onReconnect(done);
      void wait(ms).then(done);
    });
}

/**
 * RxDB's live pull asks `_changes?feed=longpoll&since=now` until a long poll is first answered, and
 * asks `since=now` again after one fails: what changed between the failure and the new request was
 * never pulled (a provider's answer written while the client's connection came back stayed unseen
 * until the next change). This fetch asks such a long poll from the last sequence an answer of the
 * change feed gave (RxDB's own checkpoint pulls included); what comes again is already on the device
 * and changes nothing there.
 */
function longPollFromKnownSequence(fetcher: typeof fetch): typeof fetch {
  let known: string | number | undefined;
  return async (input, init) => {
    const asked = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(asked, 'http://localhost');
    if (!url.pathname.endsWith('/_changes')) return fetcher(input, init);
    if (url.searchParams.get('since') === 'now' && known !== undefined) {
      url.searchParams.set('since', String(known));
      input = asked.startsWith('http') ? url.href : `${url.pathname}${url.search}`;
    }
    const response = await fetcher(input, init);
    try {
      const { last_seq: seq } = (await response.clone().json()) as { last_seq?: unknown };
      if (typeof seq === 'string' || typeof seq === 'number') known = seq;
    } catch {
      // Not a change feed's answer: RxDB reports it.
    }
    return response;
  };
}

function startReplication(
  collection: RxCollection,
  dbName: string,
  target: ReplicationTarget,
  options: { live: boolean; push: boolean; key: string; identifier?: string },
): Replication {
  const replication = replicateCouchDB({
    replicationIdentifier: options.identifier ?? `gateway-${dbName}`,
    collection,
    url: gatewayUrl(target, dbName),
    fetch: longPollFromKnownSequence(target.fetch ?? gatewayFetch),
    live: options.live,
    retryTime: RETRY_BASE_MS,
    waitForLeadership: options.live,
    pull: { batchSize: PULL_BATCH, heartbeat: HEARTBEAT_MS },
    push: options.push ? { batchSize: PUSH_BATCH } : undefined,
  }) as unknown as Replication;
  replication.active$.subscribe((active) => reportActive(options.key, active));
  replication.canceled$.subscribe((canceled) => {
    if (canceled) reportActive(options.key, false);
  });
  return withBackoff(replication, collection);
}

/**
 * One public collection: pulled on demand, or kept live while someone holds it. A pull is skipped
 * while the collection is live (it is already current); going live waits for a running pull.
 */
export class PublicCollectionSync {
  private pulling: Promise<void> | undefined;
  private live: PublicFeed | undefined;
  private holders = 0;
  private refreshers = 0;
  private refreshTimer: ReturnType<typeof setInterval> | undefined;
  private markPulled: () => void = () => {};
  private markAttempted: () => void = () => {};
  /** Resolves once the collection has been brought up to date at least once. */
  readonly firstPull: Promise<void> = new Promise((resolve) => {
    this.markPulled = resolve;
  });
  /**
   * Resolves once the first pull has succeeded or failed: from then on, what is missing locally is
   * known to be missing (or not loadable right now), rather than still on its way.
   */
  readonly firstAttempt: Promise<void> = new Promise((resolve) => {
    this.markAttempted = resolve;
  });
  /**
   * Resolves once the local copy may be listed as it is: it was whole after a pull on an earlier
   * visit, or this visit's first pull has succeeded or failed. Until then a first visit's copy may
   * hold only the batches pulled so far.
   */
  readonly readable: Promise<void>;

  constructor(
    private readonly collection: RxCollection,
    private readonly dbName: string,
    private readonly target: ReplicationTarget,
    /** Only this part of the database (content in one language), with marks of its own. */
    private readonly part?: FeedPart,
  ) {
    const { database } = collection;
    const marks = [wholeCopyMark(part?.name ?? dbName), ...(part ? [wholeCopyMark(part.within)] : [])];
    const wholeBefore = Promise.all(marks.map((mark) => database.getLocal(mark))).then(
      (found) => (found.some(Boolean) ? Promise.resolve() : new Promise<void>(() => {})),
      () => new Promise<void>(() => {}),
    );
    this.readable = Promise.race([wholeBefore, this.firstAttempt]);
    void this.firstPull.then(() =>
      database.upsertLocal(marks[0]!, { at: new Date().toISOString() }).catch(() => undefined),
    );
  }

  /** Pulls what changed since the last pull; resolves once the collection is current. */
  pull(): Promise<void> {
    if (this.live) return this.live.inSync();
    this.pulling ??= (async () => {
      const once = this.feed(false);
      try {
        await once.caughtUp;
        this.markPulled();
        this.markAttempted();
      } finally {
        await once.cancel();
        this.pulling = undefined;
      }
    })();
    return this.pulling;
  }

  private feed(live: boolean): PublicFeed {
    return new PublicFeed(this.collection, this.dbName, this.target, {
      live,
      key: `${live ? 'live' : 'pull'}:${this.dbName}`,
      batch: publicBatches(this.dbName),
      heartbeatMs: HEARTBEAT_MS,
      retry: { baseMs: RETRY_BASE_MS, maxMs: RETRY_MAX_MS },
      onError: () => this.markAttempted(),
      part: this.part,
    });
  }

  /** Keeps the collection live until the returned function is called. */
  hold(): () => void {
    this.holders++;
    if (this.holders === 1) void this.goLive();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holders--;
      if (this.holders === 0) void this.stopLive();
    };
  }

  /**
   * Pulls every `intervalMs` until the returned function is called: a screen that must follow the
   * server (prices) while another public collection already holds the page's live connection. A
   * short pull holds no connection, unlike a live one (at most two live collections: see above).
   */
  keepFresh(intervalMs: number): () => void {
    this.refreshers++;
    this.refreshTimer ??= setInterval(() => {
      if (typeof navigator === 'undefined' || navigator.onLine) void this.pull().catch(() => undefined);
    }, intervalMs);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.refreshers--;
      if (this.refreshers === 0) {
        clearInterval(this.refreshTimer);
        this.refreshTimer = undefined;
      }
    };
  }

  private async goLive() {
    await this.pulling?.catch(() => undefined);
    if (this.holders === 0 || this.live) return;
    this.live = this.feed(true);
    void this.live.caughtUp.then(() => {
      this.markPulled();
      this.markAttempted();
    });
  }

  private async stopLive() {
    const live = this.live;
    this.live = undefined;
    await live?.cancel();
  }

  async stop() {
    this.holders = 0;
    this.refreshers = 0;
    clearInterval(this.refreshTimer);
    this.refreshTimer = undefined;
    await this.stopLive();
    await this.pulling?.catch(() => undefined);
  }
}

/**
 * The `content` collection, pulled in the reader's language: its help centre, FAQ and legal pages,
 * with every testimonial and review (changes-filter.ts on the server). Each language has its own
 * sync and marks; the one read last is the one pulled again on reconnect and on the timer. Pulls of
 * two languages never overlap: they write the same testimonials, and a page read before another
 * pull's newer one must not be written after it.
 */
export class ContentSync {
  private readonly syncs = new Map<Language, PublicCollectionSync>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly collection: RxCollection,
    private readonly target: ReplicationTarget,
    private language: Language,
  ) {}

  /** The sync of `language`, which becomes the one kept current; its first pull starts now. */
  in(language: Language): PublicCollectionSync {
    const isNew = !this.syncs.has(language);
    this.language = language;
    if (isNew) void this.pull().catch(() => undefined);
    return this.syncOf(language);
  }

  /**
   * The sync of the language read last: enough for testimonials and reviews, which every
   * language's pull brings.
   */
  current(): PublicCollectionSync {
    return this.syncOf(this.language);
  }

  /** Pulls the language read last; resolves once it is current. */
  pull(): Promise<void> {
    const sync = this.syncOf(this.language);
    const pulled = this.queue.then(() => sync.pull());
    this.queue = pulled.catch(() => undefined);
    return pulled;
  }

  private syncOf(language: Language): PublicCollectionSync {
    let sync = this.syncs.get(language);
    if (!sync) {
      const part = { name: `content-${language}`, params: { language }, within: 'content' };
      sync = new PublicCollectionSync(this.collection, 'content', this.target, part);
      this.syncs.set(language, sync);
    }
    return sync;
  }

  async stop(): Promise<void> {
    await Promise.all([...this.syncs.values()].map((sync) => sync.stop()));
  }
}

export type PublicSync = {
  providers: PublicCollectionSync;
  content: ContentSync;
  config: PublicCollectionSync;
  pullAll(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Starts the public collections' sync: a first pull now (content in `language`), then on reconnect
 * and periodically.
 */
export function startPublicSync(db: AppDatabase, target: ReplicationTarget, language: Language): PublicSync {
  const sync = {
    providers: new PublicCollectionSync(db.providers, 'providers', target),
    content: new ContentSync(db.content, target, language),
    config: new PublicCollectionSync(db.config, 'config', target),
  };
  const pullAll = async () => {
    await Promise.all([sync.config.pull(), sync.providers.pull(), sync.content.pull()]);
  };
  const onOnline = () => void pullAll().catch(() => undefined);
  const timer = setInterval(onOnline, PERIODIC_PULL_MS);
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
  onOnline();
  return {
    ...sync,
    pullAll,
    async stop() {
      clearInterval(timer);
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
      await Promise.all(Object.values(sync).map((s) => s.stop()));
    },
  };
}

/**
 * Live two-way replication of the signed-in user's own database (`userdb-<hex>`), with the
 * waiting changes counted until they are pushed. `epoch` names the local copy: when the device
 * forgets a user's documents (sign-out), the next copy starts a new epoch, so its replication
 * pulls everything again instead of resuming from the forgotten copy's checkpoint.
 */
export function startMineSync(db: AppDatabase, userDb: string, target: ReplicationTarget, epoch?: string) {
  // A new copy (a new user, or the same one after sign-out) starts with nothing known of the server.
  mineRevisions.clear();
  const replication = startReplication(
    db.mine,
    userDb,
    { ...target, fetch: mineRevisions.watch(target.fetch ?? gatewayFetch) },
    {
      live: true,
      push: true,
      key: `live:${userDb}`,
      identifier: epoch ? `gateway-${userDb}-${epoch}` : undefined,
    },
  ) as unknown as RxCouchDBReplicationState<MineDoc>;
  const untrack = trackPushes(db, replication);
  const unkeep = keepLostEdits(db);
  return {
    replication,
    awaitInSync: () => replication.awaitInSync(),
    awaitInitialReplication: () => replication.awaitInitialReplication(),
    async stop() {
      untrack();
      unkeep();
      await replication.cancel();
    },
  };
}
