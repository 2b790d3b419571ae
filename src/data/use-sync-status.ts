import { useSyncExternalStore } from 'react';
import { getSyncSnapshot, subscribeSync } from './sync-status';
import type { SyncSnapshot } from './sync-status';

/** A page rendered by the server shows "online" (it came from the server), then the real state. */
const SERVER_SNAPSHOT: SyncSnapshot = { state: 'online', waiting: 0 };
const serverSnapshot = () => SERVER_SNAPSHOT;

export function useSyncStatus(): SyncSnapshot {
  return useSyncExternalStore(subscribeSync, getSyncSnapshot, serverSnapshot);
}
