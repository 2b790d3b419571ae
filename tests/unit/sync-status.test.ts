import { describe, expect, it } from 'vitest';
import {
  getSyncSnapshot,
  onReconnect,
  reportActive,
  reportNetwork,
  reportWaiting,
  subscribeSync,
} from '../../src/data/sync-status';

describe('sync status', () => {
  it('goes from online to syncing to offline and counts the changes waiting', () => {
    const seen: string[] = [];
    const stop = subscribeSync(() => {
      const { state, waiting } = getSyncSnapshot();
      seen.push(`${state}:${waiting}`);
    });
    expect(getSyncSnapshot()).toEqual({ state: 'online', waiting: 0 });
    reportActive('live:providers', true);
    reportWaiting('outbox', 2);
    reportWaiting('mine', 1);
    reportActive('live:providers', false);
    reportNetwork(false);
    reportWaiting('outbox', 0);
    reportNetwork(true);
    reportWaiting('mine', 0);
    stop();
    expect(seen).toEqual([
      'syncing:0',
      'syncing:2',
      'syncing:3',
      'online:3',
      'offline:3',
      'offline:1',
      'online:1',
      'online:0',
    ]);
  });

  it('says the connection is back once a request gets through after one that could not', () => {
    let reconnections = 0;
    const stop = onReconnect(() => reconnections++);
    reportNetwork(true); // it was reachable: nothing came back
    expect(reconnections).toBe(0);
    reportNetwork(false);
    reportNetwork(false);
    expect(reconnections).toBe(0);
    reportNetwork(true);
    reportNetwork(true);
    expect(reconnections).toBe(1);
    stop();
    reportNetwork(false);
    reportNetwork(true);
    expect(reconnections).toBe(1);
  });
});
