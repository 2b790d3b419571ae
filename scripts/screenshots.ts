/**
 * Screenshots of pages at phone and desktop sizes, in several languages, for a person to look at.
 * Usage: with the service running (`npm start`), `npx tsx scripts/screenshots.ts [baseUrl] [path…]`.
 * Files go to .tmp/screenshots/.
 */
import { mkdir } from 'node:fs/promises';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:8080';
const paths = process.argv.slice(3).length ? process.argv.slice(3) : ['/providers'];
const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };
const languages = ['fr', 'de', 'ru'];

await mkdir('.tmp/screenshots', { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [name, viewport] of Object.entries(sizes)) {
  for (const language of languages) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    await context.addInitScript((lng) => window.localStorage.setItem('sos-expat.language', lng), language);
    const page = await context.newPage();
    for (const path of paths) {
      await page.goto(base + path);
      await page.waitForTimeout(1500);
      const file = `.tmp/screenshots/${path.replace(/\W+/g, '_') || 'home'}-${name}-${language}.png`;
      await page.screenshot({ path: file, fullPage: name === 'desktop' });
      console.log(file);
    }
    await context.close();
  }
}
await browser.close();
