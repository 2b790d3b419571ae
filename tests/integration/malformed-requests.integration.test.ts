/**
 * Bad input is the caller's mistake: 10,000 generated malformed requests (broken percent-encodings,
 * bad and hostile JSON, wrong charsets and content types, odd headers, huge queries) against the
 * real app must get no 5xx at all, and the service must still answer afterwards.
 */
import { request as httpRequest, Agent } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccount } from '../../server/services/admin-accounts';
import { SESSION_COOKIE, createSession } from '../../server/services/sessions';
import { generateMalformedRequests } from '../support/malformed-requests';
import type { GeneratorContext, MalformedRequest } from '../support/malformed-requests';
import { BROWSER_HEADERS } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

const REQUESTS = 10_000;
const SEED = 20_240_611;
const CONCURRENCY = 8;

let server: TestServer;
let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'sos-expat-dist-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>SOS Expat</title>');
  await writeFile(path.join(distDir, 'assets', 'app.js'), 'console.log(1);');
  await writeFile(path.join(distDir, 'sw.js'), '');
  server = await startTestServer({
    seed: true,
    distDir,
    env: () => ({ API_RATE_LIMIT_PER_MINUTE: '1000000' }),
  });
});

afterAll(async () => {
  await server?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

/** A client registered as the browser does, and an admin as `npm run create-admin` makes one. */
async function signedInUsers(): Promise<GeneratorContext> {
  const registered = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...BROWSER_HEADERS },
    body: JSON.stringify({
      role: 'client',
      language: 'fr',
      firstName: 'Léa',
      email: 'fuzz-client@example.test',
      password: 'secret-client-1',
      languages: ['fr'],
      phone: '06 12 34 56 78',
      phoneCountry: 'FR',
      acceptedTerms: true,
    }),
  });
  expect(registered.status).toBe(201);
  const clientCookie = registered.headers.getSetCookie()[0]!.split(';')[0]!;
  const me = (await (
    await fetch(`${server.url}/api/auth/me`, { headers: { cookie: clientCookie } })
  ).json()) as {
    user: { db: string };
  };
  const admin = await createAdminAccount(server.store, {
    email: 'fuzz-admin@example.test',
    password: 'secret-admin-1',
    firstName: 'Alex',
  });
  const { token } = await createSession(server.store, admin.uid, { remember: false });
  return { clientCookie, clientDb: me.user.db, adminCookie: `${SESSION_COOKIE}=${token}` };
}

/**
 * `status`: the answer's status, or `error <code>` when none came. `jsonError`: for an error answer
 * with a body, whether it is `{ error: { code, message } }`.
 */
type Outcome = { status: number | string; jsonError?: boolean; request: MalformedRequest };

/** Sends one request as written (no client-side normalisation of the path) and reads the answer. */
function send(agent: Agent, baseUrl: string, request: MalformedRequest): Promise<Outcome> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: Omit<Outcome, 'request'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...outcome, request });
    };
    const req = httpRequest({
      agent,
      host: url.hostname,
      port: url.port,
      method: request.method,
      path: request.path,
      headers: {
        ...(request.body ? { 'content-length': String(request.body.length) } : {}),
        ...request.headers,
      },
    });
    req.on('response', (res) => {
      const status = res.statusCode ?? 'no status';
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        settle({
          status,
          jsonError:
            typeof status === 'number' && status >= 400 && text
              ? isJsonError(text, request.path.startsWith('/db/'))
              : undefined,
        });
      });
      res.on('error', (error: NodeJS.ErrnoException) =>
        settle({ status: `error ${error.code ?? error.message}` }),
      );
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      settle({ status: `error ${error.code ?? error.message}` }),
    );
    req.end(request.body);
  });
}

/** `{ error: { code, message } }`; or, under `/db/`, the store's own `{ error, reason }` passed
 * through by the gateway (the CouchDB replication protocol). */
function isJsonError(text: string, couchProtocol: boolean): boolean {
  try {
    const { error, reason } = JSON.parse(text) as { error?: unknown; reason?: unknown };
    if (couchProtocol && typeof error === 'string') return typeof reason === 'string';
    const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
    return typeof code === 'string' && typeof message === 'string';
  } catch {
    return false;
  }
}

