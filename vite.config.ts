import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { LANGUAGES } from './src/domain/languages';
import { LOCALE_PART_NAMES, localePart } from './src/i18n/locale-parts';
import { webManifest, webManifestFile } from './src/i18n/web-manifest';
import type { WebManifestTexts } from './src/i18n/web-manifest';
import type { LocalePart } from './src/i18n/locale-parts';
import { PREACT_ALIASES, REACT_LIBRARIES } from './preact-aliases';

/**
 * The PWA build: React app from `src/`, service worker from `sw/sw.ts` (Workbox injectManifest),
 * web app manifest. `npm run dev` proxies `/api` and `/db` to a service started with `npm run serve`.
 */
const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';
const brotli = promisify(zlib.brotliCompress);

/**
 * `virtual:locale-loaders` exports a lazy loader for each language and part of the texts, and each
 * `virtual:locale/<language>/<part>` is the part of `src/i18n/locales/<language>.json` (its own chunk).
 */
function localeParts(): Plugin {
  const PREFIX = '\0virtual:locale/';
  const parts: (LocalePart | 'core')[] = ['core', ...LOCALE_PART_NAMES];
  return {
    name: 'locale-parts',
    resolveId(id) {
      if (id === 'virtual:locale-loaders') return '\0virtual:locale-loaders';
      if (id.startsWith('virtual:locale/')) return '\0' + id;
      return undefined;
    },
    load(id) {
      if (id === '\0virtual:locale-loaders') {
        const entries = LANGUAGES.map(
          (language) =>
            `${language}: {${parts.map((part) => `${part}: () => import('virtual:locale/${language}/${part}')`).join(', ')}}`,
        );
        return `export const loaders = {${entries.join(',\n')}};`;
      }
      if (!id.startsWith(PREFIX)) return undefined;
      const [language, part] = id.slice(PREFIX.length).split('/') as [string, LocalePart | 'core'];
      this.addWatchFile(new URL(`./src/i18n/locales/${language}.json`, import.meta.url).pathname);
      const messages = readLocale(language);
      return `export default ${JSON.stringify(localePart(messages, part))};`;
    },
  };
}

