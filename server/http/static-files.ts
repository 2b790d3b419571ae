import { existsSync } from 'node:fs';
import path from 'node:path';
import express from 'express';
import type { Router } from 'express';
import type { PageRenderer } from './ssr';

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
  router.use(
    express.static(distDir, {
      index: false,
      setHeaders(res, filePath) {
        const relative = path.relative(distDir, filePath).split(path.sep).join('/');
        if (relative.startsWith('assets/'))
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else if (/^(sw\.js|workbox-[\w-]+\.js|manifest(\.[a-z]{2})?\.webmanifest)$/.test(relative)) {
          res.setHeader('Cache-Control', 'no-cache');
        } else res.setHeader('Cache-Control', 'public, max-age=86400');
      },
    }),
  );
  router.get('/{*path}', async (req, res, next) => {
    if (!req.accepts('html')) return next();
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
