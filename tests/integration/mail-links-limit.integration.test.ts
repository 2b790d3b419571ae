/**
 * The links of campaign mails (unsubscribe page, tracking pixel, tracked links) need no session:
 * each caller's address has a budget of requests (services/rate-limit.ts), past which it gets 429
 * with the time to wait, and the rest of the site is unaffected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ limits: { mailLinks: { limit: 4, windowMs: 60_000 } } });
});
afterAll(async () => {
  await server?.close();
});

describe('the links of campaign mails', () => {
  it('answer 429 past the address’s budget, whichever link, and leave the rest of the site alone', async () => {
    const statuses: number[] = [];
    for (const path of ['/m/o/forged.gif', '/m/c/forged', '/unsubscribe?token=forged', '/m/o/forged.gif']) {
      statuses.push((await fetch(`${server.url}${path}`, { redirect: 'manual' })).status);
    }
    // Within the budget: forged links are refused as such.
    expect(statuses).toEqual([400, 400, 400, 400]);

    const over = await fetch(`${server.url}/m/c/forged`, { redirect: 'manual' });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await fetch(`${server.url}/unsubscribe?token=forged`)).status).toBe(429);

    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
