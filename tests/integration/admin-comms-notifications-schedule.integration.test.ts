/**
 * In-app notifications scheduled from the admin console (`scheduledAt`, and
 * `/api/admin/comms/notifications/:id/cancel`): a bad schedule is refused with its code before
 * anything is written; a scheduled broadcast delivers nothing before its time, then reaches every
 * user of its segment signed up before that time exactly once; a cancelled one never delivers; a
 * broadcast that started can no longer be cancelled; a scheduled broadcast left by a stop is waited
 * for again by every instance that resumes, and still delivered once per recipient.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementNotificationId } from '../../src/domain/comms';
import { userDbName } from '../../src/domain/user-db';
import { createBroadcast } from '../../server/services/comms/broadcasts';
import type { BroadcastView } from '../../server/services/comms/broadcasts';
import { commsDb, deliveryPrefix } from '../../server/services/comms/records';
import { broadcastSender } from '../../server/services/comms/sender';
import type { SegmentView } from '../../server/services/comms/segments';
import { auditOf, expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { announcementsOf, mintAudienceUser } from '../support/comms';
import { eventually } from '../support/orders';
import { browserCall } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;
let users: RoleUsers;
let segment: SegmentView;

const TEXTS = {
  fr: { title: 'Maintenance prévue', body: 'Le service sera interrompu dimanche.' },
  es: { title: 'Mantenimiento previsto', body: 'El servicio se interrumpirá el domingo.' },
};
/** How far ahead the broadcasts of these tests are due: enough to look before, short to wait for. */
const DELAY_MS = 2_500;

beforeAll(async () => {
  server = await startTestServer();
  users = await mintRoles(server.store, 'sched');
  await mintAudienceUser(server.store, 's-es', { language: 'es', country: 'ES' });
  await mintAudienceUser(server.store, 's-ru', { language: 'ru', country: 'ES' });
  await mintAudienceUser(server.store, 's-gb', { language: 'en', country: 'GB' });
  const created = await call('POST', '/api/admin/comms/segments', {
    name: 'Vivant en Espagne',
    rules: { countries: ['ES'] },
  });
  segment = (created.json as { segment: SegmentView }).segment;
});
afterAll(async () => server?.close());

function call(method: string, path: string, body?: unknown, cookie = users.admin.cookie) {
  return browserCall(server.url, method, path, cookie, body);
}
const errorOf = (answer: { json: unknown }) =>
  (answer.json as { error: { code: string; fields?: Record<string, string> } }).error;
const toSegment = () => ({ kind: 'segment', segmentId: segment.id });
const soon = () => new Date(Date.now() + DELAY_MS).toISOString();

async function broadcastOf(id: string): Promise<BroadcastView> {
  return ((await call('GET', `/api/admin/comms/notifications/${id}`)).json as { broadcast: BroadcastView })
    .broadcast;
}

