/**
 * The payout runner's one-run-at-a-time rule at start: the service looks for a run a crash left
 * unfinished as it starts, while it already serves the console. A run an admin asks for meanwhile
 * starts once that look is over; a second run asked for while one is under way is refused.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedGateway } from '../../server/adapters/payments/simulated';
import { readConfig } from '../../server/config/env';
import { payoutRunner, PayoutRunBusy } from '../../server/services/payouts/run';
import { migrate } from '../../server/store/migrate';
import type { Store } from '../../server/store/store';
import { balancesFromDocuments, earn } from '../support/payouts';
import { mintUser } from '../support/sessions';
import { startTestStore } from '../support/test-server';

let store: Store;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sos-expat-payout-runner-'));
  ({ store } = await startTestStore(dataDir));
  await migrate(store);
});

afterAll(async () => {
  await store?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the payout runner at start', () => {
  it('starts a run asked for during the start-up look once it is over, and refuses a second at once', async () => {
    const provider = await mintUser(store, 'runner-provider', 'lawyer');
    await earn(store, provider.uid);
    const { config } = readConfig({ DATA_DIR: dataDir });
    const runner = payoutRunner(store, createSimulatedGateway(store, { transferDelayMs: 200 }), config);

    const resumed = runner.resume();
    const asked = runner.run({ trigger: 'manual', actor: 'admin-runner' });
    // The start-up look found nothing to resume; the run asked for meanwhile went ahead.
    expect(await resumed).toBeUndefined();
    const second = runner.run({ trigger: 'manual', actor: 'admin-runner' });
    await expect(second).rejects.toBeInstanceOf(PayoutRunBusy);
    const run = await asked;
    expect(run.state).toBe('finished');
    expect(run.payouts.map((payout) => [payout.providerId, payout.state])).toEqual([[provider.uid, 'paid']]);
    expect((await balancesFromDocuments(store)).get(`${provider.uid}:EUR`)).toBe(0);
  });
});
