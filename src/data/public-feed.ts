/**
 * A public database's changes, pulled into its collection through the gateway (`providers`,
 * `content`, `config`: read-only for every browser). Its own reader rather than RxDB's replication,
 * which is made for two-way sync: for each document pulled it also reads and writes a document of
 * its own (the state it assumes the server has), twice the work in IndexedDB for a first visit's
 * 750 documents. Lighthouse (simulated 4× CPU, medians over the five public pages): total blocking
 * time 232-485 ms with RxDB's replication, 66-185 ms with this reader.
 *
 * The changes come from `_changes` (`include_docs`), from the sequence the last pull ended at (kept
 * in a local document, pullCheckpointMark), a batch at a time, the next asked for while one is
 * written: each batch with one `bulkUpsert` (and one `bulkRemove` for deletions), then the sequence.
 * A batch applied twice (the page closed between the two writes) changes nothing. A batch is written
 * only if it follows on from the sequence saved, one writer at a time across the app's tabs: else
 * another tab pulled meanwhile, maybe newer versions, and the pull goes on from where that one got
 * to. Feeds of different parts of one collection (`content` in two languages, in two tabs) share
 * documents (testimonials, reviews) but not their sequence: a batch is also written only if no other
 * feed wrote to the collection since it was asked for (the collection's write count, pullWritesMark),
 * else it is asked for again, so that an older version never replaces a newer one. Live, the feed
 * then waits for the next changes with a long poll. A failed request is tried again after a delay
 * that doubles up to a ceiling (or as soon as the connection is back: sync-status.ts `onReconnect`,
 * the delay then starting again from its base), and reported, so that a first visit that cannot pull
 * knows it.
 */
import type { RxCollection } from 'rxdb';
import { pullCheckpointMark, pullWritesMark } from './database';
import { gatewayFetch } from './gateway-fetch';
import { onReconnect, reportActive } from './sync-status';

export type FeedTarget = { origin: string; fetch?: typeof fetch };

export type FeedOptions = {
  /** After catching up, follow the changes with a long poll until cancelled. */
  live: boolean;
  /** The sync status's name for this feed's activity. */
  key: string;
  /** Documents per request: `first` for the first `firstRequests` requests, then `then`. */
  batch: { first: number; firstRequests: number; then: number };
  heartbeatMs: number;
  retry: { baseMs: number; maxMs: number };
  /** Told of each failed request. */
  onError?: (error: unknown) => void;
  /** Only a part of the database: see FeedPart. */
  part?: FeedPart;
};

/**
 * A part of a database, as the gateway filters it (`content` in one language): `params` ask for it,
 * `name` names its own checkpoint. Until that checkpoint exists, the pull starts from the whole
 * database's (`within`'s): a device that pulled everything up to there holds this part too.
 */
export type FeedPart = { name: string; params: Record<string, string>; within: string };

type ChangeRow = { id: string; deleted?: boolean; doc?: Record<string, unknown> };
type Seq = string | number;
type ChangesAnswer = { results?: ChangeRow[]; last_seq?: Seq };
/** A batch of changes asked for from `since`, when the collection had `writes` writes; it ends at `lastSeq`. */
type Page = { since: Seq; results: ChangeRow[]; lastSeq: Seq; limit: number; writes: number };

class Cancelled extends Error {}

export class PublicFeed {
  /** Resolves once the collection has caught up with the server (after as many retries as it takes). */
  readonly caughtUp: Promise<void>;
  private readonly abort = new AbortController();
  private cancelled = false;
  private requests = 0;
  private retryMs: number;
  /** Live: whether the last request succeeded (the long poll now waiting is current). */
  private current = false;
  private waiters: (() => void)[] = [];
  private readonly done: Promise<void>;
  /** The collection's write counts that this feed made (pullWritesMark). */
  private readonly ownWrites = new Set<number>();

  constructor(
    private readonly collection: RxCollection,
    private readonly dbName: string,
    private readonly target: FeedTarget,
    private readonly options: FeedOptions,
  ) {
    this.retryMs = options.retry.baseMs;
    let markCaughtUp: () => void = () => {};
    this.caughtUp = new Promise((resolve) => {
      markCaughtUp = resolve;
    });
    this.done = this.run(markCaughtUp)
      .catch((error: unknown) => {
        if (!(error instanceof Cancelled)) console.error(`The pull of ${dbName} stopped:`, error);
      })
      .finally(() => reportActive(options.key, false));
  }