function readLocale(language: string): Record<string, unknown> {
  const file = new URL(`./src/i18n/locales/${language}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/**
 * The admin console is online only and never part of a traveller's download (DESIGN.md): a chunk
 * holding any of its modules (or its texts, locale part `admin`) is named `assets/admin-…`, and
 * neither those chunks nor their CSS are precached by the service worker.
 */
const ADMIN_MODULE = /[\\/]src[\\/]features[\\/]admin[\\/]|^\0virtual:locale\/[a-z]+\/admin$/;
const isAdminChunk = (chunk: { moduleIds: readonly string[] }) =>
  chunk.moduleIds.some((id) => ADMIN_MODULE.test(id));
/** The CSS files of admin chunks, found while bundling, left out of the precache manifest. */
const adminCss = new Set<string>();

/**
 * A few larger chunks instead of dozens of small ones: on a weak connection each file is a request,
 * and a page's modules otherwise come as some sixty files of a kilobyte or two.
 * - `app`: everything the entry imports statically (the shell, React, the router, i18n);
 * - `public`: the code the public pages share (the interface's components and the directory's,
 *   home's, help centre's, pricing's and profile's parts), one file instead of a chunk per set of
 *   screens sharing a module.
 * Neither takes a console module (they would be named `admin-…` and not precached) nor the offline
 * store's code (RxDB, Dexie, replication), which loads once the page is idle, apart. The password
 * fields stay out of `public`: they bring the registration rules and the phone number library.
 */
const PUBLIC_MODULE =
  /[\\/]src[\\/](ui[\\/](?!password)|features[\\/](catalogue|home|help|pricing|provider-profile|testimonials|pages)[\\/])[^?]*$/;
const CHUNK_GROUPS = [
  { name: 'app', tags: ['$initial' as const], test: (id: string) => !ADMIN_MODULE.test(id), priority: 2 },
  {
    name: 'public',
    test: (id: string) => PUBLIC_MODULE.test(id),
    minShareCount: 2,
    priority: 1,
  },
];

function adminChunks(): Plugin {
  return {
    name: 'admin-chunks',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || !isAdminChunk(output)) continue;
        for (const css of output.viteMetadata?.importedCss ?? []) adminCss.add(css);
      }
    },
  };
}

/**
 * Each hashed script and stylesheet also as `<file>.br`, Brotli at its best level (11): served by
 * the service in place of compressing as it serves (server/http/static-files.ts). The entry is then
 * 109 KB rather than 127 KB with gzip; the build takes about 3 s more.
 */
function precompressedAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompressed-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => /^assets\/[^/]+\.(js|css)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.resolve(outDir, name);
          const source = await readFile(file);
          const compressed = await brotli(source, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          });
          if (compressed.length < source.length) await writeFile(`${file}.br`, compressed);
        }),
      );
    },
  };
}

/** The web app manifest of each language, from its locale file's `webManifest` texts. */
function webManifests(): Plugin {
  return {
    name: 'web-manifests',
    generateBundle() {
      for (const language of LANGUAGES) {
        const texts = readLocale(language).webManifest as WebManifestTexts;
        this.emitFile({
          type: 'asset',
          fileName: webManifestFile(language),
          source: JSON.stringify(webManifest(language, texts), null, 2),
        });
      }
    },
  };
}

/**
 * `vite build --ssr src/ssr/render.tsx` (npm run build) builds the server's render of the public
 * pages into `dist-ssr/` (server/http/ssr.ts): the same components, without the service worker,
 * manifests or chunk naming of the browser's build.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [localeParts(), react(), ...(isSsrBuild ? [] : browserBuildPlugins())],
  resolve: {
    // rxjs's ES2015 build: no tslib helpers, smaller than the default ES5 one.
    conditions: ['es2015', 'module', 'browser', 'development|production'],
    // jspdf's optional dependencies, for features the invoice PDF does not use (src/invoice/jspdf-unused.ts).
    alias: [
      ...['html2canvas', 'dompurify', 'canvg'].map((name) => ({
        find: name,
        replacement: fileURLToPath(new URL('./src/invoice/jspdf-unused.ts', import.meta.url)),
      })),
      ...PREACT_ALIASES,
    ],
  },
  // The server's render bundles the libraries that import `react`, so that they get Preact too.
  ssr: { noExternal: REACT_LIBRARIES },
  build: isSsrBuild
    ? { target: 'node20', outDir: 'dist-ssr', emptyOutDir: true, sourcemap: true, copyPublicDir: false }
    : {
        target: 'es2022',
        sourcemap: true,
        chunkSizeWarningLimit: 400,
        // The chunk graph: read by the check that a traveller's first visit loads no console code, and
        // by the server's render, which links the CSS and modules of the page it renders.
        manifest: true,
        rolldownOptions: {
          output: {
            chunkFileNames: (chunk: { moduleIds: readonly string[] }) =>
              isAdminChunk(chunk) ? 'assets/admin-[name]-[hash].js' : 'assets/[name]-[hash].js',
            codeSplitting: { groups: CHUNK_GROUPS },
          },
        },
      },
  server: {
    // API_TARGET lets several services run side by side (one per port) during development.
    proxy: { '/api': apiTarget, '/db': apiTarget, '/mailbox': apiTarget },
  },
}));

function browserBuildPlugins() {
  return [
    webManifests(),
    adminChunks(),
    precompressedAssets(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      injectManifest: {
        // App shell, route chunks (the invoice's jspdf chunk too), locales and the Latin and Cyrillic
        // fonts, the invoice PDF's fonts included; not photos (cached at runtime).
        globPatterns: [
          'index.html',
          'assets/*.{js,css}',
          'assets/inter-{latin,latin-ext,cyrillic,cyrillic-ext}-wght-normal-*.woff2',
          'assets/DejaVuSans{,-Bold}-invoice-*.ttf',
          'icons/*.{png,svg}',
          'favicon.svg',
          'default-avatar.png',
        ],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // The admin console is online only: its chunks and their CSS are never precached.
        globIgnores: ['assets/admin-*'],
        manifestTransforms: [
          (entries) => ({ manifest: entries.filter((entry) => !adminCss.has(entry.url)), warnings: [] }),
        ],
      },
      // One manifest per language, emitted by `webManifests` (and linked once, by index.html).
      manifest: false,
    }),
  ];
}
