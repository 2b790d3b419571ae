/**
 * A traveller's first visit to `/` in Chromium against the production build: the JavaScript it
 * downloads (gzip -9, the service worker blocked so that its precache does not count), and how
 * much of it is the admin console's (`assets/admin-*` chunks, see vite.config.ts): none, since
 * the console is one lazy import. Beside it, the console's own code in the build, which a console
 * bundled with the app would have added to every first visit.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const ADMIN_CHUNK = /^admin-.*\.js$/;

const gzipSize = (body: Buffer) => gzipSync(body, { level: 9 }).length;

export async function benchFirstVisit(baseUrl: string, distDir: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script' || !response.ok()) return;
      const body = await response.body().catch(() => undefined);
      if (body) scripts.set(new URL(response.url()).pathname, gzipSize(body));
    });
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
    // Not `networkidle`: live replication keeps a long poll open. The visit is over once no new
    // script has come for two seconds.
    for (let seen = -1; seen !== scripts.size;) {
      seen = scripts.size;
      await page.waitForTimeout(2000);
    }
    const total = (paths: string[]) => paths.reduce((sum, path) => sum + scripts.get(path)!, 0);
    const all = [...scripts.keys()];
    const admin = all.filter((path) => ADMIN_CHUNK.test(path.split('/').pop()!));

    const assets = join(distDir, 'assets');
    const consoleFiles = readdirSync(assets).filter((file) => ADMIN_CHUNK.test(file));
    const consoleBytes = consoleFiles.reduce(
      (sum, file) => sum + gzipSize(readFileSync(join(assets, file))),
      0,
    );
    return {
      scripts: all.length,
      jsBytes: total(all),
      adminScripts: admin.length,
      adminBytes: total(admin),
      consoleChunks: consoleFiles.length,
      consoleBytes,
    };
  } finally {
    await browser.close();
  }
}
