/**
 * A payout run killed while it mails a provider: the service (as `npm start` runs it) and its
 * embedded store are killed with SIGKILL while the SMTP server holds the second payout mail received
 * whole but unanswered (so the payout is paid and its mail marked `sending`), then started again on
 * the same data. The resumed run pays the others and mails the held one again with the same
 * Message-ID: every provider ends paid once and has exactly one payout mail accepted.
 * (payouts-crash.integration.test.ts kills a run during a transfer instead.)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PayoutRunSummary, PayoutView } from '../../src/domain/payouts';
import type { SimulatedTransferDoc } from '../../server/adapters/payments/simulated-transfers';
import { migrate } from '../../server/store/migrate';
import { earn } from '../support/payouts';
import { killService, startService } from '../support/service-process';
import type { RunningService } from '../support/service-process';
import { browserCall, mintUser } from '../support/sessions';
import { startSmtpReceiver } from '../support/smtp-receiver';
import type { SmtpReceiver } from '../support/smtp-receiver';
import { startTestStore } from '../support/test-server';

const PROVIDERS = 5;
/** The payout mail held in DATA when the service is killed. */
const HELD = 2;
const running: RunningService[] = [];
let dataDir: string;
let smtp: SmtpReceiver | undefined;
let holding = true;

afterAll(async () => {
  for (const service of running) service.child.kill('SIGKILL');
  await smtp?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const start = async () => {
  const service = await startService({
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    PAYOUT_DAILY_AT: 'off',
    SIMULATED_TRANSFER_DELAY_MS: '100',
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    SMTP_URL: smtp!.url,
    MAIL_FROM: 'SOS Expat <no-reply@sos-expat.test>',
  });
  running.push(service);
  return service;
};

/** Polls `read` until it answers; a timeout says what the service printed meanwhile. */
async function until<T>(
  read: () => Promise<T | undefined>,
  service: RunningService,
  what: string,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() - started > 60_000) {
      throw new Error(
        `Timed out waiting for ${what}; the service printed:\n${service.output().slice(-4000)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a payout run killed during a payout mail’s SMTP transaction', () => {
  it('mails every provider paid exactly once after a restart', async () => {
    smtp = await startSmtpReceiver({ holdData: (count) => holding && count === HELD });
    dataDir = await mkdtemp(path.join(tmpdir(), 'sos-expat-payout-mails-crash-'));
    const setup = await startTestStore(dataDir);
    await migrate(setup.store);
    const admin = await mintUser(setup.store, 'mails-crash-admin', 'admin');
    const emails = new Map<string, string>();
    for (let i = 0; i < PROVIDERS; i++) {
      const provider = await mintUser(setup.store, `mails-crash-provider-${i}`, 'lawyer');
      await earn(setup.store, provider.uid);
      emails.set(provider.email, provider.uid);
    }
    await setup.store.close();

    const first = await start();
    const call = (service: RunningService, method: string, url: string) =>
      browserCall(service.url, method, url, admin.cookie, method === 'POST' ? {} : undefined);
    const runAnswer = call(first, 'POST', '/api/admin/payouts/run').catch(() => undefined);
    await until(async () => (smtp!.held.length === 1 ? true : undefined), first, 'the held payout mail');
    const held = smtp!.held[0]!;
    expect(smtp!.mails).toHaveLength(HELD - 1);
    await killService(first);
    await runAnswer;
    holding = false;

    const second = await start();
    await until(
      async () => {
        const runs = (await call(second, 'GET', '/api/admin/payouts/runs')).json as {
          items: PayoutRunSummary[];
          running: boolean;
        };
        return !runs.running && runs.items[0]?.state === 'finished' ? true : undefined;
      },
      second,
      'the resumed run to finish',
    );
    const paid = (await call(second, 'GET', '/api/admin/payouts?state=paid&limit=100')).json as {
      items: PayoutView[];
    };
    expect(paid.items.map((payout) => payout.providerId).sort()).toEqual([...emails.values()].sort());

    // Exactly one accepted payout mail per provider; the held one again, with the same Message-ID.
    const payoutMails = smtp!.mails.filter((mail) => mail.headers.get('x-sos-expat-mail') === 'payout_sent');
    expect(payoutMails.map((mail) => mail.to[0]).sort()).toEqual([...emails.keys()].sort());
    const resent = payoutMails.filter((mail) => mail.to[0] === held.to[0]);
    expect(resent.map((mail) => mail.headers.get('message-id'))).toEqual([held.headers.get('message-id')]);
    for (const mail of payoutMails) expect(mail.subject).toMatch(/^Versement de .+ effectué – SOS Expat$/);

    // A new run the same day pays and mails nothing more.
    const again = (await call(second, 'POST', '/api/admin/payouts/run')).json as { run: PayoutRunSummary };
    expect(again.run.payouts).toEqual([]);
    expect(smtp!.mails.filter((mail) => mail.headers.get('x-sos-expat-mail') === 'payout_sent')).toHaveLength(
      PROVIDERS,
    );
    second.child.kill('SIGTERM');
    await second.exited;

    const { store } = await startTestStore(dataDir);
    try {
      const { rows } = await store
        .db<SimulatedTransferDoc>('orders')
        .list({ startkey: 'sim-transfer:', endkey: 'sim-transfer:\ufff0', include_docs: true });
      const transfers = rows.map((row) => row.doc!.providerId).sort();
      expect(transfers).toEqual([...emails.values()].sort());
    } finally {
      await store.close();
    }
  }, 180_000);
});
