/**
 * Saved segments of the admin console (`/api/admin/comms/segments…`): admins only; rules checked
 * field by field (nothing written when refused); created, read, listed, changed and deleted with
 * one audit entry each, a change made from a stale revision refused; and the live count of unsaved
 * rules over users of every role, language, country and history, banned accounts never counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserListItem } from '../../src/domain/admin-users';
import type { SegmentView } from '../../server/services/comms/segments';
import { auditOf, expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { mintAudienceUser } from '../support/comms';
import { storeOrder } from '../support/orders';
import { browserCall } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;
let users: RoleUsers;

/** Every fixture signed up before this; the role users (signed up now) come after it. */
const FIXTURES_END = '2026-07-01';

beforeAll(async () => {
  server = await startTestServer();
  users = await mintRoles(server.store, 'seg');
  const { store } = server;
  const audience = [
    ['c-fr', { role: 'client', language: 'fr', country: 'FR', createdAt: '2025-01-10T09:00:00.000Z' }],
    ['c-en', { role: 'client', language: 'en', country: 'GB', createdAt: '2025-06-01T00:00:00.000Z' }],
    ['c-es', { role: 'client', language: 'es', country: 'ES', createdAt: '2026-02-01T09:00:00.000Z' }],
    ['c-de', { role: 'client', language: 'de', country: 'DE', createdAt: '2026-05-01T09:00:00.000Z' }],
    [
      'c-ru-banned',
      { role: 'client', language: 'ru', country: 'FR', createdAt: '2025-02-01T09:00:00.000Z', banned: true },
    ],
    [
      'l-fr',
      {
        role: 'lawyer',
        language: 'fr',
        country: 'FR',
        createdAt: '2025-03-01T09:00:00.000Z',
        approved: true,
        online: true,
      },
    ],
    [
      'l-en',
      {
        role: 'lawyer',
        language: 'en',
        country: 'GB',
        createdAt: '2026-01-01T09:00:00.000Z',
        approved: false,
        online: false,
      },
    ],
    [
      'x-es',
      {
        role: 'expat',
        language: 'es',
        country: 'ES',
        createdAt: '2025-09-01T09:00:00.000Z',
        approved: true,
        online: false,
      },
    ],
    [
      'x-de',
      {
        role: 'expat',
        language: 'de',
        country: 'DE',
        createdAt: '2026-06-01T09:00:00.000Z',
        approved: true,
        online: true,
      },
    ],
  ] as const;
  for (const [uid, facts] of audience) await mintAudienceUser(store, uid, facts);
  // Booked: an order paid for, under way or completed. Awaiting payment, cancelled or failed: not.
  const order = (orderId: string, clientUid: string, providerId: string, state: string, createdAt: string) =>
    storeOrder(store, {
      orderId,
      clientUid,
      providerId,
      providerHasAccount: true,
      state: state as never,
      createdAt,
    });
  await order('ord-c-fr', 'c-fr', 'l-fr', 'completed', '2026-03-01T10:00:00.000Z');
  await order('ord-c-de', 'c-de', 'x-es', 'paid', '2026-10-01T10:00:00.000Z');
  await order('ord-c-es-1', 'c-es', 'x-de', 'awaiting_payment', '2026-04-01T10:00:00.000Z');
  await order('ord-c-es-2', 'c-es', 'x-de', 'cancelled', '2026-04-02T10:00:00.000Z');
  await order('ord-c-en', 'c-en', 'l-en', 'failed', '2026-08-01T10:00:00.000Z');
});
afterAll(async () => server?.close());

const call = (method: string, path: string, body?: unknown, cookie = users.admin.cookie) =>
  browserCall(server.url, method, path, cookie, body);

type Count = { count: number; sample: UserListItem[] };
const count = async (rules: Record<string, unknown>) => {
  const answer = await call('POST', '/api/admin/comms/segments/count', { rules });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json as Count;
};
const uidsOf = (answer: Count) => answer.sample.map((item) => item.uid).sort();
const fieldsOf = (answer: { json: unknown }) =>
  (answer.json as { error: { fields?: Record<string, string> } }).error.fields;

