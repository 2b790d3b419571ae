/**
 * The service worker (built by Workbox injectManifest to `/sw.js`).
 * - Precaches the app shell, route chunks, locales, fonts and icons listed by the build.
 * - Every page navigation is answered with the precached shell, so any public route opens offline;
 *   except the admin console and the demo mailbox, which are online-only and never cached.
 * - `/api` and `/db` are left to the browser (no route answers them): data comes through RxDB, never
 *   from this cache. Answered here, a replication's long poll would outlive the page that opened it
 *   (the worker's own request is not cancelled when the page goes), and after a dozen page loads
 *   those orphans held every connection the browser allows per host: the next page hung.
 * - Images (provider photos) are cached as they are seen.
 * - A new version waits until the page asks it to take over (the update prompt).
 * - A page left uncontrolled while an active worker exists asks to be claimed (app/pwa.ts).
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import type { PrecacheEntry } from 'workbox-precaching';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

// `m`: the tracking links of campaign mails (a redirect the server must answer itself).
const ONLINE_ONLY = /^\/(api|db|admin|mailbox|unsubscribe|m)(\/|$)/;
const IMAGE_MAX_ENTRIES = 400;
const IMAGE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [ONLINE_ONLY] }));

registerRoute(
  ({ request, sameOrigin }) => sameOrigin && request.destination === 'image',
  new CacheFirst({
    cacheName: 'images',
    plugins: [new ExpirationPlugin({ maxEntries: IMAGE_MAX_ENTRIES, maxAgeSeconds: IMAGE_MAX_AGE_SECONDS })],
  }),
);

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  // A page whose navigation began before this worker activated was not among the pages it claimed.
  else if (type === 'CLAIM') event.waitUntil(self.clients.claim());
});