  /** Live: resolves once the feed is current (at once while its long poll is waiting). */
  inSync(): Promise<void> {
    if (this.current || this.cancelled) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async cancel(): Promise<void> {
    this.cancelled = true;
    this.abort.abort();
    this.settleWaiters();
    await this.done.catch(() => undefined);
  }

  private async run(markCaughtUp: () => void): Promise<void> {
    let since = await this.attempt(() => this.storedSeq());
    // Catching up: the next batch is asked for while this one is written.
    reportActive(this.options.key, true);
    let next = this.page('normal', since);
    for (;;) {
      const page = await next;
      const more = page.results.length >= page.limit;
      if (more) next = this.page('normal', page.lastSeq);
      const saved = await this.attempt(() => this.save(page));
      if (saved !== true) {
        // Another tab pulled meanwhile: on from where it got to, dropping what was asked before it.
        since = saved;
        next = this.page('normal', since);
        continue;
      }
      since = page.lastSeq;
      if (!more) break;
    }
    reportActive(this.options.key, false);
    markCaughtUp();
    if (!this.options.live) return;
    // Only the leading tab of the app follows the changes: the others see its writes to the shared
    // IndexedDB, and a browser gives a site only a few connections, each long poll holding one.
    await this.leadership();
    for (;;) {
      const page = await this.attempt(() => this.changes('longpoll', since));
      if (page.results.length > 0) reportActive(this.options.key, true);
      const saved = await this.attempt(() => this.save(page));
      reportActive(this.options.key, false);
      since = saved === true ? page.lastSeq : saved;
    }
  }

  /** Resolves once this tab leads the app's tabs (at once for a database of this tab alone). */
  private leadership(): Promise<void> {
    const database = this.collection.database;
    if (!database.multiInstance) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const cancelled = () => reject(new Cancelled());
      this.abort.signal.addEventListener('abort', cancelled, { once: true });
      void database.waitForLeadership().then(() => {
        this.abort.signal.removeEventListener('abort', cancelled);
        resolve();
      }, reject);
    });
  }

  /** A batch of changes, asked for now and awaited later (its rejection, if cancelled, is not left unhandled). */
  private page(feed: 'normal', since: Seq): Promise<Page> {
    const asked = this.attempt(() => this.changes(feed, since));
    asked.catch(() => undefined);
    return asked;
  }

  private async storedSeq(): Promise<Seq> {
    const { database } = this.collection;
    const { part } = this.options;
    const mark =
      (await database.getLocal<{ seq: Seq }>(this.checkpoint)) ??
      (part ? await database.getLocal<{ seq: Seq }>(pullCheckpointMark(part.within)) : null);
    return mark?.get('seq') ?? 0;
  }

  private get checkpoint(): string {
    return pullCheckpointMark(this.options.part?.name ?? this.dbName);
  }

  /**
   * The collection's write count (pullWritesMark), kept only where several feeds write to one
   * collection (its parts): a whole database's only feed is followed by its sequence alone, with a
   * read and a write fewer for each batch.
   */
  private async writeCount(): Promise<number> {
    if (!this.options.part) return 0;
    const mark = await this.collection.database.getLocal<{ count: number }>(pullWritesMark(this.dbName));
    return mark?.get('count') ?? 0;
  }

  /** Runs `step` until it succeeds: after a failure, waits (doubling the delay) and reports it. */
  private async attempt<T>(step: () => Promise<T>): Promise<T> {
    for (;;) {
      if (this.cancelled) throw new Cancelled();
      try {
        const result = await step();
        this.retryMs = this.options.retry.baseMs;
        return result;
      } catch (error) {
        if (this.cancelled) throw new Cancelled();
        this.current = false;
        this.options.onError?.(error);
        const reconnected = await this.pause();
        this.retryMs = reconnected
          ? this.options.retry.baseMs
          : Math.min(this.retryMs * 2, this.options.retry.maxMs);
      }
    }
  }

  private async changes(feed: 'normal' | 'longpoll', since: Seq): Promise<Page> {
    const { batch, heartbeatMs } = this.options;
    const limit = this.requests < batch.firstRequests ? batch.first : batch.then;
    this.requests += 1;
    const writes = await this.writeCount();
    const query = new URLSearchParams({
      style: 'all_docs',
      feed,
      include_docs: 'true',
      since: String(since),
      limit: String(limit),
      ...(feed === 'longpoll' ? { heartbeat: String(heartbeatMs) } : {}),
      ...this.options.part?.params,
    });
    const url = `${this.target.origin}/db/${this.dbName}/_changes?${query}`;
    const response = await (this.target.fetch ?? gatewayFetch)(url, { signal: this.abort.signal });
    const answer = (await response.json()) as ChangesAnswer;
    if (!Array.isArray(answer.results) || answer.last_seq === undefined) {
      throw new Error(`The changes of ${this.dbName} could not be read.`);
    }
    return { since, results: answer.results, lastSeq: answer.last_seq, limit, writes };
  }

  /**
   * Writes a batch, then the sequence it ends at, if it follows on from the sequence saved: true.
   * Else another tab (or feed) pulled meanwhile, and what it wrote may be newer than this batch:
   * nothing is written, and the sequence to go on from is answered (where the other got to, or this
   * batch's own start when another part's feed wrote). One writer at a time, across tabs.
   */
  private save(page: Page): Promise<true | Seq> {
    const { database } = this.collection;
    return oneAtATime(`${database.name}:${this.dbName}`, async () => {
      if (this.cancelled) throw new Cancelled();
      const stored = await this.storedSeq();
      if (String(stored) !== String(page.since)) return stored;
      const writes = await this.writeCount();
      for (let count = page.writes + 1; count <= writes; count++) {
        if (!this.ownWrites.has(count)) return page.since;
      }
      await this.apply(page.results);
      await database.upsertLocal(this.checkpoint, { seq: page.lastSeq });
      if (this.options.part) await database.upsertLocal(pullWritesMark(this.dbName), { count: writes + 1 });
      // The batches still to be saved were asked for after this one: no earlier count matters.
      for (const count of this.ownWrites) if (count <= page.writes) this.ownWrites.delete(count);
      this.ownWrites.add(writes + 1);
      this.current = true;
      this.settleWaiters();
      return true;
    });
  }

  private async apply(rows: ChangeRow[]): Promise<void> {
    const primary = this.collection.schema.primaryPath as string;
    const written: Record<string, unknown>[] = [];
    const removed: string[] = [];
    for (const row of rows) {
      if (row.deleted || !row.doc || row.doc._deleted) {
        removed.push(row.id);
        continue;
      }
      const fields: Record<string, unknown> = { ...row.doc };
      if (fields[primary] === undefined) {
        fields[primary] = fields._id;
        delete fields._id;
      }
      delete fields._rev;
      written.push(fields);
    }
    if (written.length > 0) {
      const { error } = await this.collection.bulkUpsert(written);
      if (error.length > 0)
        throw new Error(`${error.length} documents of ${this.dbName} could not be written.`);
    }
    if (removed.length > 0) await this.collection.bulkRemove(removed);
  }

  /** Waits `retryMs` (while offline, until back online); answers whether the connection came back. */
  private pause(): Promise<boolean> {
    return new Promise((resolve) => {
      const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
      const done = (reconnected: boolean) => {
        clearTimeout(timer);
        stopListening();
        this.abort.signal.removeEventListener('abort', aborted);
        resolve(reconnected);
      };
      const aborted = () => done(false);
      const timer = offline ? undefined : setTimeout(() => done(false), this.retryMs);
      const stopListening = onReconnect(() => done(true));
      this.abort.signal.addEventListener('abort', aborted);
    });
  }

  private settleWaiters() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}

const lines = new Map<string, Promise<unknown>>();

/** Runs `work` alone among the writers of `name`: across the app's tabs with Web Locks, else in this page. */
function oneAtATime<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks) return locks.request(`sos-expat:pull:${name}`, work) as Promise<T>;
  const ran = (lines.get(name) ?? Promise.resolve()).then(work, work);
  lines.set(
    name,
    ran.catch(() => undefined),
  );
  return ran;
}
