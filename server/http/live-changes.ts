/**
 * The gateway's live change feeds: `GET /db/<db>/_changes?feed=longpoll`, as RxDB and PouchDB hold
 * one per live collection. They are served here rather than passed to the store, because a store
 * long poll per browser does not scale: each held one socket of the pool that also serves reads
 * (64 long polls, about 32 browsers, and every other read hung), and the embedded store never ended
 * them at their timeout.
 *
 * How a long poll is served:
 * 1. the waiter registers for its database's updates (db-updates.ts: one store connection for
 *    every database), then reads the changes since its `since` with a plain (`feed=normal`) read;
 *    changes already there are answered at once;
 * 2. otherwise it waits, sending the heartbeats it asked for, until its database is written
 *    (then it reads again; a read still empty, which a cluster may give right after a write, is
 *    tried once more a moment later) or until its timeout (at most `maxWaitMs`, heartbeat or not),
 *    when it answers one last read, empty or not, as CouchDB answers a timed-out long poll.
 * Reads are plain, short store requests. Waiters of one database that ask the same question (the
 * same `since` and parameters: a thousand browsers up to date on the directory) share one read,
 * unless the database was written since that read started.
 */
import type { Response } from 'express';
import { storeRead } from '../store/passthrough';
import type { StoreAnswer } from '../store/passthrough';
import { filteredAnswer } from './changes-filter';
import type { ChangesFilter } from './changes-filter';
import type { DbUpdates } from '../store/db-updates';
import type { Store } from '../store/store';

export type LiveChangesOptions = {
  /** The longest a long poll is held, whatever its `timeout` and `heartbeat` (CouchDB's default: 60 s). */
  maxWaitMs?: number;
  /** After a write, an empty read is tried once more this much later (a cluster's `_changes` may lag). */
  recheckMs?: number;
  /** Most changes in one answer (a client asking for more, or for no limit, gets this many). */
  maxLimit?: number;
  /** Most long polls held at once by this process; more are answered 503 with a delay. */
  maxWaiters?: number;
  /**
   * Most long polls one holder may keep at once (a signed-in user on their own database: a few
   * devices and tabs; an address on the public ones: generous, since a hotel's or a carrier's
   * shared address carries many travellers). More are answered 429.
   */
  maxPerUser?: number;
  maxPerAddress?: number;
};

/** Who holds a long poll, for the per-holder caps: a signed-in user (their own database) or an address. */
export type FeedHolder = { kind: 'user' | 'address'; id: string };

type ReadResult = {
  status: number;
  contentType: string | undefined;
  body: Buffer;
  /** Whether the answer is a changes list with no change in it. */
  empty: boolean;
  /** `last_seq` as the store gave it, for the next read of the same waiter. */
  lastSeq: string | undefined;
};

type Watched = { generation: number; waiters: number; wakers: Set<() => void>; unsubscribe: () => void };

const MIN_HEARTBEAT_MS = 1_000;

export type LiveChanges = {
  /** `filter`: the rows to answer (changes-filter.ts); a read of none of them waits on, as an empty one. */
  serve(
    res: Response,
    db: string,
    query: URLSearchParams,
    holder: FeedHolder,
    filter?: ChangesFilter,
  ): Promise<void>;
  /** Long polls held now. */
  held(): number;
  /**
   * Ends every long poll `holder` holds now (a user banned or deleted): each answers 401, or is cut
   * short when heartbeats went out already. Answers how many were ended.
   */
  end(holder: FeedHolder): number;
};

