/**
 * What the header's sync indicator shows, kept outside React so that the replication and the
 * outbox can report to it from anywhere: whether the gateway is reachable, how many replications
 * are moving data, and how many local changes still wait to reach the server.
 */
export type SyncState = 'online' | 'syncing' | 'offline';
export type SyncSnapshot = { state: SyncState; waiting: number };

type Inputs = {
  browserOnline: boolean;
  reachable: boolean;
  active: Set<string>;
  waiting: Map<string, number>;
};

const inputs: Inputs = {
  browserOnline: typeof navigator === 'undefined' ? true : navigator.onLine,
  reachable: true,
  active: new Set(),
  waiting: new Map(),
};
const listeners = new Set<() => void>();
const reconnectListeners = new Set<() => void>();
let snapshot: SyncSnapshot = compute();

function compute(): SyncSnapshot {
  const waiting = [...inputs.waiting.values()].reduce((sum, n) => sum + n, 0);
  if (!inputs.browserOnline || !inputs.reachable) return { state: 'offline', waiting };
  return { state: inputs.active.size > 0 ? 'syncing' : 'online', waiting };
}

function publish() {
  const next = compute();
  if (next.state === snapshot.state && next.waiting === snapshot.waiting) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

export function getSyncSnapshot(): SyncSnapshot {
  return snapshot;
}

export function subscribeSync(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A request to the server went through (true) or could not reach it (false). */
export function reportNetwork(reachable: boolean) {
  const back = reachable && !inputs.reachable;
  inputs.reachable = reachable;
  publish();
  if (back) reconnected();
}

/**
 * Calls `listener` each time the connection comes back: the browser's `online` event, or a request
 * that reached the server after one that could not. Whatever waits to try again (a replication's
 * backoff) listens, so that what was written offline goes as soon as the connection returns, not at
 * the end of a delay that grew while it was away: a phone on a weak network loses requests without
 * the browser ever saying it is offline, and says `online` again without a word to a wait already
 * begun.
 */
export function onReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

function reconnected() {
  for (const listener of [...reconnectListeners]) listener();
}

export function reportActive(key: string, active: boolean) {
  if (active) inputs.active.add(key);
  else inputs.active.delete(key);
  publish();
}

/** How many changes of one kind (outbox, own documents) wait to be sent. */
export function reportWaiting(key: string, count: number) {
  inputs.waiting.set(key, count);
  publish();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    inputs.browserOnline = true;
    inputs.reachable = true;
    publish();
    reconnected();
  });
  window.addEventListener('offline', () => {
    inputs.browserOnline = false;
    publish();
  });
}
