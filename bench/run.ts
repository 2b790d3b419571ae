/**
 * `npm run bench`: prints the figures of the foundation's targets, measured in this run.
 * Benchmarks, not tests: the machine is shared and noisy, so they report and never fail on time.
 */
import { fileURLToPath } from 'node:url';
import { startTestServer } from '../tests/support/test-server';
import type { TestServer } from '../tests/support/test-server';
import { manyProviders } from './bench-data';
import { benchBrowser } from './browser-bench';
import { printCheckoutLoad, printLoad } from './checkout-bench';
import { benchConsultation } from './consultation-bench';
import { benchContent } from './content-bench';
import { benchContentPull } from './content-pull-bench';
import type { ContentPullFigures } from './content-pull-bench';
import { benchFirstVisit } from './first-visit-bench';
import { benchInvoices } from './invoice-bench';
import { LIGHTHOUSE_TARGETS, benchLighthouse, lighthouseReport } from './lighthouse-bench';
import { benchLiveFeeds } from './live-feeds-bench';
import { benchMainThread, mainThreadReport } from './main-thread-bench';
import { benchQueries } from './query-bench';
import { benchReplication } from './replication-bench';
import { emptyCouchdb, startCouchdb } from '../tests/support/couchdb';
import { pathOf, providerPath } from '../src/config/paths';

const COUNT = 10_000;
const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function withProviders<T>(run: (server: TestServer) => Promise<T>): Promise<T> {
  const server = await startTestServer({ distDir: DIST });
  try {
    const providers = manyProviders(COUNT).map(({ id, ...rest }) => ({ _id: id, ...rest }));
    for (let i = 0; i < providers.length; i += 1000) {
      await server.store.db('providers').bulk({ docs: providers.slice(i, i + 1000) });
    }
    return await run(server);
  } finally {
    await server.close();
  }
}

// First, before the heavier benches: Lighthouse's timings scale with this machine's main-thread times.
// `npm run bench -- --no-lighthouse` leaves them out (`npm run bench:lighthouse` runs them alone).
if (!process.argv.includes('--no-lighthouse')) {
  const lighthouse = await benchLighthouse(DIST);
  for (const line of lighthouseReport(lighthouse)) console.log(line);
  const paths = lighthouse.routes.map((route) => route.path);
  for (const line of mainThreadReport(await benchMainThread(DIST, paths), LIGHTHOUSE_TARGETS.tbtMs)) {
    console.log(line);
  }
}