export function createLiveChanges(store: Store, updates: DbUpdates, options: LiveChangesOptions = {}) {
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  const recheckMs = options.recheckMs ?? 1_000;
  const maxLimit = options.maxLimit ?? 1_000;
  const maxWaiters = options.maxWaiters ?? 20_000;
  const maxPer = { user: options.maxPerUser ?? 20, address: options.maxPerAddress ?? 1_000 };
  const perHolder = new Map<string, number>();
  /** How to end each held long poll, by holder. */
  const enders = new Map<string, Set<() => void>>();

  const watched = new Map<string, Watched>();
  const inFlight = new Map<string, { generation: number; result: Promise<ReadResult> }>();
  let held = 0;

  function watch(db: string): Watched {
    let entry = watched.get(db);
    if (!entry) {
      const fresh: Watched = { generation: 0, waiters: 0, wakers: new Set(), unsubscribe: () => {} };
      fresh.unsubscribe = updates.subscribe(db, () => {
        fresh.generation++;
        for (const wake of [...fresh.wakers]) wake();
      });
      watched.set(db, (entry = fresh));
    }
    entry.waiters++;
    return entry;
  }

  function unwatch(db: string, entry: Watched) {
    if (--entry.waiters > 0) return;
    entry.unsubscribe();
    if (watched.get(db) === entry) watched.delete(db);
  }

  /** A plain changes read, shared with the other waiters asking the same since the last write. */
  function read(db: string, entry: Watched, query: string, filter?: ChangesFilter): Promise<ReadResult> {
    const key = `${db}?${query}#${filter?.key ?? ''}`;
    const current = inFlight.get(key);
    if (current && current.generation === entry.generation) return current.result;
    const result = storeRead(store, `/${encodeURIComponent(db)}/_changes?${query}`).then(
      (answer: StoreAnswer) => summarise(filter ? filteredAnswer(answer, filter) : answer),
    );
    const flight = { generation: entry.generation, result };
    inFlight.set(key, flight);
    const forget = () => {
      if (inFlight.get(key) === flight) inFlight.delete(key);
    };
    result.then(forget, forget);
    return result;
  }

  async function serve(
    res: Response,
    db: string,
    query: URLSearchParams,
    holder: FeedHolder,
    filter?: ChangesFilter,
  ): Promise<void> {
    if (held >= maxWaiters) {
      res.setHeader('Retry-After', '5');
      return void res.status(503).json({ error: 'too_busy', reason: 'Too many live feeds; try again.' });
    }
    const holderKey = `${holder.kind}:${holder.id}`;
    const holding = perHolder.get(holderKey) ?? 0;
    if (holding >= maxPer[holder.kind]) {
      res.setHeader('Retry-After', '30');
      return void res
        .status(429)
        .json({ error: 'too_many_feeds', reason: 'Too many live feeds held at once.' });
    }
    perHolder.set(holderKey, holding + 1);
    const params = new URLSearchParams(query);
    const asked = Number(params.get('timeout'));
    const timeoutMs = Number.isFinite(asked) && asked > 0 ? Math.min(asked, maxWaitMs) : maxWaitMs;
    const heartbeat = Number(params.get('heartbeat'));
    const heartbeatMs =
      Number.isFinite(heartbeat) && heartbeat > 0 ? Math.max(MIN_HEARTBEAT_MS, heartbeat) : undefined;
    for (const name of ['feed', 'timeout', 'heartbeat', 'descending']) params.delete(name);
    const limit = Number(params.get('limit'));
    if (!(Number.isInteger(limit) && limit > 0 && limit <= maxLimit)) params.set('limit', String(maxLimit));
    params.set('feed', 'normal');
    const deadline = Date.now() + timeoutMs;

    held++;
    const entry = watch(db);
    let closed = false;
    let written = false;
    let signal: (() => void) | undefined;
    let revoked = false;
    const revoke = () => {
      revoked = true;
      signal?.();
    };
    const ending = enders.get(holderKey) ?? new Set<() => void>();
    enders.set(holderKey, ending.add(revoke));
    const wake = () => {
      written = true;
      signal?.();
    };
    entry.wakers.add(wake);
    let heartbeatTimer: NodeJS.Timeout | undefined;
    const cleanup = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeatTimer);
      ending.delete(revoke);
      if (ending.size === 0 && enders.get(holderKey) === ending) enders.delete(holderKey);
      entry.wakers.delete(wake);
      unwatch(db, entry);
      held--;
      const left = (perHolder.get(holderKey) ?? 1) - 1;
      if (left > 0) perHolder.set(holderKey, left);
      else perHolder.delete(holderKey);
      signal?.();
    };
    res.on('close', cleanup);
    if (heartbeatMs) {
      heartbeatTimer = setInterval(() => {
        if (!res.headersSent) res.status(200).type('application/json');
        res.write('\n');
      }, heartbeatMs);
    }

    try {
      let recheckAt: number | undefined;
      for (;;) {
        const afterWrite = written;
        written = false;
        const result = await read(db, entry, params.toString(), filter);
        if (closed) return;
        if (revoked) return refuseRevoked(res);
        if (result.status !== 200 || !result.empty || Date.now() >= deadline) return answer(res, result);
        // Waiting on from where the read ended: `now`, or changes all filtered out.
        if ((params.get('since') === 'now' || filter) && result.lastSeq !== undefined)
          params.set('since', result.lastSeq);
        if (afterWrite) recheckAt = Date.now() + recheckMs;
        else if (recheckAt !== undefined && Date.now() >= recheckAt) recheckAt = undefined;
        if (!written && !revoked) await until(Math.min(deadline, recheckAt ?? deadline));
        if (closed) return;
        if (revoked) return refuseRevoked(res);
      }
    } catch {
      // The store failed to answer: a browser that got heartbeats already cannot be told by a status.
      if (closed) return;
      if (res.headersSent) return void res.destroy();
      res.status(502).json({ error: 'store_unavailable', reason: 'The store is not reachable.' });
    } finally {
      cleanup();
    }

    function until(at: number): Promise<void> {
      return new Promise((resolve) => {
        const timer = setTimeout(done, Math.max(0, at - Date.now()));
        function done() {
          clearTimeout(timer);
          signal = undefined;
          resolve();
        }
        signal = done;
      });
    }
  }

  function end(holder: FeedHolder): number {
    const ending = [...(enders.get(`${holder.kind}:${holder.id}`) ?? [])];
    for (const revoke of ending) revoke();
    return ending.length;
  }

  return { serve, held: () => held, end } satisfies LiveChanges;
}

function summarise(answer: { status: number; contentType: string | undefined; body: Buffer }): ReadResult {
  let empty = false;
  let lastSeq: string | undefined;
  if (answer.status === 200) {
    try {
      const parsed = JSON.parse(answer.body.toString('utf8')) as { results?: unknown; last_seq?: unknown };
      empty = Array.isArray(parsed.results) && parsed.results.length === 0;
      if (typeof parsed.last_seq === 'string' || typeof parsed.last_seq === 'number') {
        lastSeq = String(parsed.last_seq);
      }
    } catch {
      // Not a changes list: answered as it is.
    }
  }
  return { ...answer, empty, lastSeq };
}

/** A long poll whose holder lost access: refused like their next request will be. */
function refuseRevoked(res: Response) {
  if (res.headersSent) return void res.destroy();
  res.status(401).json({ error: 'unauthorized', reason: 'Sign in to reach your own data.' });
}

function answer(res: Response, result: ReadResult) {
  if (res.headersSent) {
    // Heartbeats went out with a 200: a failure can only be told by cutting the answer short.
    if (result.status !== 200) return void res.destroy();
    return void res.end(result.body);
  }
  res.status(result.status);
  if (result.contentType) res.setHeader('Content-Type', result.contentType);
  res.end(result.body);
}
