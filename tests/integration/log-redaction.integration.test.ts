/**
 * No secret in a log nor in an answer. The store's admin credentials travel with every store
 * request (nano keeps them in the request that its errors carry); when the store fails, what the
 * service prints and what it answers must carry neither the password nor the Basic token. The
 * store fails for real: the embedded store refusing wrong credentials (401, with nano's request
 * attached to the error), and a store on a closed port.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rm } from 'node:fs/promises';
import { format } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app';
import { readConfig } from '../../server/config/env';
import { migrate } from '../../server/store/migrate';
import { connectStore } from '../../server/store/store';
import type { Store } from '../../server/store/store';
import { spawnService } from '../support/service-process';
import { BROWSER_HEADERS } from '../support/sessions';
import { startTestStore } from '../support/test-server';

const PASSWORD = 's3cret-Pa55';
/**
 * The name the wrong credentials are sent as: not the store's admin, whom a real CouchDB would lock
 * out after a few failures (for every test of the run, on a shared cluster).
 */
const USER = 'leak-test';
const SECRETS = [
  PASSWORD,
  encodeURIComponent(PASSWORD),
  Buffer.from(`${USER}:${PASSWORD}`).toString('base64'),
  'sk_test_51LeakyStripeKey000',
  'whsec_LeakyWebhookSecret000',
  'twilio-auth-token-leaky-0000',
  'google-client-secret-leaky',
  'smtp-pa55word-leaky',
];

let live: { store: Store; dataDir: string };
let closedPort: number;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  live = await startTestStore();
  await migrate(live.store);
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await live?.store.close();
  if (live) await rm(live.dataDir, { recursive: true, force: true });
});

/** Every line written through `console`, as it would be printed. */
function captureConsole(): string[] {
  const lines: string[] = [];
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push(format(...args));
    });
  }
  return lines;
}

/** The service on `store`, configured with secrets for every adapter it has. */
async function startApp(couchdbUrl: string): Promise<string> {
  const { config, problems } = readConfig({
    DATA_DIR: live.dataDir,
    COUCHDB_URL: couchdbUrl,
    API_RATE_LIMIT_PER_MINUTE: '1000',
    GOOGLE_CLIENT_ID: 'client-id',
    GOOGLE_CLIENT_SECRET: 'google-client-secret-leaky',
    GOOGLE_ISSUER: 'http://127.0.0.1:1',
  });
  expect(problems).toEqual([]);
  const app = createApp({ config, store: connectStore(couchdbUrl, 'couchdb'), distDir: live.dataDir });
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Requests that reach the store along different paths; each answer as status, headers and body. */
async function exercise(baseUrl: string): Promise<string[]> {
  const json = { 'content-type': 'application/json', ...BROWSER_HEADERS };
  const calls: [string, RequestInit?][] = [
    ['/api/health'],
    ['/api/auth/me', { headers: { cookie: 'sid=some-session-token' } }],
    [
      '/api/auth/login',
      { method: 'POST', headers: json, body: JSON.stringify({ email: 'a@example.com', password: 'x' }) },
    ],
    [
      '/api/auth/password-reset/request',
      { method: 'POST', headers: json, body: JSON.stringify({ email: 'a@example.com' }) },
    ],
    [
      '/api/contact',
      {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          id: 'contact-1',
          name: 'Léa',
          email: 'lea@example.com',
          subject: 'Question',
          message: 'Bonjour, une question sur mon rendez-vous.',
        }),
      },
    ],
    ['/api/checkout/options'],
    ['/api/orders/order-1', { headers: { cookie: 'sid=some-session-token' } }],
    ['/api/photos/photo-1'],
    ['/api/auth/google/start'],
    ['/db/providers/'],
    ['/db/providers/_changes?since=0'],
    ['/db/providers/demo-expat-001'],
    ['/db/providers/_all_docs', { method: 'POST', headers: json, body: JSON.stringify({ keys: ['a'] }) }],
    [
      '/db/userdb-61/_bulk_docs',
      { method: 'POST', headers: { ...json, cookie: 'sid=x' }, body: '{"docs":[]}' },
    ],
  ];
  const answers: string[] = [];
  for (const [path, init] of calls) {
    const response = await fetch(baseUrl + path, { ...init, redirect: 'manual' });
    answers.push(
      `${path} ${response.status} ${JSON.stringify([...response.headers])} ${await response.text()}`,
    );
  }
  return answers;
}

function leaks(texts: string[]): string[] {
  return texts.filter((text) => SECRETS.some((secret) => text.includes(secret)));
}

describe('secrets in logs and answers', () => {
  it('are absent when the store refuses the credentials (nano errors carry the request)', async () => {
    const lines = captureConsole();
    const url = await startApp(live.store.origin.replace('http://', `http://${USER}:${PASSWORD}@`));
    const answers = await exercise(url);
    // The store failed and the service said so: the test saw real error logs.
    expect(lines.length).toBeGreaterThan(0);
    expect(answers.some((answer) => / 5\d\d /.test(answer))).toBe(true);
    expect(leaks(lines)).toEqual([]);
    expect(leaks(answers)).toEqual([]);
  });

  it('are absent when the store cannot be reached', async () => {
    const lines = captureConsole();
    const url = await startApp(`http://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${closedPort}`);
    const answers = await exercise(url);
    expect(answers[0]).toMatch(/^\/api\/health 503 /);
    expect(leaks(lines)).toEqual([]);
    expect(leaks(answers)).toEqual([]);
  });

  it('are absent from what `npm start` prints when the store refuses it at start', async () => {
    const service = spawnService({
      COUCHDB_URL: live.store.origin.replace('http://', `http://${USER}:${PASSWORD}@`),
      DATA_DIR: live.dataDir,
      STRIPE_SECRET_KEY: 'sk_test_51LeakyStripeKey000',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51Publishable000',
      STRIPE_WEBHOOK_SECRET: 'whsec_LeakyWebhookSecret000',
      TWILIO_ACCOUNT_SID: 'AC' + '0'.repeat(32),
      TWILIO_AUTH_TOKEN: 'twilio-auth-token-leaky-0000',
      TWILIO_FROM_NUMBER: '+33100000000',
      GOOGLE_CLIENT_ID: 'client-id',
      GOOGLE_CLIENT_SECRET: 'google-client-secret-leaky',
      SMTP_URL: 'smtp://mailer:smtp-pa55word-leaky@127.0.0.1:1',
    });
    expect(await service.exited).toBe(1);
    const output = service.output();
    expect(output).toContain('[config]');
    expect(output).toMatch(/unauthori[sz]ed|Name or password/i);
    expect(leaks(output.split('\n'))).toEqual([]);
  });
});
