import { useSyncExternalStore } from 'react';
import { getSyncSnapshot, subscribeSync } from './sync-status';
import type { SyncSnapshot } from './sync-status';

export function useSyncStatus(): SyncSnapshot {
  return useSyncExternalStore(subscribeSync, getSyncSnapshot, getSyncSnapshot);
}