describe('the comms segments API', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/comms/segments');
    await expectAdminOnly(server.url, users, 'POST', '/api/admin/comms/segments', { name: 'x', rules: {} });
    await expectAdminOnly(server.url, users, 'POST', '/api/admin/comms/segments/count', { rules: {} });
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/comms/segments/abc');
    await expectAdminOnly(server.url, users, 'PUT', '/api/admin/comms/segments/abc', {
      name: 'x',
      rules: {},
    });
    await expectAdminOnly(server.url, users, 'DELETE', '/api/admin/comms/segments/abc');
  });

  it('refuses bad input field by field, and writes nothing', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{}, { name: 'required' }],
      [{ name: '   ', rules: {} }, { name: 'required' }],
      [{ name: 'x'.repeat(81), rules: {} }, { name: 'too_long' }],
      [{ name: 'Admins', rules: { roles: ['admin'] } }, { 'rules.roles': 'value_invalid' }],
      [{ name: 'Italians', rules: { languages: ['it'] } }, { 'rules.languages': 'value_invalid' }],
      [{ name: 'Nowhere', rules: { countries: ['XX'] } }, { 'rules.countries': 'value_invalid' }],
      [{ name: 'Empty list', rules: { roles: [] } }, { 'rules.roles': 'value_invalid' }],
      [{ name: 'Vague', rules: { signedUpAfter: 'yesterday' } }, { 'rules.signedUpAfter': 'value_invalid' }],
      [
        {
          name: 'Backwards',
          rules: { lastConsultationAfter: '2026-05-01', lastConsultationBefore: '2026-04-01' },
        },
        { 'rules.lastConsultationBefore': 'empty_range' },
      ],
      [{ name: 'Yes', rules: { hasBooked: 'yes' } }, { 'rules.hasBooked': 'value_invalid' }],
      [{ name: 'Odd', rules: { favouriteColour: 'blue' } }, { 'rules.favouriteColour': 'unknown_field' }],
      [{ name: 'Odd', rules: [] }, { rules: 'value_invalid' }],
      [{ name: 'Odd', rules: {}, extra: 1 }, { extra: 'unknown_field' }],
      [[], { body: 'value_invalid' }],
    ];
    for (const [body, fields] of cases) {
      const answer = await call('POST', '/api/admin/comms/segments', body);
      expect(
        [answer.status, (answer.json as { error: { code: string } }).error.code],
        JSON.stringify(body),
      ).toEqual([400, 'validation']);
      expect(fieldsOf(answer), JSON.stringify(body)).toEqual(fields);
    }
    const tooBig = await call('POST', '/api/admin/comms/segments', {
      name: 'Big',
      rules: {},
      pad: 'x'.repeat(20_000),
    });
    expect(tooBig.status).toBe(413);
    const badCount = await call('POST', '/api/admin/comms/segments/count', { rules: { providerOnline: 1 } });
    expect([badCount.status, fieldsOf(badCount)]).toEqual([400, { 'rules.providerOnline': 'value_invalid' }]);
    const strayCount = await call('POST', '/api/admin/comms/segments/count', { rules: {}, name: 'x' });
    expect([strayCount.status, fieldsOf(strayCount)]).toEqual([400, { name: 'unknown_field' }]);
    expect(((await call('GET', '/api/admin/comms/segments')).json as { items: unknown[] }).items).toEqual([]);
  });

  it('creates, reads, lists, changes and deletes a segment, each change audited once', async () => {
    const created = await call('POST', '/api/admin/comms/segments', {
      name: '  Clients francophones  ',
      rules: { roles: ['client'], languages: ['fr'], signedUpAfter: '2025-01-01' },
    });
    expect(created.status).toBe(201);
    const segment = (created.json as { segment: SegmentView }).segment;
    expect(segment).toMatchObject({
      name: 'Clients francophones',
      rules: { roles: ['client'], languages: ['fr'], signedUpAfter: '2025-01-01T00:00:00.000Z' },
      createdBy: users.admin.uid,
    });
    expect(segment.id).toMatch(/^[a-z0-9-]+$/);
    expect((await call('GET', `/api/admin/comms/segments/${segment.id}`)).json).toEqual({ segment });
    await call('POST', '/api/admin/comms/segments', { name: 'Avocats', rules: { roles: ['lawyer'] } });
    const listed = (await call('GET', '/api/admin/comms/segments')).json as { items: SegmentView[] };
    expect(listed.items.map((item) => item.name)).toEqual(['Avocats', 'Clients francophones']);

    const changed = await call('PUT', `/api/admin/comms/segments/${segment.id}`, {
      name: 'Clients germanophones',
      rules: { roles: ['client'], languages: ['de'] },
      rev: segment.rev,
    });
    expect(changed.status).toBe(200);
    const after = (changed.json as { segment: SegmentView }).segment;
    expect(after).toMatchObject({
      name: 'Clients germanophones',
      rules: { roles: ['client'], languages: ['de'] },
    });
    expect(after.rev).not.toBe(segment.rev);
    // Another admin's form, opened before that change, is refused rather than overwriting it.
    const stale = await call('PUT', `/api/admin/comms/segments/${segment.id}`, {
      name: 'Écrasé',
      rules: {},
      rev: segment.rev,
    });
    expect([stale.status, (stale.json as { error: { code: string } }).error.code]).toEqual([
      409,
      'segment_changed',
    ]);
    const staleDelete = await call(
      'DELETE',
      `/api/admin/comms/segments/${segment.id}?rev=${encodeURIComponent(segment.rev)}`,
    );
    expect(staleDelete.status).toBe(409);
    const deleted = await call(
      'DELETE',
      `/api/admin/comms/segments/${segment.id}?rev=${encodeURIComponent(after.rev)}`,
    );
    expect([deleted.status, deleted.json]).toEqual([200, { deleted: true }]);
    const gone = await call('GET', `/api/admin/comms/segments/${segment.id}`);
    expect([gone.status, (gone.json as { error: { code: string } }).error.code]).toEqual([
      404,
      'segment_not_found',
    ]);
    expect((await call('GET', '/api/admin/comms/segments/NOT$AN-ID')).status).toBe(404);
    expect((await call('PUT', '/api/admin/comms/segments/unknown-id', { name: 'x', rules: {} })).status).toBe(
      404,
    );

    const trail = await auditOf(server.store, 'segment', segment.id, 3);
    expect(trail.map((entry) => [entry.action, entry.actor])).toEqual([
      ['segment_create', users.admin.uid],
      ['segment_update', users.admin.uid],
      ['segment_delete', users.admin.uid],
    ]);
    expect(trail[1]).toMatchObject({
      before: { name: 'Clients francophones' },
      after: { name: 'Clients germanophones', rules: { roles: ['client'], languages: ['de'] } },
    });
  });

  it('counts the users some rules select, never admins nor banned accounts', async () => {
    // Every user: the eight fixtures not banned, and the client, lawyer and expat of the role users.
    expect((await count({})).count).toBe(11);
    const before = { signedUpBefore: FIXTURES_END };
    expect(uidsOf(await count({ ...before, roles: ['client'] }))).toEqual(['c-de', 'c-en', 'c-es', 'c-fr']);
    expect(uidsOf(await count({ ...before, languages: ['fr', 'de'] }))).toEqual([
      'c-de',
      'c-fr',
      'l-fr',
      'x-de',
    ]);
    expect(uidsOf(await count({ ...before, countries: ['FR'] }))).toEqual(['c-fr', 'l-fr']);
    expect((await count({ ...before, signedUpAfter: '2025-06-01' })).count).toBe(6);
    expect(uidsOf(await count({ hasBooked: true }))).toEqual(['c-de', 'c-fr']);
    expect(uidsOf(await count({ ...before, roles: ['client'], hasBooked: false }))).toEqual(['c-en', 'c-es']);
    // The last consultation, as client or provider: the provider of a booked one counts too.
    expect(uidsOf(await count({ lastConsultationAfter: '2026-06-01' }))).toEqual(['c-de', 'x-es']);
    expect(uidsOf(await count({ lastConsultationBefore: '2026-06-01' }))).toEqual(['c-fr', 'l-fr']);
    expect(uidsOf(await count({ ...before, providerApproved: true }))).toEqual(['l-fr', 'x-de', 'x-es']);
    expect(uidsOf(await count({ ...before, providerApproved: false }))).toEqual(['l-en']);
    expect(uidsOf(await count({ ...before, providerOnline: true }))).toEqual(['l-fr', 'x-de']);
    expect(uidsOf(await count({ ...before, providerOnline: false }))).toEqual(['l-en', 'x-es']);
    const combined = await count({
      roles: ['lawyer', 'expat'],
      languages: ['es', 'de'],
      providerApproved: true,
      providerOnline: false,
    });
    expect(combined.count).toBe(1);
    expect(combined.sample).toEqual([
      expect.objectContaining({
        uid: 'x-es',
        role: 'expat',
        email: 'x-es@example.test',
        displayName: 'x-es',
        country: 'ES',
      }),
    ]);
    // A count's sample is the first few of many.
    const all = await count({});
    expect(all.sample).toHaveLength(5);
    expect(all.sample.map((item) => item.uid)).not.toContain('c-ru-banned');
    expect((await count({ roles: ['client'], languages: ['ru'] })).count).toBe(0);
  });
});
