import { defineConfig } from 'vitest/config';
import { PREACT_ALIASES, REACT_LIBRARIES } from './preact-aliases';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
          environment: 'node',
          server: { deps: { inline: REACT_LIBRARIES } },
        },
        // Components render with Preact, as in the app (preact-aliases.ts).
        resolve: {
          // The libraries' ES modules (not their CommonJS, whose `require('react')` no alias reaches).
          conditions: ['module-sync', 'import', 'module', 'development|production'],
          alias: [
            ...PREACT_ALIASES,
            // Its ES module build, whose imports of `react` the aliases above can reach.
            {
              find: /^@testing-library\/react$/,
              replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
            },
          ],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.integration.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // On the embedded stores (one per server, in a temporary directory) the files share one
          // process: importing the service anew for each file took 110-130 s of a run. On a real
          // CouchDB every file shares the one server, so each keeps a process of its own, ended
          // with it: no background work of a previous file (a campaign, a retry) writes into the
          // databases of the next.
          isolate: process.env.TEST_STORE === 'couchdb',
          // On a real CouchDB (TEST_STORE=couchdb) each file starts without the previous one's databases.
          setupFiles: ['tests/support/fresh-store.ts', 'tests/support/password-cost.ts'],
          // Passwords hashed at 2^10 rather than 2^17 (tests/support/password-cost.ts), spawned services included.
          env: { PASSWORD_HASH_COST: '10' },
        },
      },
    ],
  },
});