/** One line per request, to read a failure. */
const describeOutcome = ({ status, request }: Outcome) =>
  `${status} ${request.method} ${request.path.slice(0, 120)} [${request.label}]`;

describe('malformed requests', () => {
  it('answers each known cause with its 4xx and error code', async () => {
    const ask = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(server.url + path, {
        ...init,
        headers: { ...BROWSER_HEADERS, ...(init.headers as Record<string, string>) },
      });
      // `/api` answers `{ error: { code } }`; the gateway, CouchDB's `{ error, reason }`.
      const { error } = (await response.json()) as { error: { code: string } | string };
      return `${response.status} ${typeof error === 'string' ? error : error.code}`;
    };
    const post = (path: string, type: string, body: string, headers: Record<string, string> = {}) =>
      ask(path, { method: 'POST', headers: { 'content-type': type, ...headers }, body });
    const keys = (items: number) =>
      JSON.stringify({ keys: Array.from({ length: items }, (_, i) => `k${i}`) });

    expect(await ask('/%ff')).toBe('400 bad_path');
    expect(await ask('/db/%ff')).toBe('400 bad_path');
    expect(await ask('/db/providers/%E0%80')).toBe('400 bad_path');
    expect(await ask('/api/auth/%zz')).toBe('400 bad_path');
    expect(await post('/api/contact', 'application/json; charset=latin1', '{}')).toBe(
      '415 unsupported_charset',
    );
    expect(await post('/api/contact', 'application/json; charset=utf-16le', '{}')).toBe(
      '415 unsupported_charset',
    );
    const bomb = '{"keys":' + '['.repeat(300_000) + ']'.repeat(300_000) + '}';
    expect(await post('/db/providers/_all_docs', 'application/json', bomb)).toBe('413 payload_too_large');
    expect(await post('/db/providers/_all_docs', 'application/json', keys(1001))).toBe(
      '413 payload_too_large',
    );
    expect(await post('/api/contact', 'application/json', `{"message":"${'x'.repeat(40_000)}"}`)).toBe(
      '413 payload_too_large',
    );
    expect(await post('/api/contact', 'application/json', '{"a":')).toBe('400 bad_json');
    expect(await post('/api/contact', 'application/json', '{}', { 'content-encoding': 'gzip' })).toBe(
      '400 bad_request',
    );
    expect(await post('/api/contact', 'application/json', '{}', { 'content-encoding': 'x-nope' })).toBe(
      '415 unsupported_encoding',
    );
    const fields = Array.from({ length: 2000 }, (_, i) => `f${i}=1`).join('&');
    expect(await post('/api/webhooks/twilio/call', 'application/x-www-form-urlencoded', fields)).toBe(
      '413 payload_too_large',
    );
    // The ordinary push of RxDB still passes: its ids, within the caps.
    const pulled = await fetch(`${server.url}/db/providers/_all_docs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...BROWSER_HEADERS },
      body: keys(50),
    });
    expect(pulled.status).toBe(200);
  });

  // About 25 s here; the long limit only spares a false failure when the shared machine is busy.
  it('never get a 5xx, and the service still answers afterwards', { timeout: 180_000 }, async () => {
    const requests = generateMalformedRequests(REQUESTS, SEED, await signedInUsers());
    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const outcomes: Outcome[] = [];
    let next = 0;
    const worker = async () => {
      while (next < requests.length) outcomes.push(await send(agent, server.url, requests[next++]!));
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    agent.destroy();

    const distribution: Record<string, number> = {};
    for (const { status } of outcomes) distribution[status] = (distribution[status] ?? 0) + 1;
    const statuses = `statuses: ${JSON.stringify(distribution)}`;
    // A 5xx, or no answer at all.
    const failures = outcomes.filter(({ status }) => typeof status !== 'number' || status >= 500);
    expect(failures.slice(0, 25).map(describeOutcome), `${failures.length} failed; ${statuses}`).toEqual([]);
    // Error bodies are the JSON error, except Node's own 431 (headers too large, answered before
    // the app) and the demo mailbox, whose answers are pages for people.
    const notJson = outcomes.filter(
      ({ jsonError, status, request }) =>
        jsonError === false && status !== 431 && !request.path.startsWith('/mailbox'),
    );
    expect(notJson.slice(0, 25).map(describeOutcome), `${notJson.length} not JSON errors`).toEqual([]);

    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
  });
});
