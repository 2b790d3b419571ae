/**
 * The demo mailbox holds everyone's verification and password-reset links: it must never show one
 * person's mail to another. Served to the machine itself (a loopback socket, with no forwarded
 * headers, which are never trusted for this) or to a signed-in admin; anyone else gets 403. The
 * non-local caller here is real: the service listens on every interface and is reached through
 * this machine's own non-loopback address, so its socket sees that address.
 */
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_VALUE } from '../../src/domain/account';
import { createPasswordAccount } from '../support/accounts';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let demo: TestServer;
/** The same service, through this machine's non-loopback address. */
let remoteUrl: string;

function nonLoopbackAddress(): string {
  for (const list of Object.values(networkInterfaces())) {
    for (const address of list ?? [])
      if (!address.internal && address.family === 'IPv4') return address.address;
  }
  throw new Error(
    'This test needs a non-loopback IPv4 interface to call the service from a non-local address',
  );
}

beforeAll(async () => {
  demo = await startTestServer({ host: '0.0.0.0', env: (url) => ({ PUBLIC_URL: url }) });
  remoteUrl = demo.url.replace('127.0.0.1', nonLoopbackAddress());
});
afterAll(async () => {
  await demo?.close();
});

async function resetLinkFor(email: string) {
  const res = await fetch(`${demo.url}/api/auth/password-reset/request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_VALUE },
    body: JSON.stringify({ email }),
  });
  expect(res.status).toBe(202);
  // The mail is written just after the answer.
  for (let attempt = 0; attempt < 50; attempt++) {
    const page = await (await fetch(`${demo.url}/mailbox`)).text();
    if (page.includes('/password-reset?token=')) return page;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no reset mail in the mailbox');
}

describe('the demo mailbox', () => {
  it('is refused to a caller on another address, with no mail in the answer', async () => {
    const victim = await createPasswordAccount(demo.store, { email: 'victim@example.test' });
    const local = await resetLinkFor(victim.email);
    expect(local).toContain('shown only to the machine the service runs on and to signed-in admins');
    const id = /href="\/mailbox\/([^"/]+)\/html"/.exec(local)![1]!;

    for (const path of ['/mailbox', `/mailbox/${id}/html`]) {
      const res = await fetch(`${remoteUrl}${path}`);
      expect(res.status).toBe(403);
      const body = await res.text();
      expect(body).toContain('not available from here');
      expect(body).not.toContain('victim@example.test');
      expect(body).not.toContain('token=');
    }
    // A signed-in client from elsewhere is refused too.
    const other = await createPasswordAccount(demo.store, { email: 'curious@example.test' });
    expect((await fetch(`${remoteUrl}/mailbox`, { headers: { cookie: other.cookie } })).status).toBe(403);
  });

  it('never trusts forwarded headers: a proxied request from loopback is refused', async () => {
    const proxied: Record<string, string>[] = [
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=127.0.0.1' },
      { 'x-real-ip': '127.0.0.1' },
    ];
    for (const headers of proxied) {
      const res = await fetch(`${demo.url}/mailbox`, { headers });
      expect(res.status).toBe(403);
    }
    // …nor from another address claiming to be local.
    const spoofed = await fetch(`${remoteUrl}/mailbox`, { headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(spoofed.status).toBe(403);
  });

  it('is shown to a signed-in admin from any address', async () => {
    const admin = await createPasswordAccount(demo.store, { email: 'admin@example.test', role: 'admin' });
    const res = await fetch(`${remoteUrl}/mailbox`, { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Demo mailbox — mails are not sent');
  });
});
