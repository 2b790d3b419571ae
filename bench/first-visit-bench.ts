/**
 * A traveller's first visit to each public page in Chromium against the production build: the
 * JavaScript it downloads (gzip -9, the service worker blocked so that its precache does not
 * count), split by when the page asked for it:
 * - before the first contentful paint (the server's HTML is readable without it);
 * - to hydrate: after the paint, before the offline store's code is asked for;
 * - the offline store's (RxDB, Dexie, replication), which starts once the page is idle.
 * Beside it, how much of it is the admin console's (`assets/admin-*` chunks, see vite.config.ts):
 * none, since the console is one lazy import, and the console's own code in the build, which a
 * console bundled with the app would have added to every first visit.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const ADMIN_CHUNK = /^admin-.*\.js$/;
/** The offline store's entry chunk (src/data/offline-store.ts), imported once the page is idle. */
const STORE_CHUNK = /\/offline-store-[\w-]+\.js$/;

const gzipSize = (body: Buffer) => gzipSync(body, { level: 9 }).length;

export type FirstVisitScripts = {
  path: string;
  /** Scripts asked for before the first contentful paint. */
  beforePaint: { count: number; bytes: number };
  /** After the paint and before the offline store's code: what the page needs to hydrate. */
  hydrate: { count: number; bytes: number };
  /** The offline store's code and what it loads. */
  store: { count: number; bytes: number };
  adminScripts: number;
  adminBytes: number;
};

async function visit(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  url: string,
): Promise<Omit<FirstVisitScripts, 'path'>> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const sizes = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script' || !response.ok()) return;
      const body = await response.body().catch(() => undefined);
      if (body) sizes.set(response.url(), gzipSize(body));
    });
    await page.goto(url);
    await page.locator('main h1').first().waitFor({ timeout: 60_000 });
    // Not `networkidle`: live replication keeps a long poll open. The visit is over once no new
    // script has come for two seconds.
    for (let seen = -1; seen !== sizes.size;) {
      seen = sizes.size;
      await page.waitForTimeout(2000);
    }
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => ({ url: entry.name, start: entry.startTime })),
    }));
    const storeStart = Math.min(
      ...timing.scripts.filter((script) => STORE_CHUNK.test(script.url)).map((script) => script.start),
    );
    const sum = (urls: string[]) => ({
      count: urls.length,
      bytes: urls.reduce((total, url) => total + (sizes.get(url) ?? 0), 0),
    });
    const urls = (keep: (start: number) => boolean) =>
      timing.scripts.filter((script) => keep(script.start)).map((script) => script.url);
    const admin = [...sizes.keys()].filter((url) => ADMIN_CHUNK.test(url.split('/').pop()!));
    return {
      beforePaint: sum(urls((start) => start < timing.paint)),
      hydrate: sum(urls((start) => start >= timing.paint && start < storeStart)),
      store: sum(urls((start) => start >= timing.paint && start >= storeStart)),
      adminScripts: admin.length,
      adminBytes: admin.reduce((total, url) => total + sizes.get(url)!, 0),
    };
  } finally {
    await context.close();
  }
}

export async function benchFirstVisit(baseUrl: string, distDir: string, paths: string[]) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu'],
  });
  try {
    const pages: FirstVisitScripts[] = [];
    for (const path of paths) pages.push({ path, ...(await visit(browser, `${baseUrl}${path}`)) });
    const assets = join(distDir, 'assets');
    const consoleFiles = readdirSync(assets).filter((file) => ADMIN_CHUNK.test(file));
    const consoleBytes = consoleFiles.reduce(
      (sum, file) => sum + gzipSize(readFileSync(join(assets, file))),
      0,
    );
    return { pages, consoleChunks: consoleFiles.length, consoleBytes };
  } finally {
    await browser.close();
  }
}
