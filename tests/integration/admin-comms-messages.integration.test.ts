/**
 * Moderation of messages in the admin console (`comms/messages`) against the real service: a client
 * writes to a provider and the provider answers, each pushing into their own database through the
 * replication gateway as their device does; an admin finds the conversation, reads both messages
 * and hides one with a reason; both parties' databases (read through the gateway, as a device
 * pulls) show it hidden, without its text; a device pushing it back un-hidden cannot undo that;
 * showing it again restores it. Only admins get in, bad input is a 400 per field, and each change
 * is audited once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationDetail, ConversationView } from '../../src/domain/message-moderation';
import { messageId } from '../../src/domain/mine';
import type { MessageDoc, NotificationDoc } from '../../src/domain/mine';
import {
  backfillConversations,
  conversationDocId,
  COMMS_DB,
} from '../../server/services/comms/conversations';
import { messageNotificationId } from '../../server/services/message-notifications';
import { getOrUndefined } from '../../server/store/store';
import { auditOf, expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { eventually, storeOrder } from '../support/orders';
import { providerWithAccount } from '../support/providers';
import { BROWSER_HEADERS, browserCall, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

type Page = { items: ConversationView[]; next?: string };
type Decision = { messageId: string; state: string; changed: boolean };
type ErrorAnswer = { error: { code: string; fields?: Record<string, string> } };
type Row = { id?: string; ok?: boolean; error?: string; reason?: string };
type DeviceDoc = MessageDoc & { _id: string; _rev: string };

let server: TestServer;
let users: RoleUsers;
let client: TestUser;
let lawyer: TestUser;
const PROVIDER = 'cm-lawyer-1';
const ORDER = 'cm-order-1';
const QUESTION = messageId(ORDER, 'q1');
const ANSWER = messageId(ORDER, 'a1');
const RUDE = 'Réponse insultante à masquer';

async function call<T>(method: string, path: string, body?: unknown, cookie = users.admin.cookie) {
  return (await browserCall(server.url, method, path, cookie, body)) as { status: number; json: T };
}
const moderate = (id: string, body: unknown) =>
  call<Decision & ErrorAnswer>(
    'POST',
    `/api/admin/comms/messages/${encodeURIComponent(id)}/moderation`,
    body,
  );

/** A device's push of its own documents (`new_edits=false`: as a replicator pushes revisions). */
async function push(user: TestUser, docs: unknown[], replicated = false): Promise<Row[]> {
  const response = await fetch(`${server.url}/db/${user.db}/_bulk_docs`, {
    method: 'POST',
    headers: { ...BROWSER_HEADERS, 'content-type': 'application/json', cookie: user.cookie },
    body: JSON.stringify({ docs, ...(replicated ? { new_edits: false } : {}) }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Row[];
}

/** A document as the user's device pulls it through the gateway. */
async function pulled(user: TestUser, id: string): Promise<DeviceDoc> {
  const response = await fetch(`${server.url}/db/${user.db}/${encodeURIComponent(id)}`, {
    headers: { ...BROWSER_HEADERS, cookie: user.cookie },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as DeviceDoc;
}

function message(key: string, from: string, to: string, body: string) {
  const now = new Date().toISOString();
  return {
    _id: messageId(ORDER, key),
    type: 'message',
    orderId: ORDER,
    from,
    to,
    body,
    createdAt: now,
    updatedAt: now,
  };
}

const delivered = (user: TestUser, id: string) =>
  eventually(async () => {
    const doc = await getOrUndefined(server.store.db<MessageDoc>(user.db), id);
    return doc?.deliveredAt ? doc : undefined;
  });

beforeAll(async () => {
  server = await startTestServer({ seed: true, limits: { api: { limit: 10_000, windowMs: 60_000 } } });
  users = await mintRoles(server.store, 'cm');
  client = await mintUser(server.store, 'cm-client-1');
  ({ user: lawyer } = await providerWithAccount(server.store, PROVIDER, '+33633333333'));
  await storeOrder(server.store, {
    orderId: ORDER,
    clientUid: client.uid,
    providerId: PROVIDER,
    providerHasAccount: true,
    client: { name: 'Ysolde Marchetti' },
    provider: { name: 'Maître Oberkampf' },
  });
  expect(
    await push(client, [message('q1', client.uid, PROVIDER, 'Bonjour, une question sur mon bail.')]),
  ).toEqual([expect.objectContaining({ ok: true })]);
  await delivered(client, QUESTION);
  expect(await push(lawyer, [message('a1', PROVIDER, client.uid, RUDE)])).toEqual([
    expect.objectContaining({ ok: true }),
  ]);
  await delivered(lawyer, ANSWER);
  await delivered(client, ANSWER);
});

afterAll(async () => {
  await server?.close();
});

describe('messages moderation in the admin console', () => {
  it('lists the conversation, newest activity first, and finds it by a party', async () => {
    const all = await call<Page>('GET', '/api/admin/comms/conversations');
    expect(all.status).toBe(200);
    expect(all.json.items[0]).toMatchObject({
      orderId: ORDER,
      client: { uid: client.uid, name: 'Ysolde Marchetti', email: client.email },
      provider: { uid: PROVIDER, name: 'Maître Oberkampf' },
    });
    for (const q of ['marchetti', 'OBERKAMPF', client.email, 'ysol']) {
      const found = await call<Page>('GET', `/api/admin/comms/conversations?q=${encodeURIComponent(q)}`);
      expect(found.json.items.map((item) => item.orderId)).toEqual([ORDER]);
    }
    const none = await call<Page>('GET', '/api/admin/comms/conversations?q=personne-inconnue');
    expect(none.json.items).toEqual([]);
  });

  it("reads both parties' messages in order, with sender and time", async () => {
    const read = await call<ConversationDetail>('GET', `/api/admin/comms/conversations/${ORDER}`);
    expect(read.status).toBe(200);
    expect(read.json.truncated).toBe(false);
    expect(read.json.messages).toEqual([
      expect.objectContaining({ id: QUESTION, from: client.uid, fromRole: 'client', state: 'visible' }),
      expect.objectContaining({
        id: ANSWER,
        from: PROVIDER,
        fromRole: 'provider',
        body: RUDE,
        state: 'visible',
      }),
    ]);
    expect(read.json.messages[1]!.deliveredAt).toEqual(expect.any(String));
  });

  it("hides a message with a reason in both parties' databases, as their devices pull it", async () => {
    const hidden = await moderate(ANSWER, { state: 'hidden', reason: '  Propos insultants  ' });
    expect(hidden).toEqual({ status: 200, json: { messageId: ANSWER, state: 'hidden', changed: true } });
    for (const user of [client, lawyer]) {
      const copy = await pulled(user, ANSWER);
      expect(copy.hiddenAt).toEqual(expect.any(String));
      expect(copy.body).toBeUndefined();
      expect(copy).toMatchObject({ from: PROVIDER, to: client.uid, deliveredAt: expect.any(String) });
    }
    expect((await pulled(client, QUESTION)).body).toBe('Bonjour, une question sur mon bail.');
    // The client's notification of new messages no longer quotes it.
    const notice = await getOrUndefined(
      server.store.db<NotificationDoc>(client.db),
      messageNotificationId(ORDER),
    );
    expect(JSON.stringify(notice ?? {})).not.toContain('insultante');
    const read = await call<ConversationDetail>('GET', `/api/admin/comms/conversations/${ORDER}`);
    expect(read.json.messages[1]).toMatchObject({
      id: ANSWER,
      body: RUDE,
      state: 'hidden',
      moderation: { state: 'hidden', reason: 'Propos insultants', by: users.admin.uid },
    });
    const again = await moderate(ANSWER, { state: 'hidden', reason: 'Encore' });
    expect(again.json).toMatchObject({ state: 'hidden', changed: false });
  });

  it('refuses a device pushing the message back un-hidden, edited or as an older revision', async () => {
    const current = await pulled(lawyer, ANSWER);
    const { hiddenAt: _hiddenAt, ...unhidden } = current;
    const [edited] = await push(lawyer, [{ ...unhidden, body: RUDE }]);
    expect(edited).toMatchObject({ error: 'conflict', reason: expect.stringMatching(/cannot be changed/) });
    const [deleted] = await push(client, [
      { _id: ANSWER, _rev: (await pulled(client, ANSWER))._rev, _deleted: true },
    ]);
    expect(deleted).toMatchObject({ error: 'conflict' });
    // A replicator's revision that would win CouchDB's choice (a longer history).
    const depth = Number(current._rev.split('-')[0]) + 5;
    const ids = Array.from({ length: depth }, (_, i) => `${(depth - i).toString(16).padStart(4, '0')}beef`);
    const refused = await push(
      client,
      [{ ...unhidden, body: RUDE, _rev: `${depth}-${ids[0]}`, _revisions: { start: depth, ids } }],
      true,
    );
    expect(refused).toEqual([expect.objectContaining({ id: ANSWER, error: 'forbidden' })]);
    // A device cannot send a new message already hidden, nor one without a text.
    const [early] = await push(client, [
      { ...message('x1', client.uid, PROVIDER, 'Bonjour'), hiddenAt: new Date().toISOString() },
    ]);
    expect(early).toMatchObject({ reason: expect.stringMatching(/moderation only/) });
    const { body: _body, ...silent } = message('x2', client.uid, PROVIDER, 'x');
    const [empty] = await push(client, [silent]);
    expect(empty).toMatchObject({ reason: expect.stringMatching(/has a text/) });
    for (const user of [client, lawyer]) {
      const copy = await pulled(user, ANSWER);
      expect([copy.body, typeof copy.hiddenAt]).toEqual([undefined, 'string']);
    }
  });

  it('shows the message again in both databases, and audits each change once', async () => {
    const shown = await moderate(ANSWER, { state: 'visible', reason: 'Signalement infondé' });
    expect(shown.json).toEqual({ messageId: ANSWER, state: 'visible', changed: true });
    for (const user of [client, lawyer]) {
      const copy = await pulled(user, ANSWER);
      expect(copy.body).toBe(RUDE);
      expect(copy.hiddenAt).toBeUndefined();
    }
    const trail = await auditOf(server.store, 'message', ANSWER, 2);
    expect(
      trail.map(({ action, actor, before, after, reason }) => ({ action, actor, before, after, reason })),
    ).toEqual([
      {
        action: 'message_hide',
        actor: users.admin.uid,
        before: { state: 'visible' },
        after: { state: 'hidden' },
        reason: 'Propos insultants',
      },
      {
        action: 'message_unhide',
        actor: users.admin.uid,
        before: { state: 'hidden' },
        after: { state: 'visible' },
        reason: 'Signalement infondé',
      },
    ]);
  });

  it('records one decision when two admins hide the same message at once', async () => {
    const both = await Promise.all([
      moderate(QUESTION, { state: 'hidden', reason: 'Doublon 1' }),
      moderate(QUESTION, { state: 'hidden', reason: 'Doublon 2' }),
    ]);
    expect(both.map((answer) => [answer.status, answer.json.state])).toEqual([
      [200, 'hidden'],
      [200, 'hidden'],
    ]);
    expect((await auditOf(server.store, 'message', QUESTION, 1)).map((entry) => entry.action)).toEqual([
      'message_hide',
    ]);
    for (const user of [client, lawyer]) expect((await pulled(user, QUESTION)).body).toBeUndefined();
    expect((await moderate(QUESTION, { state: 'visible', reason: 'Rétabli' })).json.changed).toBe(true);
    expect((await pulled(lawyer, QUESTION)).body).toBe('Bonjour, une question sur mon bail.');
  });

  it('is for admins only', async () => {
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/comms/conversations');
    await expectAdminOnly(server.url, users, 'GET', `/api/admin/comms/conversations/${ORDER}`);
    await expectAdminOnly(server.url, users, 'POST', `/api/admin/comms/messages/${ANSWER}/moderation`, {
      state: 'hidden',
      reason: 'x',
    });
    // The parties themselves are no admins either.
    const party = await call<ErrorAnswer>(
      'POST',
      `/api/admin/comms/messages/${ANSWER}/moderation`,
      {},
      client.cookie,
    );
    expect(party.status).toBe(403);
    expect((await pulled(lawyer, ANSWER)).body).toBe(RUDE);
  });

  it('answers bad input with a 400 per field, and unknown ids with a 404', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{}, { state: 'required', reason: 'required' }],
      [
        { state: 'gone', reason: '   ' },
        { state: 'value_invalid', reason: 'required' },
      ],
      [{ state: 'hidden', reason: 'x'.repeat(1001) }, { reason: 'too_long' }],
      [{ state: 'hidden', reason: 'ok', extra: 1 }, { extra: 'unknown_field' }],
      [[1, 2], { body: 'value_invalid' }],
    ];
    for (const [body, fields] of cases) {
      const answer = await moderate(ANSWER, body);
      expect([answer.status, answer.json.error.code, answer.json.error.fields]).toEqual([
        400,
        'validation',
        fields,
      ]);
    }
    const badId = await moderate('message:../x', { state: 'hidden', reason: 'ok' });
    expect([badId.status, badId.json.error.fields]).toEqual([400, { messageId: 'value_invalid' }]);
    const badOrder = await call<ErrorAnswer>('GET', '/api/admin/comms/conversations/a%20b');
    expect([badOrder.status, badOrder.json.error.fields]).toEqual([400, { orderId: 'value_invalid' }]);
    for (const query of ['limit=0', 'limit=abc', 'token=%25%25', `q=${'x'.repeat(101)}`]) {
      const answer = await call<ErrorAnswer>('GET', `/api/admin/comms/conversations?${query}`);
      expect([answer.status, answer.json.error.code]).toEqual([400, 'validation']);
    }
    const missing = await moderate(messageId(ORDER, 'nothing'), { state: 'hidden', reason: 'ok' });
    expect([missing.status, missing.json.error.code]).toEqual([404, 'not_found']);
    const noOrder = await moderate(messageId('no-such-order', 'k'), { state: 'hidden', reason: 'ok' });
    expect(noOrder.status).toBe(404);
    const noConversation = await call<ErrorAnswer>('GET', '/api/admin/comms/conversations/no-such-order');
    expect([noConversation.status, noConversation.json.error.code]).toEqual([404, 'not_found']);
    const tooBig = await moderate(ANSWER, { state: 'hidden', reason: 'x'.repeat(20_000) });
    expect(tooBig.status).toBe(413);
    expect(await auditOf(server.store, 'message', messageId(ORDER, 'nothing'))).toEqual([]);
  });

  it('indexes, once, the conversations of messages written before the index', async () => {
    const older = 'cm-order-older';
    await storeOrder(server.store, {
      orderId: older,
      clientUid: client.uid,
      providerId: PROVIDER,
      providerHasAccount: true,
    });
    const at = '2026-01-02T03:04:05.000Z';
    const id = messageId(older, 'old1');
    await server.store.db(client.db).insert({
      _id: id,
      id,
      type: 'message',
      orderId: older,
      from: client.uid,
      to: PROVIDER,
      body: 'Un ancien message',
      createdAt: at,
      deliveredAt: at,
      updatedAt: at,
    });
    expect(await getOrUndefined(server.store.db(COMMS_DB), conversationDocId(older))).toBeUndefined();
    expect(await backfillConversations(server.store)).toBeGreaterThanOrEqual(1);
    expect(await getOrUndefined(server.store.db(COMMS_DB), conversationDocId(older))).toMatchObject({
      startedAt: at,
      lastMessageAt: at,
    });
    expect(await backfillConversations(server.store)).toBe(0);
    const page = await call<Page>('GET', '/api/admin/comms/conversations');
    expect(page.json.items.map((item) => item.orderId).slice(0, 2)).toEqual([ORDER, older]);
  });
});
