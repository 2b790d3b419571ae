import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccount } from '../../server/services/admin-accounts';
import { findAccountByEmail } from '../../server/services/accounts';
import { userDbName } from '../../src/domain/user-db';
import { BROWSER_HEADERS } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('admin accounts, created by the operator command only', () => {
  it('creates an approved, verified admin who signs in like anyone else', async () => {
    const account = await createAdminAccount(server.store, {
      email: '  Ops@Example.COM ',
      password: 'a long secret',
      firstName: 'Alex',
      lastName: 'Martin',
    });
    expect(account).toMatchObject({
      role: 'admin',
      isApproved: true,
      isVerifiedEmail: true,
      email: 'ops@example.com',
    });
    expect(await server.store.server.db.get(userDbName(account.uid))).toBeTruthy();

    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...BROWSER_HEADERS },
      body: JSON.stringify({ email: 'ops@example.com', password: 'a long secret', remember: false }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const me = await fetch(`${server.url}/api/auth/me`, { headers: { cookie } });
    expect(((await me.json()) as { user: { role: string } }).user.role).toBe('admin');
  });

  it('refuses an address already used, a short password, and leaves nothing behind', async () => {
    await expect(
      createAdminAccount(server.store, {
        email: 'ops@example.com',
        password: 'another secret',
        firstName: 'B',
      }),
    ).rejects.toThrow(/already uses/);
    await expect(
      createAdminAccount(server.store, { email: 'new@example.com', password: '12345', firstName: 'C' }),
    ).rejects.toThrow(/at least 6/);
    // `/methods` no longer tells which addresses have an account: the store does.
    expect(await findAccountByEmail(server.store, 'new@example.com')).toBeUndefined();
  });

  it('is refused by the public registration form', async () => {
    const answer = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...BROWSER_HEADERS },
      body: JSON.stringify({ role: 'admin', email: 'sneaky@example.com', password: 'secret123' }),
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('role_invalid');
  });
});
