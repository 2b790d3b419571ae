import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The PWA build: React app from `src/`, service worker from `sw/sw.ts` (Workbox injectManifest),
 * web app manifest. `npm run dev` proxies `/api` and `/db` to a service started with `npm run serve`.
 */
const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      injectManifest: {
        // App shell, route chunks, locales and the Latin and Cyrillic fonts; not photos (cached at runtime).
        globPatterns: [
          'index.html',
          'assets/*.{js,css}',
          'assets/inter-{latin,latin-ext,cyrillic,cyrillic-ext}-wght-normal-*.woff2',
          'icons/*.{png,svg}',
          'favicon.svg',
          'default-avatar.png',
        ],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      manifest: {
        id: '/',
        name: 'SOS Expat — help by phone, worldwide',
        short_name: 'SOS Expat',
        description:
          'Lawyers and expat helpers on the phone within minutes, 24/7, in French, English, Spanish, Russian and German.',
        lang: 'fr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait-primary',
        background_color: '#ffffff',
        theme_color: '#0b3d91',
        categories: ['travel', 'lifestyle', 'business'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  resolve: {
    // rxjs's ES2015 build: no tslib helpers, smaller than the default ES5 one.
    conditions: ['es2015', 'module', 'browser', 'development|production'],
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 400,
  },
  server: {
    // API_TARGET lets several services run side by side (one per port) during development.
    proxy: { '/api': apiTarget, '/db': apiTarget, '/mailbox': apiTarget },
  },
});
