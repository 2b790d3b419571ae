/**
 * Providers' identity checks in the admin console against the real service: the identity record
 * of a provider who registered through the real endpoints, its document streamed inline to admins
 * and to nobody else (not even its owner), the status set with a reason and audited once per
 * change, and bank details that no answer ever carries whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KycView } from '../../src/domain/kyc';
import { auditOf, expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import {
  BANK_ACCOUNT_STORED,
  BANK_ACCOUNT_TAIL,
  PENDING_IDENTITY,
  pngBytes,
  registerPendingProvider,
} from '../support/pending-providers';
import type { PendingProvider } from '../support/pending-providers';
import { browserCall } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

type Page = { items: KycView[]; next?: string };
type Decision = { kyc: KycView; changed: boolean };
type ErrorAnswer = { error: { code: string; fields?: Record<string, string> } };

let server: TestServer;
let users: RoleUsers;
let lawyer: PendingProvider;
let expat: PendingProvider;
/** Every answer of the admin API in this file, to check that no bank number leaves whole. */
const answers: string[] = [];

async function call<T>(method: string, path: string, body?: unknown, cookie = users.admin.cookie) {
  const answer = await browserCall(server.url, method, path, cookie, body);
  answers.push(JSON.stringify(answer.json));
  return answer as { status: number; json: T };
}
const list = (query = '') => call<Page>('GET', `/api/admin/kyc?${query}`);
const decide = (uid: string, body: unknown) =>
  call<Decision & ErrorAnswer>('PUT', `/api/admin/kyc/${uid}/status`, body);
const documentOf = (uid: string, cookie = users.admin.cookie) =>
  fetch(`${server.url}/api/admin/kyc/${uid}/document`, { headers: { cookie } });

beforeAll(async () => {
  server = await startTestServer({ limits: { api: { limit: 10_000, windowMs: 60_000 } } });
  users = await mintRoles(server.store, 'kyc');
  lawyer = await registerPendingProvider(server.url, {
    role: 'lawyer',
    email: 'kyc-pending-lawyer@example.test',
  });
  expat = await registerPendingProvider(server.url, {
    role: 'expat',
    email: 'kyc-pending-expat@example.test',
    idDocument: pngBytes(),
  });
});

afterAll(async () => {
  await server?.close();
});

