/**
 * `npm run bench:lighthouse`: only the Lighthouse figures of `npm run bench` (the script builds
 * first), for a quick measure of the pages' load.
 */
import { fileURLToPath } from 'node:url';
import { benchLighthouse, lighthouseReport } from './lighthouse-bench';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

for (const line of lighthouseReport(await benchLighthouse(DIST))) console.log(line);