let embeddedPull: Awaited<ReturnType<typeof benchReplication>> | undefined;
await withProviders(async (server) => {
  const result = await benchReplication(server, COUNT);
  embeddedPull = result;
  console.log(
    `\nInitial pull of ${COUNT} providers into RxDB, in Node (memory storage), median of 3 alternating runs:`,
  );
  console.log(
    `  through the gateway: ${fmt(result.gatewayMs)}  (runs: ${result.gatewayRuns.map(fmt).join(', ')})`,
  );
  console.log(
    `  directly from store: ${fmt(result.directMs)}  (runs: ${result.directRuns.map(fmt).join(', ')})`,
  );
  console.log(
    `  ratio gateway/direct: ${(result.gatewayMs / result.directMs).toFixed(2)}  (targets: ratio ≤ 1.30, whole pull ≤ 10 s)`,
  );

  const queries = await benchQueries(manyProviders(COUNT));
  console.log(`\nThe listing's filter over ${COUNT} providers, in Node:`);
  console.log(
    `  directory read from RxDB (memory storage), ${queries.load.count} runs: p50 ${fmt(queries.load.p50)}, max ${fmt(queries.load.max)}`,
  );
  console.log(
    `  filter (a page of 12 and the exact count), ${queries.filter.count} distinct filters: p50 ${fmt(queries.filter.p50)}, p95 ${fmt(queries.filter.p95)}, max ${fmt(queries.filter.max)}  (target p95 ≤ 50 ms)`,
  );

  const content = await benchContent();
  console.log(
    '\nTestimonials (1,000) and reviews (20,000 over 10,000 providers) in RxDB, memory storage, in Node:',
  );
  console.log(
    `  a page of 9 testimonials and the count, from the index: p50 ${fmt(content.indexedPage.p50)}, p95 ${fmt(content.indexedPage.p95)}`,
  );
  console.log(
    `  the same page by reading and sorting all testimonials: p50 ${fmt(content.sortedInMemory.p50)}, p95 ${fmt(content.sortedInMemory.p95)}  (ratio p50 ${(content.sortedInMemory.p50 / content.indexedPage.p50).toFixed(1)}×)`,
  );
  console.log(
    `  a provider's 5 newest reviews, from the index: p50 ${fmt(content.reviews.p50)}, p95 ${fmt(content.reviews.p95)}`,
  );

  const browser = await benchBrowser(server.url, COUNT);
  console.log(`\nChromium, production build, ${COUNT} providers in the store:`);
  console.log(
    `  the service's first render of /providers after a start, reading the directory: ${fmt(browser.serverWarmMs)}`,
  );
  console.log(
    `  first visit to /providers until the first cards show: ${fmt(browser.firstCardsMs)}  (target ≤ 1.5 s)`,
  );
  console.log(
    `  first visit to /providers until all ${COUNT} are in IndexedDB: ${fmt(browser.firstVisitMs)}  (target ≤ 5 s)`,
  );
  console.log(
    `  reload until the first cards show (indexed page from IndexedDB): ${fmt(browser.reloadMs)}  (target ≤ 0.5 s)`,
  );
  console.log(
    `  reload until the offline store has taken over (the directory's live feed started): ${fmt(browser.reloadLiveMs)}`,
  );
  console.log(
    `  filter change until the page has rendered the new listing, ${browser.filter.count} changes: p50 ${fmt(browser.filter.p50)}, p95 ${fmt(browser.filter.p95)}, max ${fmt(browser.filter.max)}  (target p95 ≤ 50 ms)`,
  );
  console.log('\nJavaScript loaded by a first visit to /providers (gzip -9):');
  for (const [file, bytes] of Object.entries(browser.scripts)) {
    console.log(`  ${(bytes / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  }
  console.log(`  total ${(browser.jsBytes / 1024).toFixed(1)} KB  (target ≤ 170 KB)`);

  const profile = manyProviders(COUNT).find((provider) => provider.isVisible)!;
  const paths = [
    pathOf('home'),
    pathOf('providers'),
    providerPath(profile),
    pathOf('helpCentre'),
    pathOf('pricing'),
  ];
  const first = await benchFirstVisit(server.url, DIST, paths);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const part = ({ count, bytes }: { count: number; bytes: number }) => `${kb(bytes)} (${count})`;
  console.log(
    '\nJavaScript of a first visit to each public page (gzip -9, number of files, service worker blocked):',
  );
  // The server's HTML paints with no script: the budget holds for what the page needs until it
  // answers (painted and hydrated), the offline store's code coming after.
  console.log(
    `  ${'page'.padEnd(34)} ${'before the first paint'.padEnd(24)} ${'to hydrate'.padEnd(16)} ${'both (≤ 120 KB)'.padEnd(16)} offline store (after)`,
  );
  for (const page of first.pages) {
    const both = {
      count: page.beforePaint.count + page.hydrate.count,
      bytes: page.beforePaint.bytes + page.hydrate.bytes,
    };
    console.log(
      `  ${page.path.padEnd(34)} ${part(page.beforePaint).padEnd(24)} ${part(page.hydrate).padEnd(16)} ${part(both).padEnd(16)} ${part(page.store)}`,
    );
  }
  const adminScripts = first.pages.reduce((sum, page) => sum + page.adminScripts, 0);
  const adminBytes = first.pages.reduce((sum, page) => sum + page.adminBytes, 0);
  console.log(
    `  admin console code in them: ${adminScripts} chunks, ${kb(adminBytes)}  (target 0: the console is lazy)`,
  );
  console.log(
    `  the console's own code in the build (${first.consoleChunks} chunks): ${kb(first.consoleBytes)}, which a bundled console would add to every first visit`,
  );
});

const seeded = await startTestServer({ seed: true });
try {
  const pull = await benchContentPull(seeded);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const line = (name: string, size: ContentPullFigures['whole']) =>
    `  ${name.padEnd(24)} ${String(size.documents).padStart(4)} documents, ${String(size.requests).padStart(2)} requests, ${kb(size.jsonBytes).padStart(9)} JSON, ${kb(size.wireBytes).padStart(8)} sent (Brotli)`;
  console.log(
    "\nA first visit's pull of the help texts, testimonials and reviews (demo data, 40 a request):",
  );
  for (const [language, size] of Object.entries(pull.byLanguage))
    console.log(line(`in ${language} only`, size));
  console.log(line('whole (every language)', pull.whole));
} finally {
  await seeded.close();
}

const invoices = await benchInvoices();
console.log(
  `\nInvoice PDF (jspdf, DejaVu subset), ${invoices.count} different invoices in the five languages, in Node:`,
);
console.log(
  `  render: p50 ${fmt(invoices.p50)}, p95 ${fmt(invoices.p95)}, max ${fmt(invoices.max)}  (target p95 ≤ 100 ms); mean size ${(invoices.meanBytes / 1024).toFixed(1)} KB`,
);

const consultation = await benchConsultation();
console.log('\nConsultation (embedded store, simulated gateway, real Twilio SDK against a local Twilio):');
console.log(
  `  payment authorised → first call request at the telephony API, ${consultation.firstCall.count} orders: p50 ${fmt(consultation.firstCall.p50)}, p95 ${fmt(consultation.firstCall.p95)}, max ${fmt(consultation.firstCall.max)}  (target ≤ 2 s)`,
);
printCheckoutLoad('POST /api/checkout', consultation);

const live = await benchLiveFeeds();
console.log(
  '\nLive replication: long polls held through the gateway (half on the directory, half on as many users’ own databases), clients in another process:',
);
for (const level of live) {
  console.log(
    `  ${String(level.feeds).padStart(5)} feeds (${level.held} held): plain read, ${level.read.count} in a row: p50 ${fmt(level.read.p50)}, p99 ${fmt(level.read.p99)}, max ${fmt(level.read.max)}  (target p99 < 100 ms at 1,000 feeds); a directory change reached ${level.fanOut.reached}/${level.fanOut.expected} directory feeds: p50 ${fmt(level.fanOut.p50)}, p99 ${fmt(level.fanOut.p99)}`,
  );
}

// The production engine: the same pull and checkout figures on a 3-node CouchDB cluster on this
// machine (tests/support/couchdb.ts), beside the embedded store's above.
const cluster = await startCouchdb('cluster').catch((error: unknown) => {
  console.log(`\nNo CouchDB cluster for the figures on the production engine: ${String(error)}`);
  return undefined;
});
if (cluster) {
  process.env.TEST_STORE = 'couchdb';
  process.env.TEST_COUCHDB_URL = cluster.url;
  try {
    const pull = await withProviders((server) => benchReplication(server, COUNT));
    await emptyCouchdb(cluster.url);
    const onCluster = await benchConsultation();
    console.log(
      '\nOn a 3-node Apache CouchDB 3.5 cluster (loopback, this machine), beside the embedded store:',
    );
    console.log(
      `  initial pull of ${COUNT} providers through the gateway: ${fmt(pull.gatewayMs)} (embedded: ${embeddedPull ? fmt(embeddedPull.gatewayMs) : 'n/a'}); directly from the cluster: ${fmt(pull.directMs)}; ratio gateway/direct ${(pull.gatewayMs / pull.directMs).toFixed(2)}`,
    );
    printLoad('POST /api/checkout on the cluster (10 connections, 10 s)', onCluster.checkout);
    printLoad('POST /api/checkout on the embedded store (above)', consultation.checkout);
    console.log(
      `  payment authorised → first call request on the cluster: p50 ${fmt(onCluster.firstCall.p50)}, p95 ${fmt(onCluster.firstCall.p95)}`,
    );
  } finally {
    delete process.env.TEST_STORE;
    delete process.env.TEST_COUCHDB_URL;
    await cluster.stop();
  }
}
