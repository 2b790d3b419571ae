/**
 * `GET /api/admin/dashboard` and `GET /api/admin/live/:topic` against the real service: admins only;
 * each figure follows the records made here (a consultation paid today and one refunded, calls in
 * progress and failed, a provider going online through the availability API, a pending approval,
 * sign-ups), test profiles left out of the figures and counted apart; and a live wait answers when
 * one of the dashboard's databases is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from '../support/settled';
import { accountIds } from '../../src/domain/account';
import type { DashboardFigures } from '../../src/domain/admin-ops';
import type { StoredCall, StoredOrder } from '../../server/services/consultation/types';
import { initialCallState } from '../../src/domain/call-machine';
import { expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { storeOrder } from '../support/orders';
import { browserCall, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;
let users: RoleUsers;

beforeAll(async () => {
  server = await startTestServer();
  users = await mintRoles(server.store, 'dash');
});
afterAll(async () => server?.close());

type DashboardAnswer = { figures: DashboardFigures; version: string };

async function figures(tz = 'Europe/Paris'): Promise<DashboardAnswer> {
  const answer = await browserCall(server.url, 'GET', `/api/admin/dashboard?tz=${tz}`, users.admin.cookie);
  expect(answer.status).toBe(200);
  return answer.json as DashboardAnswer;
}

const eur = (list: DashboardFigures['money']['today']) => list.find((figure) => figure.currency === 'EUR')!;

async function patchAccount(uid: string, change: Record<string, unknown>) {
  const accounts = server.store.db('accounts');
  const account = await accounts.get(accountIds.account(uid));
  await accounts.insert({ ...account, ...change });
}

async function changeOrder(orderId: string, change: (order: StoredOrder) => StoredOrder) {
  const orders = server.store.db<StoredOrder>('orders');
  await orders.insert(change(await orders.get(orderId)));
}

async function storeCall(orderId: string, phase: StoredCall['state']['phase'], endedAt?: string) {
  const now = new Date().toISOString();
  const call: StoredCall = {
    _id: orderId,
    type: 'call',
    orderId,
    state: { ...initialCallState(), phase, ...(endedAt ? { endedAt } : {}) },
    timers: [],
    pending: [],
    createdAt: now,
    updatedAt: now,
  };
  await server.store.db('calls').insert(call);
}

describe('admin dashboard', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/dashboard');
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/live/dashboard?after=x&timeout=0');
  });

  it('refuses an unknown time zone, topic or wait', async () => {
    const call = (path: string) => browserCall(server.url, 'GET', path, users.admin.cookie);
    const zone = await call('/api/admin/dashboard?tz=Mars/Olympus');
    expect([zone.status, zone.json]).toMatchObject([
      400,
      { error: { code: 'validation', fields: { tz: 'value_invalid' } } },
    ]);
    expect((await call('/api/admin/live/nothing?after=x')).status).toBe(404);
    const noAfter = await call('/api/admin/live/dashboard');
    expect([noAfter.status, noAfter.json]).toMatchObject([
      400,
      { error: { fields: { after: 'value_invalid' } } },
    ]);
    expect((await call('/api/admin/live/dashboard?after=x&timeout=99999999')).status).toBe(400);
  });

  it('counts what the stores hold, leaving test profiles apart', async () => {
    const before = (await figures()).figures;
    const now = Date.now();

    // Money: one consultation captured today (49 € at 15 %), one captured and refunded today.
    await storeOrder(server.store, {
      orderId: 'ord_dash_paid',
      clientUid: users.client.uid,
      providerId: 'p1',
    });
    await changeOrder('ord_dash_paid', (paid) => ({
      ...paid,
      payment: { ...paid.payment, capturedAt: new Date(now - 1000).toISOString() },
    }));
    await storeOrder(server.store, {
      orderId: 'ord_dash_refunded',
      clientUid: users.client.uid,
      providerId: 'p1',
    });
    await changeOrder('ord_dash_refunded', (refunded) => ({
      ...refunded,
      state: 'failed',
      payment: {
        ...refunded.payment,
        state: 'refunded',
        capturedAt: new Date(now - 2000).toISOString(),
        refundedAt: new Date(now - 1000).toISOString(),
      },
    }));
    // A test profile's consultation counts nowhere.
    await storeOrder(server.store, {
      orderId: 'ord_dash_test',
      clientUid: users.client.uid,
      providerId: 'p2',
    });
    await changeOrder('ord_dash_test', (test) => ({
      ...test,
      provider: { ...test.provider, isTestProfile: true },
      payment: { ...test.payment, capturedAt: new Date(now - 1000).toISOString() },
    }));

    // Calls: two in progress, one ringing, one failed an hour ago, one failed thirty hours ago.
    await storeCall('ord_dash_c1', 'in_progress');
    await storeCall('ord_dash_c2', 'in_progress');
    await storeCall('ord_dash_c3', 'calling_client');
    await storeCall('ord_dash_f1', 'failed', new Date(now - 3_600_000).toISOString());
    await storeCall('ord_dash_f2', 'failed', new Date(now - 30 * 3_600_000).toISOString());

    // People: a lawyer awaiting approval, an approved expat going online, a test profile of each.
    const pending = await mintUser(server.store, 'dash-pending', 'lawyer');
    await patchAccount(pending.uid, { isApproved: false });
    // A registration already rejected awaits nobody: it is not pending.
    const rejected = await mintUser(server.store, 'dash-rejected', 'lawyer');
    await patchAccount(rejected.uid, {
      isApproved: false,
      approvalRejection: {
        reason: 'Pièces illisibles',
        at: new Date(now).toISOString(),
        by: users.admin.uid,
      },
    });
    const online = await mintUser(server.store, 'dash-online', 'expat');
    await goOnline(online);
    const testPending = await mintUser(server.store, 'dash-test-pending', 'lawyer');
    await patchAccount(testPending.uid, { isApproved: false, isTestProfile: true });
    const testOnline = await mintUser(server.store, 'dash-test-online', 'lawyer');
    await patchAccount(testOnline.uid, { isOnline: true, isTestProfile: true });

    const after = (await figures()).figures;
    expect(eur(after.money.today).paid - eur(before.money.today).paid).toBe(9800);
    expect(eur(after.money.today).commission - eur(before.money.today).commission).toBe(1470);
    expect(eur(after.money.today).refunded - eur(before.money.today).refunded).toBe(4900);
    expect(eur(after.money.month).paid - eur(before.money.month).paid).toBe(9800);
    expect(after.consultations.inProgress - before.consultations.inProgress).toBe(2);
    expect(after.consultations.connecting - before.consultations.connecting).toBe(1);
    expect(after.failedCalls24h - before.failedCalls24h).toBe(1);
    expect(after.approvals.lawyers - before.approvals.lawyers).toBe(1);
    expect(after.approvals.expats - before.approvals.expats).toBe(0);
    expect(after.providersOnline.expats - before.providersOnline.expats).toBe(1);
    expect(after.providersOnline.lawyers - before.providersOnline.lawyers).toBe(0);
    // Five accounts were made; the two test profiles are counted apart.
    expect(after.signups.today - before.signups.today).toBe(3);
    expect(after.signups.week - before.signups.week).toBe(3);
    expect(after.testProfiles.pendingApprovals - before.testProfiles.pendingApprovals).toBe(1);
    expect(after.testProfiles.providersOnline - before.testProfiles.providersOnline).toBe(1);
    expect(after.testProfiles.signupsWeek - before.testProfiles.signupsWeek).toBe(2);
    expect(after.timeZone).toBe('Europe/Paris');

    // Going offline takes the provider out of the count.
    await setAvailability(online, false);
    expect((await figures()).figures.providersOnline.expats).toBe(before.providersOnline.expats);
  });

  it('answers a live wait as soon as a dashboard database is written', async () => {
    // A CouchDB cluster reports writes to its feed of database updates a moment after they land:
    // start from a version that stopped moving, so that only this test's write changes it.
    const version = await settled(
      async () => {
        const first = (await figures()).version;
        await new Promise((resolve) => setTimeout(resolve, 300));
        return (await figures()).version === first ? first : undefined;
      },
      (stable) => stable !== undefined,
      10_000,
    );
    const unchanged = await browserCall(
      server.url,
      'GET',
      `/api/admin/live/dashboard?after=${version}&timeout=0`,
      users.admin.cookie,
    );
    expect(unchanged.json).toEqual({ version });

    const waiting = browserCall(
      server.url,
      'GET',
      `/api/admin/live/dashboard?after=${version}&timeout=30000`,
      users.admin.cookie,
    );
    await storeOrder(server.store, {
      orderId: 'ord_dash_live',
      clientUid: users.client.uid,
      providerId: 'p1',
    });
    const woken = await waiting;
    expect(woken.status).toBe(200);
    expect((woken.json as { version: string }).version).not.toBe(version);
    // An old version (another process, a restart) is answered at once.
    const stale = await browserCall(
      server.url,
      'GET',
      '/api/admin/live/dashboard?after=gone.1',
      users.admin.cookie,
    );
    expect((stale.json as { version: string }).version).not.toBe('gone.1');
  });
});

async function goOnline(user: TestUser) {
  const now = new Date().toISOString();
  await server.store.db(user.db).insert({
    _id: 'profile',
    id: 'profile',
    type: 'profile',
    uid: user.uid,
    role: 'expat',
    email: user.email,
    preferredLanguage: 'fr',
    firstName: 'Noa',
    displayName: 'Noa',
    languages: ['fr'],
    isApproved: true,
    createdAt: now,
    updatedAt: now,
  });
  await setAvailability(user, true);
}

async function setAvailability(user: TestUser, online: boolean) {
  const answer = await browserCall(server.url, 'POST', '/api/availability', user.cookie, { online });
  expect(answer.status).toBe(200);
}
