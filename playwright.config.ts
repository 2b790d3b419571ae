import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN } from './tests/e2e/support/admin';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const DATA_DIR = `.tmp/e2e-data-${PORT}`;

/**
 * End-to-end tests in Debian's Chromium (no browser download is possible here) against the
 * production build served by the real service, with a fresh embedded store and the demo data.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 1,
  // No retries: a test that fails once is a defect of the test or of the product, found and fixed.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The list, and under `npm test` a line every 20 tests with the time since it began.
  reporter: [['list'], ['./tests/e2e/support/elapsed-reporter.ts']],
  // One directory per port: two runs side by side never clean each other's artifacts.
  outputDir: process.env.E2E_PORT ? `test-results/port-${PORT}` : 'test-results',
  use: {
    baseURL: `http://localhost:${PORT}`,
    serviceWorkers: 'allow',
    screenshot: 'only-on-failure',
    // A trace records every action's screenshots: a quarter of the suite's CPU on these 2 cores.
    // Asked for when debugging (E2E_TRACE=1), kept for the tests that fail.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: '**/*.phone.e2e.ts',
    },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, testMatch: '**/*.phone.e2e.ts' },
  ],
  webServer: {
    // A fresh store with the suite's admin (the public form never creates one), then the service.
    command:
      `rm -rf ${DATA_DIR} && node --import tsx scripts/create-admin.ts` +
      ` --email ${E2E_ADMIN.email} --first-name ${E2E_ADMIN.firstName} && node --import tsx server/main.ts`,
    url: `http://localhost:${PORT}/api/health`,
    // One address (127.0.0.1) plays every visitor of the suite: lift the per-address API limit.
    // Demo telephony at test speed: lines answer after 1 s, consultations last 4 s.
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      API_RATE_LIMIT_PER_MINUTE: '1000',
      // …and the per-address upload limit: the suite registers more providers than a person would.
      ANONYMOUS_UPLOADS_PER_HOUR: '1000',
      SIMULATED_RING_SECONDS: '1',
      SIMULATED_NO_ANSWER_SECONDS: '1',
      SIMULATED_CALL_SECONDS: '4',
      CALL_RETRY_DELAY_SECONDS: '1',
      // No daily payout run (nor its catch-up 5 min after start): tests pay out on demand only.
      PAYOUT_DAILY_AT: 'off',
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Passwords hashed at 2^10 rather than 2^17 (0.7 s of CPU each here): the suite signs in hundreds
      // of times. The service warns of it at start; the default's own hash is in tests/unit/passwords.test.ts.
      PASSWORD_HASH_COST: '10',
    },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
