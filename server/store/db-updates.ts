/**
 * Which databases of the store were just written, from one connection: the store's
 * `_db_updates?feed=continuous` (CouchDB's own; the embedded store's child implements it the same
 * way). The gateway's live change feeds wait on this instead of holding one long poll each on the
 * store, so a thousand browsers waiting for changes cost the store one connection.
 *
 * Invariants:
 * - A listener of a database is called after every write to it that the feed reports (several
 *   writes may be reported once: CouchDB batches them).
 * - Whenever the feed (re)connects, every listener is called: what was written while no feed was
 *   open must be read again by whoever waits, since nothing will report it.
 * - The feed is open only while someone listens, and a while after (so that a page of listeners
 *   coming and going does not open and close it each time). Its socket never keeps the process alive.
 */
import http from 'node:http';
import https from 'node:https';
import type { ClientRequest } from 'node:http';
import type { Store } from './store';

export type DbUpdateListener = () => void;

export type DbUpdates = {
  /** Calls `listener` after each write to `db` (and at each reconnection); answers the unsubscription. */
  subscribe(db: string, listener: DbUpdateListener): () => void;
  /** Databases that have at least one listener, and listeners in all. */
  size(): { databases: number; listeners: number };
  /**
   * Whether the feed is open now, so that every write from now on is reported (until it closes:
   * a copy kept current by the feed must be read again meanwhile, see followed-docs.ts).
   */
  connected(): boolean;
  /** Closes the feed now and forgets every listener. */
  close(): void;
};

export type DbUpdatesOptions = {
  /** How long the feed stays open once nobody listens. */
  lingerMs?: number;
  /** Heartbeat asked of the store, so that a dead connection is noticed. */
  heartbeatMs?: number;
  /** First and longest pause before reconnecting after a failure. */
  retryMinMs?: number;
  retryMaxMs?: number;
};

const feeds = new WeakMap<Store, DbUpdates>();

/** The one feed of a store, shared by every user of it in this process. */
export function dbUpdatesOf(store: Store, options: DbUpdatesOptions = {}): DbUpdates {
  let feed = feeds.get(store);
  if (!feed) {
    feed = createDbUpdates(store, options);
    feeds.set(store, feed);
  }
  return feed;
}

export function createDbUpdates(store: Store, options: DbUpdatesOptions = {}): DbUpdates {
  const lingerMs = options.lingerMs ?? 60_000;
  const heartbeatMs = options.heartbeatMs ?? 20_000;
  const retryMinMs = options.retryMinMs ?? 250;
  const retryMaxMs = options.retryMaxMs ?? 5_000;

  const listeners = new Map<string, Set<DbUpdateListener>>();
  let count = 0;
  let request: ClientRequest | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let lingerTimer: NodeJS.Timeout | undefined;
  let retryMs = retryMinMs;
  let closed = false;
  /** The request whose answer is open and reporting (undefined while connecting or retrying). */
  let open: ClientRequest | undefined;

  const notify = (db: string) => {
    for (const listener of [...(listeners.get(db) ?? [])]) listener();
  };
  const notifyAll = () => {
    for (const db of [...listeners.keys()]) notify(db);
  };

  function connect() {
    if (closed || request || retryTimer) return;
    const target = new URL(store.origin);
    const client = target.protocol === 'https:' ? https : http;
    const path =
      target.pathname.replace(/\/$/, '') + `/_db_updates?feed=continuous&since=now&heartbeat=${heartbeatMs}`;
    const current = client.request({
      protocol: target.protocol,
      hostname: target.hostname,
      port: target.port,
      path,
      method: 'GET',
      // A connection of its own: never one of the sockets that serve reads.
      agent: false,
      headers: { authorization: store.authorization, accept: 'application/json' },
    });
    request = current;
    current.on('socket', (socket) => socket.unref());
    current.on('response', (answer) => {
      if (answer.statusCode !== 200) {
        answer.resume();
        return void fail(current);
      }
      retryMs = retryMinMs;
      open = current;
      answer.setEncoding('utf8');
      let pending = '';
      answer.on('data', (chunk: string) => {
        pending += chunk;
        let end: number;
        while ((end = pending.indexOf('\n')) >= 0) {
          const line = pending.slice(0, end).trim();
          pending = pending.slice(end + 1);
          if (line) onLine(line);
        }
      });
      // However it ends (the store closed it, stopped, or the connection broke), it is opened again.
      answer.on('close', () => fail(current));
      answer.on('error', () => fail(current));
      // From now on every write is reported; what came before must be read again by the waiting.
      notifyAll();
    });
    current.on('error', () => fail(current));
    current.end();
  }

  function onLine(line: string) {
    let update: { db_name?: unknown };
    try {
      update = JSON.parse(line) as { db_name?: unknown };
    } catch {
      return;
    }
    if (typeof update.db_name === 'string') notify(update.db_name);
  }

  function fail(failed: ClientRequest) {
    if (open === failed) open = undefined;
    if (request !== failed) return;
    failed.destroy();
    request = undefined;
    if (closed || count === 0) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, retryMaxMs);
  }

  function disconnect() {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    const current = request;
    request = undefined;
    open = undefined;
    current?.destroy();
  }

  return {
    subscribe(db, listener) {
      if (closed) return () => {};
      let set = listeners.get(db);
      if (!set) listeners.set(db, (set = new Set()));
      set.add(listener);
      count++;
      clearTimeout(lingerTimer);
      lingerTimer = undefined;
      connect();
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        set.delete(listener);
        if (set.size === 0) listeners.delete(db);
        count--;
        if (count === 0 && !closed) {
          lingerTimer = setTimeout(disconnect, lingerMs);
          lingerTimer.unref();
        }
      };
    },
    size() {
      return { databases: listeners.size, listeners: count };
    },
    connected() {
      return open !== undefined && open === request;
    },
    close() {
      closed = true;
      clearTimeout(lingerTimer);
      listeners.clear();
      count = 0;
      disconnect();
    },
  };
}