async function schedule(texts: unknown, scheduledAt: string): Promise<BroadcastView> {
  const answer = await call('POST', '/api/admin/comms/notifications', {
    target: toSegment(),
    texts,
    scheduledAt,
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(202);
  return (answer.json as { broadcast: BroadcastView }).broadcast;
}

/** Polls until the broadcast is complete (its time plus the delivery). */
const completed = (id: string) =>
  eventually(async () => {
    const broadcast = await broadcastOf(id);
    return broadcast.state === 'complete' ? broadcast : undefined;
  }, DELAY_MS + 15_000);

/** The delivery documents of a broadcast, as the store holds them. */
async function deliveriesOf(id: string): Promise<string[]> {
  const prefix = deliveryPrefix(id);
  const { rows } = await commsDb(server.store).list({ startkey: prefix, endkey: `${prefix}\ufff0` });
  return rows.map((row) => row.id);
}

/** The ids of a user's announcements. */
const notesOf = async (uid: string) => (await announcementsOf(server.store, uid)).map((note) => note.id);

describe('scheduled notifications', () => {
  it('are cancelled by admins only', async () => {
    await expectAdminOnly(server.url, users, 'POST', '/api/admin/comms/notifications/abc/cancel');
  });

  it('refuse a bad schedule with its code, before writing anything', async () => {
    const now = Date.now();
    const cases: [unknown, string][] = [
      [new Date(now - 60_000).toISOString(), 'in_past'],
      [new Date(now + 366 * 86_400_000).toISOString(), 'too_far'],
      ['tomorrow', 'value_invalid'],
      ['2026-13-45T25:00:00Z', 'value_invalid'],
      [1234, 'value_invalid'],
    ];
    for (const [scheduledAt, code] of cases) {
      const answer = await call('POST', '/api/admin/comms/notifications', {
        target: toSegment(),
        texts: { fr: TEXTS.fr },
        scheduledAt,
      });
      expect([answer.status, errorOf(answer)], JSON.stringify(scheduledAt)).toEqual([
        400,
        expect.objectContaining({ code: 'validation', fields: { scheduledAt: code } }),
      ]);
    }
    const { rows } = await commsDb(server.store).list({ startkey: 'broadcast:', endkey: 'broadcast:\ufff0' });
    expect(rows).toEqual([]);
  });

  it('deliver nothing before their time, then once to everyone signed up by then', async () => {
    const due = soon();
    const scheduled = await schedule(TEXTS, due);
    expect(scheduled).toMatchObject({ state: 'scheduled', scheduledAt: due, total: 0 });
    // Signed up after it was written but before its time: counted; after its time: not.
    await mintAudienceUser(server.store, 's-joined', { language: 'fr', country: 'ES' });
    const later = new Date(Date.parse(due) + 60_000).toISOString();
    await mintAudienceUser(server.store, 's-future', { country: 'ES', createdAt: later });

    const listed = (await call('GET', '/api/admin/comms/notifications')).json as { items: BroadcastView[] };
    expect(listed.items[0]).toMatchObject({ id: scheduled.id, state: 'scheduled', scheduledAt: due });
    expect(await deliveriesOf(scheduled.id)).toEqual([]);
    for (const uid of ['s-es', 's-ru', 's-joined']) expect(await notesOf(uid)).toEqual([]);
    expect(Date.now(), 'the checks above ran before the broadcast was due').toBeLessThan(Date.parse(due));

    const done = await completed(scheduled.id);
    expect(done).toMatchObject({ total: 3, counts: { queued: 0, sent: 3, failed: 0 } });
    const noteId = announcementNotificationId(scheduled.id);
    for (const uid of ['s-es', 's-ru', 's-joined']) expect(await notesOf(uid), uid).toEqual([noteId]);
    for (const uid of ['s-gb', 's-future']) expect(await notesOf(uid), uid).toEqual([]);
    const [spanish] = await announcementsOf(server.store, 's-es');
    // The notification bears the time it was due, the same whichever instance writes it.
    expect(spanish).toMatchObject({ params: TEXTS.es, createdAt: due });
    expect((await auditOf(server.store, 'broadcast', scheduled.id, 1)).map((entry) => entry.action)).toEqual([
      'broadcast_schedule',
    ]);

    // Once started or ended, it can no longer be cancelled.
    const tooLate = await call('POST', `/api/admin/comms/notifications/${scheduled.id}/cancel`);
    expect([tooLate.status, errorOf(tooLate).code]).toEqual([409, 'broadcast_not_scheduled']);
  });

  it('never deliver once cancelled', async () => {
    const due = soon();
    const cancelled = await schedule({ fr: { title: 'Annulée', body: 'Jamais envoyée.' } }, due);
    const witness = await schedule({ fr: { title: 'Témoin', body: 'Envoyée.' } }, due);
    const answer = await call('POST', `/api/admin/comms/notifications/${cancelled.id}/cancel`);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect((answer.json as { broadcast: BroadcastView }).broadcast).toMatchObject({
      state: 'cancelled',
      cancelledBy: users.admin.uid,
    });
    const again = await call('POST', `/api/admin/comms/notifications/${cancelled.id}/cancel`);
    expect([again.status, errorOf(again).code]).toEqual([409, 'broadcast_not_scheduled']);
    const unknown = await call('POST', '/api/admin/comms/notifications/no-such-id/cancel');
    expect([unknown.status, errorOf(unknown).code]).toEqual([404, 'not_found']);

    // The witness, due at the same time, is delivered; the cancelled one's wait ended meanwhile.
    await completed(witness.id);
    await broadcastSender(server.store).idle();
    expect(await broadcastOf(cancelled.id)).toMatchObject({ state: 'cancelled', total: 0 });
    expect(await deliveriesOf(cancelled.id)).toEqual([]);
    const cancelledNote = announcementNotificationId(cancelled.id);
    for (const uid of ['s-es', 's-ru', 's-joined']) expect(await notesOf(uid)).not.toContain(cancelledNote);
    expect((await auditOf(server.store, 'broadcast', cancelled.id, 2)).map((entry) => entry.action)).toEqual([
      'broadcast_schedule',
      'broadcast_cancel',
    ]);
  });

  it('cannot cancel a notification sent at once', async () => {
    const answer = await call('POST', '/api/admin/comms/notifications', {
      target: { kind: 'user', uid: 's-gb' },
      texts: { fr: TEXTS.fr },
    });
    const { id } = (answer.json as { broadcast: BroadcastView }).broadcast;
    const refused = await call('POST', `/api/admin/comms/notifications/${id}/cancel`);
    expect([refused.status, errorOf(refused).code]).toEqual([409, 'broadcast_not_scheduled']);
    await broadcastSender(server.store).idle();
    expect(await broadcastOf(id)).toMatchObject({ state: 'complete', counts: { sent: 1 } });
    expect((await auditOf(server.store, 'broadcast', id, 1)).map((entry) => entry.action)).toEqual([
      'notification_send',
    ]);
  });

  it('are waited for again at start, by every instance, and still delivered once each', async () => {
    // Recorded, then the service stopped before handing it to its sender: two instances start.
    const due = soon();
    const left = await createBroadcast(server.store, {
      input: { target: toSegment(), texts: { fr: TEXTS.fr }, scheduledAt: due },
      by: users.admin.uid,
    });
    const another = { ...server.store }; // a second instance: its own sender, the same store
    const resumed = await Promise.all([
      broadcastSender(server.store).resume(),
      broadcastSender(another).resume(),
    ]);
    // The cancelled broadcast of the test above is not among those resumed.
    expect(resumed).toEqual([1, 1]);
    expect(await broadcastOf(left.id)).toMatchObject({ state: 'scheduled' });

    await completed(left.id);
    await Promise.all([broadcastSender(server.store).idle(), broadcastSender(another).idle()]);
    const noteId = announcementNotificationId(left.id);
    for (const uid of ['s-es', 's-ru', 's-joined']) {
      expect(
        (await notesOf(uid)).filter((id) => id === noteId),
        uid,
      ).toEqual([noteId]);
      const stored = await server.store.db(userDbName(uid)).get(noteId);
      expect(stored._rev, uid).toMatch(/^1-/);
    }
    expect(await broadcastOf(left.id)).toMatchObject({ total: 3, counts: { queued: 0, sent: 3 } });
  });
});
