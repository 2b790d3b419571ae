/**
 * A small vocabulary for the admin console's integration tests: one signed-in user of each role,
 * the authorisation matrix every admin endpoint must answer (401 signed out, 403 for every role but
 * admin), and a record's audit entries as the store holds them.
 */
import { expect } from 'vitest';
import type { AuditEntry } from '../../server/services/admin/audit';
import type { Store } from '../../server/store/store';
import { browserCall, mintUser } from './sessions';
import { settled } from './settled';
import type { TestUser } from './sessions';

export type RoleUsers = { admin: TestUser; client: TestUser; lawyer: TestUser; expat: TestUser };

export async function mintRoles(store: Store, prefix: string): Promise<RoleUsers> {
  return {
    admin: await mintUser(store, `${prefix}-admin`, 'admin'),
    client: await mintUser(store, `${prefix}-client`),
    lawyer: await mintUser(store, `${prefix}-lawyer`, 'lawyer'),
    expat: await mintUser(store, `${prefix}-expat`, 'expat'),
  };
}

/** Asserts that only an admin gets through: 401 signed out, 403 for a client, a lawyer and an expat. */
export async function expectAdminOnly(
  url: string,
  users: RoleUsers,
  method: string,
  path: string,
  body?: unknown,
): Promise<void> {
  const anonymous = await browserCall(url, method, path, '', body);
  expect([anonymous.status, (anonymous.json as { error?: { code?: string } }).error?.code]).toEqual([
    401,
    'not_signed_in',
  ]);
  for (const user of [users.client, users.lawyer, users.expat]) {
    const refused = await browserCall(url, method, path, user.cookie, body);
    expect([refused.status, (refused.json as { error?: { code?: string } }).error?.code]).toEqual([
      403,
      'forbidden',
    ]);
  }
}

/**
 * A record's audit entries, oldest first, once at least `count` of them (of `action`, when given)
 * can be read. The read lists the `audit` database, and on a CouchDB cluster a list read right
 * after a write may come from a copy that does not have it yet (see `settled`); the service wrote
 * the entry before it answered, so the test says how many it expects and reads until they are
 * there (at most 20 s), then asserts on what it read. With no count, one reading: enough to see
 * that nothing was written.
 */
export async function auditOf(
  store: Store,
  kind: string,
  id: string,
  count = 0,
  action?: string,
): Promise<AuditEntry[]> {
  const read = async () => {
    const { rows } = await store.db<AuditEntry>('audit').list({ include_docs: true });
    return rows
      .map((row) => row.doc!)
      .filter((doc) => doc.type === 'audit' && doc.subject.kind === kind && doc.subject.id === id)
      .sort((a, b) => a.at.localeCompare(b.at));
  };
  return settled(
    read,
    (trail) => trail.filter((entry) => !action || entry.action === action).length >= count,
  );
}
