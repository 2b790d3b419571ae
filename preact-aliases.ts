/**
 * The app is written against React's API and rendered by Preact (its `compat` layer), in the
 * browser, on the server and in the unit tests: React DOM alone was 65 KB of the 130 KB (gzip) a
 * public page needed to hydrate, Preact with `compat` is about 12 KB. The types stay React's
 * (`@types/react`); only the bundler (vite.config.ts) and the unit tests (vitest.config.ts) see
 * these aliases.
 */
export const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // react-i18next's stand-in for the hook React 17 lacked; Preact's compat has the hook itself.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
];

/** The libraries that import `react`: bundled (not left to Node's resolution) wherever the aliases apply. */
export const REACT_LIBRARIES = [
  'react-router',
  'react-router-dom',
  'react-i18next',
  'use-sync-external-store',
];
