/**
 * A user who loses access (an admin bans or deletes them) must not keep pulling their own database
 * through a long poll the gateway already holds: every other request re-reads the session and is
 * refused, but a held long poll would only notice at its timeout (up to a minute). The service
 * announces the revocation here, and the gateway's live feeds (http/live-changes.ts, wired in
 * app.ts) end that user's held polls at once; the browser's next request is then refused.
 *
 * In this process only: a service run as several processes would need the announcement carried
 * between them (each process still refuses the user's next request, since sessions are read from
 * the store on every request).
 */
import type { Store } from '../store/store';

export type RevocationListener = (uid: string) => void;

const listeners = new WeakMap<Store, Set<RevocationListener>>();

/** Calls `listener` with the uid of each user whose access is revoked; answers the unsubscription. */
export function onLiveFeedsRevoked(store: Store, listener: RevocationListener): () => void {
  let set = listeners.get(store);
  if (!set) listeners.set(store, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Ends the live feeds this process holds for `uid`. */
export function revokeLiveFeeds(store: Store, uid: string): void {
  for (const listener of [...(listeners.get(store) ?? [])]) listener(uid);
}
