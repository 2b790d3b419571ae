/**
 * `npm start` ends here: reads the configuration (stopping on any problem, all listed), opens the
 * store (COUCHDB_URL, or the embedded one under DATA_DIR), migrates and seeds it, then serves the
 * API, the replication gateway and the PWA until SIGINT or SIGTERM.
 */
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp, createAppServices } from './app';
import { readConfig } from './config/env';
import { setPasswordHashCost } from './services/passwords';
import { installConsoleRedaction, logError, registerConfigSecrets } from './log';
import { seedDemoData } from './seed/seed';
import { invoicingWarnings, readInvoicingSettings } from './services/invoicing-settings';
import { resumeReviews } from './services/reviews';
import { startServiceStatusRecorder } from './services/service-status';
import { startDailyBackups } from './services/backup/daily';
import { startDailyPayouts } from './services/payouts/daily';
import { startMonthlyB2bBilling } from './services/b2b/daily';
import { backfillConversations } from './services/comms/conversations';
import { broadcastSender } from './services/comms/sender';
import { campaignSender } from './services/comms/campaign-sender';
import { automationRunner } from './services/comms/automation-runner';
import { payoutRunner } from './services/payouts/run';
import { startEmbeddedStore } from './store/embedded';
import { migrate } from './store/migrate';
import { warmViews } from './store/warm-views';
import { connectStore } from './store/store';

// DIST_DIR lets a second build (e.g. one engineer's e2e run) be served beside the default one.
const DIST_DIR = process.env.DIST_DIR
  ? path.resolve(process.env.DIST_DIR)
  : fileURLToPath(new URL('../dist/', import.meta.url));
const RESUME_RETRY_MS = 10_000;

// Before anything prints: whatever reaches the console, third-party output included, is redacted.
installConsoleRedaction();

async function main() {
  const { config, problems, notes, warnings } = readConfig();
  registerConfigSecrets(config);
  setPasswordHashCost(config.passwordHashCost);
  for (const note of notes) console.log(`[config] ${note}`);
  for (const warning of warnings) console.warn(`[config] WARNING: ${warning}`);
  if (problems.length > 0) {
    console.error('The service cannot start; fix these environment variables:');
    for (const problem of problems) console.error(`  - ${problem}`);
    process.exit(1);
  }

  const store = config.couchdbUrl
    ? connectStore(config.couchdbUrl, 'couchdb')
    : await startEmbeddedStore(config.dataDir);
  console.log(
    store.kind === 'couchdb'
      ? `[store] CouchDB at ${store.origin}`
      : `[store] embedded store (pid ${store.pid}), data in ${path.join(config.dataDir, 'store')}`,
  );
  const migration = await migrate(store);
  if (migration.created.length) console.log(`[store] created ${migration.created.join(', ')}`);
  // Once per store: conversations of messages written before the console's index existed.
  const indexed = await backfillConversations(store);
  if (indexed) console.log(`[comms] indexed ${indexed} earlier conversations`);
  if (config.seedDemoData) {
    const seeded = await seedDemoData(store, new Date());
    if (seeded.length) console.log(`[seed] added ${seeded.join(', ')}`);
  }
  // The seller's identity lives in the store (admins edit it), so it is checked once the store is open.
  const invoicing = await readInvoicingSettings(store);
  for (const warning of invoicingWarnings(invoicing, { realPayments: Boolean(config.stripe) })) {
    console.warn(`[config] WARNING: ${warning}`);
  }

  const services = createAppServices(config, store);
  const app = createApp({ config, store, distDir: DIST_DIR, services });
  const server: Server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    console.log(`[http] listening on http://localhost:${port}`);
  });

  // View indexes are built now rather than on an admin's first query.
  warmViews(store).then(
    (count) => console.log(`[store] ${count} view indexes ready`),
    (error: unknown) =>
      console.warn(`[store] view indexes not warmed: ${error instanceof Error ? error.message : 'error'}`),
  );
  const statusRecorder = startServiceStatusRecorder(store);
  // A backup cut short by a stop leaves only a temporary file, removed by the next backup.
  const dailyBackups = startDailyBackups(store, config);
  // Company accounts' previous month is billed once, by the system (services/b2b/daily.ts).
  const monthlyB2bBilling = startMonthlyB2bBilling(store);
  let dailyPayouts: ReturnType<typeof startDailyPayouts>;
  // A payout run a stop cut short is finished first: each payout is made once, whatever step it reached.
  payoutRunner(store, services.gateway, config)
    .resume()
    .then(
      (run) => run && console.log(`[payouts] resumed the payout run ${run.runId}`),
      (error: unknown) => logError('[payouts] could not resume the payout run; the next run will', error),
    )
    .finally(() => {
      if (!stopping) dailyPayouts = startDailyPayouts(store, config, services.gateway);
    });
  // Consultations under way when the service stopped go on: calls, captures, refunds, invoices; so
  // do review publications cut short. A store that does not answer yet is asked again: the service
  // keeps serving meanwhile.
  let resumeTimer: NodeJS.Timeout | undefined;
  const resume = () => {
    Promise.all([services.consultations.resume(), resumeReviews(store)]).then(
      ([resumed, reviews]) => {
        if (resumed) console.log(`[calls] resumed ${resumed} consultation(s) under way`);
        if (reviews) console.log(`[reviews] finished publishing ${reviews} review(s)`);
      },
      (error: unknown) => {
        logError('[calls] could not resume the consultations under way; trying again in 10 s', error);
        resumeTimer = setTimeout(resume, RESUME_RETRY_MS);
      },
    );
  };
  resume();
  // Notifications an admin sent that a stop cut short go on: each recipient gets theirs once.
  const broadcasts = broadcastSender(store, { batchPauseMs: config.comms.batchPauseMs });
  broadcasts.resume().then(
    (count) => count && console.log(`[comms] resumed ${count} notification broadcast(s)`),
    (error: unknown) =>
      logError('[comms] could not resume the broadcasts under way; the next start will', error),
  );
  // Mail campaigns, scheduled or cut short, go on: a recipient whose mail was under way gets it again.
  const campaigns = campaignSender(store, config);
  campaigns.resume().then(
    (count) => count && console.log(`[comms] resumed ${count} mail campaign(s)`),
    (error: unknown) => logError('[comms] could not resume the mail campaigns; the next start will', error),
  );
  // Automations: a run now (a message a stop cut short is sent again), then every AUTOMATION_INTERVAL_MS.
  const automations = automationRunner(store, config);
  automations.start();

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    server.closeAllConnections();
    server.close();
    clearTimeout(resumeTimer);
    services.consultations.stop();
    await services.consultations.idle();
    broadcasts.stop();
    await broadcasts.idle();
    campaigns.stop();
    await campaigns.idle();
    await automations.stop();
    dailyBackups?.stop();
    monthlyB2bBilling.stop();
    dailyPayouts?.stop();
    await statusRecorder.stop();
    await store.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  logError('[start] the service stopped:', error);
  process.exit(1);
});
