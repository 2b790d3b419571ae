/**
 * `npm run bench:lighthouse`: only the Lighthouse figures of `npm run bench`, and the main thread's
 * blocking read from Chromium's trace (the script builds first), for a quick measure of the pages' load.
 */
import { fileURLToPath } from 'node:url';
import { LIGHTHOUSE_TARGETS, benchLighthouse, lighthouseReport } from './lighthouse-bench';
import { benchMainThread, mainThreadReport } from './main-thread-bench';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

const lighthouse = await benchLighthouse(DIST);
for (const line of lighthouseReport(lighthouse)) console.log(line);
const paths = lighthouse.routes.map((route) => route.path);
for (const line of mainThreadReport(await benchMainThread(DIST, paths), LIGHTHOUSE_TARGETS.tbtMs)) {
  console.log(line);
}
