/**
 * A payout run killed half-way: the service (as `npm start` runs it) and its embedded store are
 * killed with SIGKILL while the run is transferring (each simulated transfer is made slow), then
 * started again on the same data. The run is resumed at start, and every provider and affiliate
 * (paid by the same run) ends paid exactly once: one transfer on the gateway's side, one `payout`
 * entry in the ledger, a zero balance.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PayoutRunSummary, PayoutView } from '../../src/domain/payouts';
import type { SimulatedTransferDoc } from '../../server/adapters/payments/simulated-transfers';
import { migrate } from '../../server/store/migrate';
import { balancesFromDocuments, earn, earnAsAffiliate, ledgerEntries } from '../support/payouts';
import { killService, startService } from '../support/service-process';
import type { RunningService } from '../support/service-process';
import { browserCall, mintUser } from '../support/sessions';
import { startTestStore } from '../support/test-server';
import { expectLedgerBalanced } from '../support/ledger-balance';

const PROVIDERS = 8;
const AFFILIATES = 3;
const running: RunningService[] = [];
let dataDir: string;

afterAll(async () => {
  for (const service of running) service.child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const start = async (delayMs: number) => {
  const service = await startService({
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    PAYOUT_DAILY_AT: 'off',
    SIMULATED_TRANSFER_DELAY_MS: String(delayMs),
    API_RATE_LIMIT_PER_MINUTE: '1000000',
  });
  running.push(service);
  return service;
};

/** Polls `read` until it answers; a timeout says what the service printed meanwhile. */
async function until<T>(
  read: () => Promise<T | undefined>,
  service: RunningService,
  what: () => string,
  timeoutMs = 60_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) {
      throw new Error(
        `Timed out waiting for ${what()}; the service printed:\n${service.output().slice(-4000)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a payout run killed half-way', () => {
  it('pays every provider and affiliate exactly once after a restart', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sos-expat-payouts-crash-'));
    const setup = await startTestStore(dataDir);
    await migrate(setup.store);
    const admin = await mintUser(setup.store, 'crash-admin', 'admin');
    const providers: string[] = [];
    for (let i = 0; i < PROVIDERS; i++) {
      const provider = await mintUser(setup.store, `crash-provider-${i}`, 'lawyer');
      await earn(setup.store, provider.uid);
      providers.push(provider.uid);
    }
    // Affiliates are payees of the same run (payee ids `affiliate:<code>`), interleaved in key order.
    for (let i = 0; i < AFFILIATES; i++)
      providers.push(await earnAsAffiliate(setup.store, `CRASH-PARTNER-${i}`, providers[i]));
    await setup.store.close();

    // Each transfer takes 600 ms: the kill lands after two payouts, well before the eighth.
    const first = await start(600);
    const call = (service: RunningService, method: string, url: string) =>
      browserCall(service.url, method, url, admin.cookie, method === 'POST' ? {} : undefined);
    let runAnswered = 'no answer yet';
    const runAnswer = call(first, 'POST', '/api/admin/payouts/run').then(
      (answer) => void (runAnswered = `${answer.status} ${JSON.stringify(answer.json)}`),
      () => undefined,
    );
    const paidBeforeKill = await until(
      async () => {
        const page = await call(first, 'GET', '/api/admin/payouts?state=paid&limit=100');
        const items = (page.json as { items: PayoutView[] }).items;
        return items.length >= 2 ? items.length : undefined;
      },
      first,
      () => `two paid payouts (the run: ${runAnswered})`,
    );
    await killService(first);
    await runAnswer;
    expect(paidBeforeKill).toBeLessThan(PROVIDERS + AFFILIATES);

    // Started again: the unfinished run is resumed at start and finishes every payout.
    const second = await start(0);
    const resumed = await until(
      async () => {
        const runs = (await call(second, 'GET', '/api/admin/payouts/runs')).json as {
          items: PayoutRunSummary[];
          running: boolean;
        };
        return !runs.running && runs.items[0]?.state === 'finished' ? runs.items[0] : undefined;
      },
      second,
      () => 'the resumed run to finish',
    );
    expect(second.output()).toContain(`[payouts] resumed the payout run ${resumed.runId}`);
    // Its summary lists every payout it made, before the kill and after.
    expect(resumed.payouts.map((payout) => [payout.providerId, payout.state]).sort()).toEqual(
      providers.map((uid) => [uid, 'paid']).sort(),
    );
    const paid = (await call(second, 'GET', '/api/admin/payouts?state=paid&limit=100')).json as {
      items: PayoutView[];
    };
    expect(paid.items.map((payout) => payout.providerId).sort()).toEqual([...providers].sort());
    // A new run the same day pays nothing more.
    const again = (await call(second, 'POST', '/api/admin/payouts/run')).json as { run: PayoutRunSummary };
    expect(again.run.payouts).toEqual([]);
    second.child.kill('SIGTERM');
    await second.exited;

    const { store } = await startTestStore(dataDir);
    try {
      const { rows } = await store
        .db<SimulatedTransferDoc>('orders')
        .list({ startkey: 'sim-transfer:', endkey: 'sim-transfer:\ufff0', include_docs: true });
      const transfers = rows.map((row) => row.doc!);
      const payoutEntries = (await ledgerEntries(store)).filter((entry) => entry.kind === 'payout');
      // What each payee had earned, read now rather than right after it was written: on a cluster a
      // list read at once may miss the latest entries for a few milliseconds (support/settled.ts).
      const expected = await balancesFromDocuments(store, { beforePayouts: true });
      for (const provider of providers) {
        const theirs = transfers.filter((transfer) => transfer.providerId === provider);
        expect(
          theirs.map((transfer) => transfer.amount),
          provider,
        ).toEqual([expected.get(`${provider}:EUR`)]);
        expect(
          payoutEntries.filter((entry) => entry.providerId === provider),
          provider,
        ).toHaveLength(1);
      }
      // The ledger balances: every share paid out, nothing more.
      for (const [key, balance] of await balancesFromDocuments(store)) expect(balance, key).toBe(0);
      await expectLedgerBalanced(store);
    } finally {
      await store.close();
    }
  }, 180_000);
});