describe('identity checks', () => {
  it('are for admins only, every endpoint', async () => {
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/kyc');
    await expectAdminOnly(server.url, users, 'GET', `/api/admin/kyc/${lawyer.uid}`);
    await expectAdminOnly(server.url, users, 'PUT', `/api/admin/kyc/${lawyer.uid}/status`, {
      status: 'verified',
    });
    await expectAdminOnly(server.url, users, 'GET', `/api/admin/kyc/${lawyer.uid}/document`);
    expect(await auditOf(server.store, 'kyc', lawyer.uid)).toEqual([]);
  });

  it('never serve an identity document to anyone but an admin, its owner included', async () => {
    for (const cookie of ['', users.client.cookie, users.lawyer.cookie, lawyer.cookie, expat.cookie]) {
      const answer = await documentOf(lawyer.uid, cookie);
      expect([401, 403]).toContain(answer.status);
      const body = Buffer.from(await answer.arrayBuffer());
      expect(body.includes(lawyer.idDocument)).toBe(false);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    }
    // Nor through the public photo path, by its id.
    const publicPath = await fetch(`${server.url}/api/photos/${lawyer.idDocumentId}`);
    expect(publicPath.status).toBe(404);
  });

  it('stream a PDF and an image inline to an admin, typed, never cached nor sniffed', async () => {
    const pdf = await documentOf(lawyer.uid);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`inline; filename="identity-${lawyer.uid}.pdf"`);
    expect(pdf.headers.get('x-content-type-options')).toBe('nosniff');
    expect(pdf.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await pdf.arrayBuffer()).equals(lawyer.idDocument)).toBe(true);

    const png = await documentOf(expat.uid);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-disposition')).toMatch(/^inline; filename="identity-.+\.png"$/);
    expect(Buffer.from(await png.arrayBuffer()).equals(expat.idDocument)).toBe(true);

    expect((await documentOf('nobody')).status).toBe(404);
  });

  it('list pending records oldest first, by role, with the document linked and bank details masked', async () => {
    const { status, json } = await list();
    expect(status).toBe(200);
    expect(json.items.map((item) => item.uid)).toEqual([lawyer.uid, expat.uid]);
    expect(json.items[0]).toMatchObject({
      role: 'lawyer',
      status: 'pending',
      dateOfBirth: PENDING_IDENTITY.dateOfBirth,
      address: PENDING_IDENTITY.address,
      idNumber: PENDING_IDENTITY.idNumber,
      bankAccount: `•••• ${BANK_ACCOUNT_TAIL}`,
      ifsc: '•••• 1234',
      document: { contentType: 'application/pdf', url: `/api/admin/kyc/${lawyer.uid}/document` },
      account: { email: 'kyc-pending-lawyer@example.test' },
    });
    expect((await list('role=expat')).json.items.map((item) => item.uid)).toEqual([expat.uid]);
    expect((await list('dir=desc')).json.items.map((item) => item.uid)).toEqual([expat.uid, lawyer.uid]);
    const first = await list('limit=1');
    expect(first.json.items).toHaveLength(1);
    const second = await list(`limit=1&token=${first.json.next}`);
    expect(second.json.items.map((item) => item.uid)).toEqual([expat.uid]);

    for (const [query, field] of [
      ['status=approved', 'status'],
      ['role=client', 'role'],
      ['limit=500', 'limit'],
      ['token=%%%', 'token'],
    ] as [string, string][]) {
      const answer = (await list(query)) as unknown as { status: number; json: ErrorAnswer };
      expect([query, answer.status, answer.json.error.fields]).toEqual([
        query,
        400,
        { [field]: 'value_invalid' },
      ]);
    }
    expect((await call<ErrorAnswer>('GET', '/api/admin/kyc/nobody')).status).toBe(404);
  });

  it('set a status, audited once per change; rejecting needs a reason', async () => {
    for (const [body, fields] of [
      [{}, { status: 'required' }],
      [{ status: 'approved' }, { status: 'value_invalid' }],
      [{ status: 'rejected' }, { reason: 'required' }],
      [{ status: 'rejected', reason: ' ' }, { reason: 'required' }],
      [{ status: 'rejected', reason: 'x'.repeat(1001) }, { reason: 'too_long' }],
      [{ status: 'verified', reason: 7 }, { reason: 'value_invalid' }],
    ] as const) {
      const answer = await decide(lawyer.uid, body);
      expect([answer.status, answer.json.error.code, answer.json.error.fields]).toEqual([
        400,
        'validation',
        fields,
      ]);
    }
    expect((await decide('nobody', { status: 'verified' })).status).toBe(404);
    expect(await auditOf(server.store, 'kyc', lawyer.uid)).toEqual([]);

    const rejected = await decide(lawyer.uid, { status: 'rejected', reason: 'Document expiré' });
    expect(rejected.status).toBe(200);
    expect(rejected.json).toMatchObject({
      changed: true,
      kyc: { status: 'rejected', statusReason: 'Document expiré', reviewedBy: users.admin.uid },
    });
    const again = await decide(lawyer.uid, { status: 'rejected', reason: 'Document expiré' });
    expect(again.json.changed).toBe(false);
    // Two admins at once: one change, one entry.
    const both = await Promise.all([
      decide(lawyer.uid, { status: 'verified' }),
      decide(lawyer.uid, { status: 'verified' }),
    ]);
    expect(both.map((answer) => answer.json.changed).sort()).toEqual([false, true]);
    expect(await auditOf(server.store, 'kyc', lawyer.uid, 2)).toEqual([
      expect.objectContaining({
        actor: users.admin.uid,
        action: 'kyc_status',
        before: { status: 'pending' },
        after: { status: 'rejected' },
        reason: 'Document expiré',
      }),
      expect.objectContaining({
        action: 'kyc_status',
        before: { status: 'rejected' },
        after: { status: 'verified' },
      }),
    ]);
    expect((await list('status=verified')).json.items.map((item) => item.uid)).toEqual([lawyer.uid]);
    expect((await list()).json.items.map((item) => item.uid)).toEqual([expat.uid]);
    const verified = await call<{ kyc: KycView }>('GET', `/api/admin/kyc/${lawyer.uid}`);
    expect(verified.json.kyc.status).toBe('verified');
    expect(verified.json.kyc.statusReason).toBeUndefined();

    // The audit trail the detail page shows.
    const trail = await call<{ items: unknown[] }>('GET', `/api/admin/audit?kind=kyc&id=${lawyer.uid}`);
    expect(trail.json.items).toHaveLength(2);
  });

  it('never answered a whole bank number', () => {
    expect(answers.length).toBeGreaterThan(15);
    for (const text of answers) {
      expect(text).not.toContain(BANK_ACCOUNT_STORED);
      expect(text).not.toContain(PENDING_IDENTITY.bankAccountNumber);
      expect(text).not.toContain(PENDING_IDENTITY.ifsc);
    }
  });
});
