import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import express from 'express';
import type { RequestHandler, Router } from 'express';
import type { PageRenderer } from './ssr';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The build's hashed scripts and styles compressed once with Brotli at its best (vite.config.ts,
 * `precompressedAssets`): about 14% smaller than what the compression middleware makes as it serves
 * (Brotli at level 4, or gzip), and no CPU per request. Served to every browser that accepts Brotli;
 * others get the file compressed as it is served. Files the build did not compress, or that are gone
 * (a build replaced the directory), go on to the plain static files.
 */
function precompressed(distDir: string): RequestHandler {
  const assets = path.join(distDir, 'assets');
  const compressed = new Set(
    existsSync(assets)
      ? readdirSync(assets)
          .filter((name) => name.endsWith('.br'))
          .map((name) => name.slice(0, -'.br'.length))
      : [],
  );
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const match = /^\/assets\/([^/]+)$/.exec(req.path);
    if (!match || !compressed.has(match[1]!)) return next();
    res.setHeader('Vary', 'Accept-Encoding');
    if (req.acceptsEncodings('br') !== 'br') return next();
    res.setHeader('Content-Encoding', 'br');
    res.setHeader('Cache-Control', IMMUTABLE);
    res.type(path.extname(match[1]!));
    res.sendFile(`assets/${match[1]!}.br`, { root: distDir, cacheControl: false }, (error) => {
      if (!error || res.headersSent) return;
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Type');
      next();
    });
  };
}

/**
 * Serves the built PWA from `dist/`: hashed assets cached for a year, the service worker, the
 * manifest and the HTML shell always revalidated, and for every other page either the page
 * rendered by the server (public pages, see ssr.ts) or the shell, which the browser's router resolves.
 */
export function staticRouter(distDir: string, pages?: PageRenderer): Router {
  const router = express.Router();
  const indexHtml = path.join(distDir, 'index.html');
  if (!existsSync(indexHtml)) {
    router.get('/{*path}', (_req, res) => {
      res
        .status(503)
        .type('text/plain')
        .send('The app is not built yet: run `npm run build` (npm start does it).');
    });
    return router;
  }
  router.use(precompressed(distDir));
  router.use(
    express.static(distDir, {
      index: false,
      setHeaders(res, filePath) {
        const relative = path.relative(distDir, filePath).split(path.sep).join('/');
        if (relative.startsWith('assets/')) res.setHeader('Cache-Control', IMMUTABLE);
        else if (/^(sw\.js|workbox-[\w-]+\.js|manifest(\.[a-z]{2})?\.webmanifest)$/.test(relative)) {
          res.setHeader('Cache-Control', 'no-cache');
        } else res.setHeader('Cache-Control', 'public, max-age=86400');
      },
    }),
  );
  router.get('/{*path}', async (req, res, next) => {
    // A file of the build that is not there (an old page asking for a chunk a new build replaced) is
    // not found: the shell in its place would reach the browser as a script it cannot run.
    if (!req.accepts('html') || req.path.startsWith('/assets/')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    const page = await pages?.render(req);
    if (page) {
      res.setHeader('Vary', 'Cookie');
      return res.type('html').send(page);
    }
    // Relative to the root: a build kept under a dot-directory (e.g. `.tmp/`) is still served.
    res.sendFile('index.html', { root: distDir });
  });
  return router;
}
