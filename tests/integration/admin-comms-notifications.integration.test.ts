/**
 * In-app notifications sent from the admin console (`/api/admin/comms/notifications…`): admins
 * only; bad input refused before anything is written; sent to one user or to a saved segment, each
 * recipient gets one `announcement` in their own database, in their language or else in French,
 * which they (and no one else) read through the replication gateway and may only mark read; the
 * broadcast's record ends complete with its counts, and delivering it again writes nothing twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementNotificationId } from '../../src/domain/comms';
import type { NotificationDoc } from '../../src/domain/mine';
import type { BroadcastView, DeliveryView } from '../../server/services/comms/broadcasts';
import { commsDb, deliveryPrefix } from '../../server/services/comms/records';
import type { BroadcastDoc, DeliveryDoc } from '../../server/services/comms/records';
import { broadcastSender } from '../../server/services/comms/sender';
import type { SegmentView } from '../../server/services/comms/segments';
import { auditOf, expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { announcementsOf, mintAudienceUser } from '../support/comms';
import { BROWSER_HEADERS, browserCall, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;
let users: RoleUsers;
const audience: Record<string, TestUser> = {};

const TEXTS = {
  fr: { title: 'Nouveauté', body: 'Les consultations vidéo arrivent.\nÀ bientôt !' },
  en: { title: 'New', body: 'Video consultations are coming.' },
  es: { title: 'Novedad', body: 'Llegan las consultas por vídeo.' },
};

beforeAll(async () => {
  server = await startTestServer();
  users = await mintRoles(server.store, 'notif');
  const facts = [
    ['n-en', { language: 'en', country: 'GB' }],
    ['n-es', { language: 'es', country: 'ES' }],
    ['n-ru', { language: 'ru', country: 'ES' }],
    ['n-de-lawyer', { role: 'lawyer', language: 'de', country: 'ES', approved: true }],
    ['n-banned', { language: 'es', country: 'ES', banned: true }],
    ['n-gone', { language: 'en', country: 'ES' }],
  ] as const;
  for (const [uid, fact] of facts) audience[uid] = await mintAudienceUser(server.store, uid, fact);
});
afterAll(async () => server?.close());

const call = (method: string, path: string, body?: unknown, cookie = users.admin.cookie) =>
  browserCall(server.url, method, path, cookie, body);
const errorOf = (answer: { json: unknown }) =>
  (answer.json as { error: { code: string; fields?: Record<string, string> } }).error;

async function sendAndWait(body: unknown): Promise<BroadcastView> {
  const answer = await call('POST', '/api/admin/comms/notifications', body);
  expect(answer.status, JSON.stringify(answer.json)).toBe(202);
  const { id } = (answer.json as { broadcast: BroadcastView }).broadcast;
  await broadcastSender(server.store).idle();
  return ((await call('GET', `/api/admin/comms/notifications/${id}`)).json as { broadcast: BroadcastView })
    .broadcast;
}

/** A request to the replication gateway as a browser makes it. */
const gateway = (user: TestUser, method: string, path: string, body?: unknown) =>
  fetch(`${server.url}/db/${path}`, {
    method,
    headers: { ...BROWSER_HEADERS, cookie: user.cookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('notifications sent from the admin console', () => {
  it('are for admins only', async () => {
    const body = { target: { kind: 'user', uid: 'n-en' }, texts: { fr: TEXTS.fr } };
    await expectAdminOnly(server.url, users, 'POST', '/api/admin/comms/notifications', body);
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/comms/notifications');
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/comms/notifications/abc');
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/comms/notifications/abc/recipients');
  });

  it('refuses bad input and unreachable targets before writing anything', async () => {
    const user = { kind: 'user', uid: 'n-en' };
    const cases: [unknown, number, string, Record<string, string>?][] = [
      [{ target: user, texts: { en: TEXTS.en } }, 400, 'validation', { 'texts.fr': 'required' }],
      [
        { target: user, texts: { fr: { title: 'x'.repeat(121), body: 'ok' } } },
        400,
        'validation',
        { 'texts.fr.title': 'too_long' },
      ],
      [
        { target: user, texts: { fr: TEXTS.fr, en: { title: 'ok', body: 'x'.repeat(1001) } } },
        400,
        'validation',
        { 'texts.en.body': 'too_long' },
      ],
      [
        { target: user, texts: { fr: { title: ' ', body: 'ok' } } },
        400,
        'validation',
        { 'texts.fr.title': 'required' },
      ],
      [
        { target: user, texts: { fr: TEXTS.fr, it: TEXTS.fr } },
        400,
        'validation',
        { 'texts.it': 'unknown_field' },
      ],
      [
        { target: user, texts: { fr: { ...TEXTS.fr, icon: 'x' } } },
        400,
        'validation',
        { 'texts.fr.icon': 'unknown_field' },
      ],
      [
        { target: { kind: 'everyone' }, texts: { fr: TEXTS.fr } },
        400,
        'validation',
        { target: 'value_invalid' },
      ],
      [{ texts: { fr: TEXTS.fr } }, 400, 'validation', { target: 'required' }],
      ['hello', 400, 'bad_json'],
      [[TEXTS.fr], 400, 'validation', { body: 'value_invalid' }],
      [
        { target: { kind: 'segment', segmentId: 'no-such-segment' }, texts: { fr: TEXTS.fr } },
        404,
        'segment_not_found',
      ],
      [{ target: { kind: 'user', uid: 'nobody' }, texts: { fr: TEXTS.fr } }, 404, 'recipient_not_found'],
      [{ target: { kind: 'user', uid: 'n-banned' }, texts: { fr: TEXTS.fr } }, 409, 'recipient_unreachable'],
      [
        { target: { kind: 'user', uid: users.admin.uid }, texts: { fr: TEXTS.fr } },
        409,
        'recipient_unreachable',
      ],
    ];
    for (const [body, status, code, fields] of cases) {
      const answer = await call('POST', '/api/admin/comms/notifications', body);
      expect([answer.status, errorOf(answer).code], JSON.stringify(body)).toEqual([status, code]);
      if (fields) expect(errorOf(answer).fields, JSON.stringify(body)).toEqual(fields);
    }
    const huge = await call('POST', '/api/admin/comms/notifications', {
      target: user,
      texts: { fr: TEXTS.fr },
      pad: 'x'.repeat(40_000),
    });
    expect(huge.status).toBe(413);
    expect(
      ((await call('GET', '/api/admin/comms/notifications')).json as { items: unknown[] }).items,
    ).toEqual([]);
    const { rows } = await commsDb(server.store).list({ startkey: 'broadcast:', endkey: 'broadcast:\ufff0' });
    expect(rows).toEqual([]);
  });

  it('reaches one user in their language, readable and markable as read by them alone', async () => {
    const broadcast = await sendAndWait({
      target: { kind: 'user', uid: 'n-en' },
      texts: { fr: TEXTS.fr, en: TEXTS.en },
    });
    expect(broadcast).toMatchObject({
      target: { kind: 'user', uid: 'n-en' },
      state: 'complete',
      total: 1,
      counts: { queued: 0, sent: 1, failed: 0 },
      createdBy: users.admin.uid,
    });
    const [note, ...more] = await announcementsOf(server.store, 'n-en');
    expect(more).toEqual([]);
    expect(note).toMatchObject({
      id: announcementNotificationId(broadcast.id),
      type: 'notification',
      kind: 'announcement',
      params: TEXTS.en,
      isRead: false,
    });
    const [entry] = await auditOf(server.store, 'broadcast', broadcast.id, 1);
    expect(entry).toMatchObject({
      action: 'notification_send',
      actor: users.admin.uid,
      after: { texts: { en: TEXTS.en } },
    });

    // The owner pulls it through the gateway; nobody else reaches their database.
    const owner = audience['n-en']!;
    const path = `${owner.db}/${encodeURIComponent(note!.id)}`;
    const read = await gateway(owner, 'GET', path);
    expect(read.status).toBe(200);
    const pulled = (await read.json()) as NotificationDoc & { _id: string; _rev: string };
    expect(pulled.params).toEqual(TEXTS.en);
    for (const stranger of [audience['n-es']!, users.lawyer]) {
      expect([401, 403]).toContain((await gateway(stranger, 'GET', path)).status);
    }
    // The owner may mark it read, never change what it says.
    const later = new Date(Date.now() + 1000).toISOString();
    const push = async (doc: unknown) =>
      (
        (await (
          await gateway(owner, 'POST', `${owner.db}/_bulk_docs`, { docs: [doc], new_edits: true })
        ).json()) as {
          ok?: boolean;
          error?: string;
        }[]
      )[0];
    expect(
      await push({ ...pulled, params: { title: 'Gagné', body: 'Cliquez ici' }, updatedAt: later }),
    ).toMatchObject({
      error: 'conflict',
    });
    expect(await push({ ...pulled, isRead: true, updatedAt: later })).toMatchObject({ ok: true });
    expect(await announcementsOf(server.store, 'n-en')).toEqual([
      expect.objectContaining({ isRead: true, params: TEXTS.en }),
    ]);
  });

  it('reaches every user of a segment once, in their language or else in French', async () => {
    const created = await call('POST', '/api/admin/comms/segments', {
      name: 'Vivant en Espagne',
      rules: { countries: ['ES'] },
    });
    const segment = (created.json as { segment: SegmentView }).segment;
    // An account whose database is gone (a deletion under way) is counted as failed, never recreated.
    await server.store.server.db.destroy(audience['n-gone']!.db);
    const broadcast = await sendAndWait({ target: { kind: 'segment', segmentId: segment.id }, texts: TEXTS });
    expect(broadcast).toMatchObject({
      target: {
        kind: 'segment',
        segmentId: segment.id,
        name: 'Vivant en Espagne',
        rules: { countries: ['ES'] },
      },
      state: 'complete',
      total: 4,
      counts: { queued: 0, sent: 3, failed: 1 },
    });
    expect((await announcementsOf(server.store, 'n-es')).map((note) => note.params)).toEqual([TEXTS.es]);
    expect((await announcementsOf(server.store, 'n-ru')).map((note) => note.params)).toEqual([TEXTS.fr]);
    expect((await announcementsOf(server.store, 'n-de-lawyer')).map((note) => note.params)).toEqual([
      TEXTS.fr,
    ]);
    expect(await announcementsOf(server.store, 'n-banned')).toEqual([]);
    expect((await server.store.server.db.list()).includes(audience['n-gone']!.db)).toBe(false);
    const failed = (
      await call('GET', `/api/admin/comms/notifications/${broadcast.id}/recipients?state=failed`)
    ).json as {
      items: DeliveryView[];
    };
    expect(failed.items).toEqual([
      { uid: 'n-gone', language: 'en', state: 'failed', failure: 'recipient_gone' },
    ]);
    const all = (await call('GET', `/api/admin/comms/notifications/${broadcast.id}/recipients`)).json as {
      items: DeliveryView[];
    };
    expect(all.items.map((item) => [item.uid, item.language, item.state])).toEqual([
      ['n-de-lawyer', 'de', 'sent'],
      ['n-es', 'es', 'sent'],
      ['n-gone', 'en', 'failed'],
      ['n-ru', 'ru', 'sent'],
    ]);
    const listed = (await call('GET', '/api/admin/comms/notifications')).json as { items: BroadcastView[] };
    expect(listed.items.map((item) => item.id)[0]).toBe(broadcast.id);
    expect(listed.items).toHaveLength(2);

    // Resolved and delivered again from scratch, as after a crash that lost every mark and part of
    // the recipient list: the same recipients, and nothing is written twice.
    const comms = commsDb<DeliveryDoc | BroadcastDoc>(server.store);
    const { rows } = await comms.list({
      startkey: deliveryPrefix(broadcast.id),
      endkey: `${deliveryPrefix(broadcast.id)}\ufff0`,
      include_docs: true,
    });
    const [lost, ...kept] = rows.map((row) => row.doc as DeliveryDoc);
    await comms.bulk({
      docs: [
        { ...lost!, _deleted: true },
        ...kept.map((doc) => ({ ...doc, state: 'queued' as const, attempts: 0 })),
      ],
    });
    const record = (await comms.get(`broadcast:${broadcast.id}`)) as BroadcastDoc;
    await comms.insert({ ...record, state: 'resolving', total: 0 });
    const reached = all.items.filter((item) => item.state === 'sent').map((item) => item.uid);
    const before = await Promise.all(reached.map((uid) => announcementsOf(server.store, uid)));
    broadcastSender(server.store).kick(broadcast.id);
    await broadcastSender(server.store).idle();
    const again = (
      (await call('GET', `/api/admin/comms/notifications/${broadcast.id}`)).json as {
        broadcast: BroadcastView;
      }
    ).broadcast;
    expect(again).toMatchObject({ state: 'complete', total: 4, counts: { queued: 0, sent: 3, failed: 1 } });
    expect(await Promise.all(reached.map((uid) => announcementsOf(server.store, uid)))).toEqual(before);
  });

  it('says what it does not know', async () => {
    expect(errorOf(await call('GET', '/api/admin/comms/notifications/unknown-id')).code).toBe('not_found');
    expect((await call('GET', '/api/admin/comms/notifications/Bad$Id/recipients')).status).toBe(404);
    expect((await call('GET', '/api/admin/comms/notifications?limit=0')).status).toBe(400);
    const someone = await mintUser(server.store, 'n-late');
    expect(await announcementsOf(server.store, someone.uid)).toEqual([]);
  });
});
