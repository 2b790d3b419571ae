/**
 * The users screens' API (`/api/admin/users/…`, `/api/admin/test-profiles`) against the real service
 * on an embedded store: only admins reach it; bad input is a coded 400; lists are paged by the store
 * (pages disjoint and complete, forged tokens refused); search by e-mail, name and phone; each action
 * is audited once and idempotent; a ban refuses the user's next request and ends the live feed they
 * hold; an admin's deletion has the effects of the user's own; test profiles are made and removed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIds } from '../../src/domain/account';
import type { Profile } from '../../src/domain/mine';
import type { Provider } from '../../src/domain/provider';
import { userDbName } from '../../src/domain/user-db';
import { listOutbox } from '../../server/services/mail';
import { getOrUndefined } from '../../server/store/store';
import { browserCall, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

type Page<T> = { items: T[]; next?: string };
type Line = { uid: string; email: string; displayName: string; isBanned: boolean; isTestProfile: boolean };
type AuditLine = { action: string; actor: string; before: unknown; after: unknown; reason?: string };

let server: TestServer;
let admin: TestUser;
let otherAdmin: TestUser;
let client: TestUser;
let lawyer: TestUser;
let expat: TestUser;

beforeAll(async () => {
  // Far more calls than a browser makes in a minute: the per-address limit is not what is tested here.
  server = await startTestServer({ env: () => ({ API_RATE_LIMIT_PER_MINUTE: '100000' }) });
  admin = await mintUser(server.store, 'admin-users-1', 'admin');
  otherAdmin = await mintUser(server.store, 'admin-users-2', 'admin');
  client = await mintUser(server.store, 'caller-client');
  lawyer = await mintUser(server.store, 'caller-lawyer', 'lawyer');
  expat = await mintUser(server.store, 'caller-expat', 'expat');
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const call = (method: string, path: string, cookie = admin.cookie, body?: unknown) =>
  browserCall(server.url, method, path, cookie, body);
const get = <T>(path: string, cookie = admin.cookie) =>
  call('GET', path, cookie) as Promise<{ status: number; json: T }>;

async function trail(uid: string): Promise<AuditLine[]> {
  const answer = await get<Page<AuditLine>>(`/api/admin/audit?kind=account&id=${uid}&limit=100`);
  expect(answer.status).toBe(200);
  return answer.json.items;
}

async function accountOf(uid: string) {
  return getOrUndefined(server.store.db<{ isBanned: boolean }>('accounts'), accountIds.account(uid));
}

/** A lawyer or expat as registration and approval leave one: record, public profile, online. */
async function onlineProvider(uid: string, role: 'lawyer' | 'expat' = 'lawyer'): Promise<TestUser> {
  const user = await mintUser(server.store, uid, role);
  const now = new Date().toISOString();
  const profile = {
    _id: 'profile',
    id: 'profile',
    type: 'profile',
    uid,
    role,
    email: user.email,
    preferredLanguage: 'fr',
    firstName: 'Inès',
    lastName: 'Moreau',
    fullName: 'Inès Moreau',
    displayName: 'Inès Moreau',
    phone: '+33612345678',
    bio: 'Avocate en droit des étrangers à Lisbonne depuis quinze ans.',
    languages: ['fr', 'en'],
    residenceCountry: 'PT',
    isApproved: false,
    isOnline: false,
    availability: 'unavailable',
    lastStatusChange: now,
    createdAt: now,
    updatedAt: now,
  } satisfies Profile & { _id: string };
  await server.store.db(user.db).insert(profile);
  expect(
    (await call('POST', `/api/admin/providers/${uid}/approval`, admin.cookie, { approved: true })).status,
  ).toBe(200);
  expect((await call('POST', '/api/availability', user.cookie, { online: true })).status).toBe(200);
  return user;
}

/** Long polls the gateway holds now. */
async function liveFeeds(): Promise<number> {
  return (await get<{ liveFeeds?: number }>('/api/health')).json.liveFeeds ?? 0;
}

/** Waits until the gateway holds more long polls than `count` (a feed just opened is held). */
async function heldMoreThan(count: number): Promise<void> {
  while ((await liveFeeds()) <= count) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** A client registered through the public form (password, phone, languages). */
async function registerClient(email: string, firstName: string, phone: string, language = 'fr') {
  const answer = await call('POST', '/api/auth/register', '', {
    role: 'client',
    language,
    firstName,
    email,
    password: 'secret-client-1',
    languages: ['fr', 'es'],
    phone,
    phoneCountry: 'FR',
    acceptedTerms: true,
  });
  expect(answer.status).toBe(201);
  return (answer.json as { user: { uid: string } }).user.uid;
}

const search = async (q: string, list = 'clients') =>
  (await get<Page<Line>>(`/api/admin/users/${list}?q=${encodeURIComponent(q)}`)).json.items.map((l) => l.uid);

describe('who may use the users screens', () => {
  it('answers 401 signed out, 403 to clients, lawyers and expats, and 2xx to an admin, for every endpoint', async () => {
    const target = await onlineProvider('matrix-lawyer');
    const endpoints: [string, string, unknown?][] = [
      ['GET', '/api/admin/users/clients'],
      ['GET', '/api/admin/users/lawyers'],
      ['GET', '/api/admin/users/expats'],
      ['GET', `/api/admin/users/${target.uid}`],
      ['GET', `/api/admin/users/${target.uid}/consultations`],
      ['GET', `/api/admin/users/${target.uid}/invoices`],
      ['GET', `/api/admin/users/${target.uid}/reviews`],
      ['POST', `/api/admin/users/${target.uid}/offline`, {}],
      ['POST', `/api/admin/users/${target.uid}/ban`, { reason: 'matrix' }],
      ['POST', `/api/admin/users/${target.uid}/unban`, {}],
      ['POST', `/api/admin/users/${target.uid}/password-reset`, {}],
      ['GET', '/api/admin/test-profiles'],
      [
        'POST',
        '/api/admin/test-profiles',
        { role: 'expat', firstName: 'Test', lastName: 'Matrix', country: 'ES', languages: ['fr'] },
      ],
      ['DELETE', `/api/admin/users/${target.uid}`],
    ];
    for (const [method, path, body] of endpoints) {
      expect((await call(method, path, '', body)).status, `${method} ${path} anonymous`).toBe(401);
      for (const user of [client, lawyer, expat]) {
        expect(
          (await call(method, path, user.cookie, body)).json,
          `${method} ${path} ${user.uid}`,
        ).toMatchObject({
          error: { code: 'forbidden' },
        });
      }
    }
    // Nothing was done by the refused calls.
    expect((await accountOf(target.uid))?.isBanned).toBe(false);
    expect(await trail(target.uid)).toHaveLength(1); // the approval

    for (const [method, path, body] of endpoints) {
      const answer = await call(method, path, admin.cookie, body);
      // The password reset of an account without a password is refused with its own code.
      if (path.endsWith('/password-reset')) {
        expect(answer.json).toMatchObject({ error: { code: 'no_password' } });
        continue;
      }
      expect(answer.status, `${method} ${path} admin`).toBeGreaterThanOrEqual(200);
      expect(answer.status, `${method} ${path} admin`).toBeLessThan(300);
    }
    expect(await accountOf(target.uid)).toBeUndefined();
  }, 60_000);
});

describe('bad input', () => {
  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['token=not-a-token!', 'token'],
    [`q=${'a'.repeat(101)}`, 'q'],
    ['status=sleeping', 'status'],
    ['country=ZZ', 'country'],
    ['language=klingon', 'language'],
    ['approved=maybe', 'approved'],
    ['banned=1', 'banned'],
    ['emailVerified=yes', 'emailVerified'],
    ['sort=email', 'sort'],
    ['dir=up', 'dir'],
  ])('a list with %s is a 400 naming %s', async (query, field) => {
    const answer = await get(`/api/admin/users/clients?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      error: { code: 'validation', fields: { [field]: 'value_invalid' } },
    });
  });

  it('refuses a bad reason, an unknown account, and a test profile with missing or wrong fields', async () => {
    expect(
      (await call('POST', `/api/admin/users/${client.uid}/ban`, admin.cookie, { reason: 42 })).json,
    ).toMatchObject({
      error: { code: 'validation', fields: { reason: 'value_invalid' } },
    });
    expect((await call('POST', `/api/admin/users/${client.uid}/ban`, admin.cookie, [1])).status).toBe(400);
    expect((await call('POST', '/api/admin/users/nobody-here/ban', admin.cookie, {})).json).toMatchObject({
      error: { code: 'not_found' },
    });
    expect((await get('/api/admin/users/nobody-here')).status).toBe(404);
    expect((await get('/api/admin/users/nobody-here/consultations')).status).toBe(404);
    const bad = await call('POST', '/api/admin/test-profiles', admin.cookie, {
      role: 'client',
      firstName: '',
      country: 'XX',
      languages: ['fr', 'it'],
      specialties: ['immigration'],
      online: 'yes',
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      error: {
        code: 'validation',
        fields: {
          role: 'value_invalid',
          firstName: 'required',
          lastName: 'required',
          country: 'value_invalid',
          languages: 'value_invalid',
          online: 'value_invalid',
        },
      },
    });
    expect(await trail(client.uid)).toEqual([]);
  });
});

describe('paging', () => {
  it('pages are disjoint and, together, every client exactly once, by date and by name', async () => {
    for (let i = 0; i < 12; i++) await mintUser(server.store, `pager-${String(i).padStart(2, '0')}`);
    const { rows } = await server.store.db<{ type?: string; role?: string; uid: string }>('accounts').list({
      include_docs: true,
    });
    const clients = rows
      .map((row) => row.doc!)
      .filter((doc) => doc.type === 'account' && doc.role === 'client')
      .map((doc) => doc.uid)
      .sort();
    expect(clients.length).toBeGreaterThan(12);

    for (const order of ['sort=created&dir=desc', 'sort=name&dir=asc']) {
      const pages: string[][] = [];
      let token: string | undefined;
      do {
        const answer = await get<Page<Line>>(
          `/api/admin/users/clients?${order}&limit=5${token ? `&token=${token}` : ''}`,
        );
        expect(answer.status).toBe(200);
        expect(answer.json.items.length).toBeLessThanOrEqual(5);
        pages.push(answer.json.items.map((line) => line.uid));
        token = answer.json.next;
      } while (token);
      expect(pages.length).toBeGreaterThan(2);
      const seen = pages.flat();
      expect(new Set(seen).size, order).toBe(seen.length);
      expect([...seen].sort(), order).toEqual(clients);
    }
  });

  it('answers a forged token, or one from another list, with a 400', async () => {
    const forged = Buffer.from(JSON.stringify([['client', 'x'], 'user:x', 'extra'])).toString('base64url');
    expect((await get(`/api/admin/users/clients?token=${forged}`)).status).toBe(400);
    const lawyers = await get<Page<Line>>('/api/admin/users/lawyers?limit=1');
    await mintUser(server.store, 'pager-lawyer', 'lawyer');
    const more = await get<Page<Line>>('/api/admin/users/lawyers?limit=1');
    const token = more.json.next ?? lawyers.json.next;
    expect(token).toBeDefined();
    const answer = await get(`/api/admin/users/clients?token=${token}`);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ error: { code: 'validation', fields: { token: 'value_invalid' } } });
  });
});

describe('search and filters', () => {
  let zoe: string;
  let marc: string;

  beforeAll(async () => {
    zoe = await registerClient('zoe.lefevre@example.org', 'Zoé', '06 98 76 54 32');
    marc = await registerClient('marc.dupin@example.net', 'Marc', '+34 612 34 56 78');
  }, 30_000);

  it('finds a client by e-mail, by name (case and accents aside) and by phone, as typed', async () => {
    expect(await search('zoe.lef')).toEqual([zoe]);
    expect(await search('ZOE.LEFEVRE@EXAMPLE.ORG')).toEqual([zoe]);
    expect(await search('zoé')).toEqual([zoe]);
    expect(await search('ZOE')).toEqual([zoe]);
    expect(await search('06 98 76')).toEqual([zoe]);
    expect(await search('+33 6 98 76 54 32')).toEqual([zoe]);
    expect(await search('0034 612')).toEqual([marc]);
    expect(await search('dupin')).toEqual([marc]);
    expect(await search('marc dupin')).toEqual([marc]);
    expect(await search('nobody-like-this')).toEqual([]);
    // The role is the path's: a client is not found among lawyers.
    expect(await search('zoe', 'lawyers')).toEqual([]);
  });

  it('follows a phone changed on the profile', async () => {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sos-expat': '1' },
      body: JSON.stringify({ email: 'marc.dupin@example.net', password: 'secret-client-1' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const answer = await call('PATCH', '/api/auth/profile', cookie, { phone: '+41 79 123 45 67' });
    expect(answer.status).toBe(200);
    expect(await search('079 123')).toEqual([marc]);
    expect(await search('0034 612')).toEqual([]);
  });

  it('filters on country (the phone country for clients), language, ban, verification and status', async () => {
    const list = async (query: string) =>
      (await get<Page<Line>>(`/api/admin/users/clients?limit=100&${query}`)).json.items.map((l) => l.uid);
    expect(await list('country=FR')).toEqual([zoe]);
    expect(await list('country=CH')).toEqual([marc]);
    expect(await list('language=es')).toEqual(expect.arrayContaining([zoe, marc]));
    expect(await list('language=es&q=zoe')).toEqual([zoe]);
    expect(await list('emailVerified=false')).toEqual(expect.arrayContaining([zoe, marc]));
    expect(await list('emailVerified=true')).not.toContain(zoe);
    expect(await list('status=inactive')).toEqual([]);
    expect(await list('banned=true')).not.toContain(zoe);
  });
});

describe('actions', () => {
  it('a ban refuses the banned client at their next request and ends the live feed they hold; unban restores', async () => {
    const banned = await mintUser(server.store, 'to-be-banned');
    expect((await call('GET', '/api/auth/me', banned.cookie)).status).toBe(200);
    const baseline = await liveFeeds();
    const controller = new AbortController();
    const feed = fetch(`${server.url}/db/${banned.db}/_changes?feed=longpoll&since=now&timeout=60000`, {
      headers: { cookie: banned.cookie },
      signal: controller.signal,
    }).then(async (res) => ({ status: res.status, text: await res.text() }));
    await heldMoreThan(baseline);
    try {
      const answer = await call('POST', `/api/admin/users/${banned.uid}/ban`, admin.cookie, {
        reason: 'fraude',
      });
      expect(answer).toEqual({ status: 200, json: { changed: true } });
      // The long poll ends now, refused as the next request will be (not at its 60 s timeout).
      expect((await feed).status).toBe(401);
    } finally {
      controller.abort();
    }
    expect((await call('GET', '/api/auth/me', banned.cookie)).json).toMatchObject({
      error: { code: 'account_suspended' },
    });
    expect(
      (await fetch(`${server.url}/db/${banned.db}/_changes?since=0`, { headers: { cookie: banned.cookie } }))
        .status,
    ).toBe(401);
    // Idempotent: a second ban changes nothing and records nothing.
    expect((await call('POST', `/api/admin/users/${banned.uid}/ban`, admin.cookie, {})).json).toEqual({
      changed: false,
    });
    let entries = await trail(banned.uid);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'ban',
      actor: admin.uid,
      before: { isBanned: false },
      after: { isBanned: true },
      reason: 'fraude',
    });
    const listed = await get<Page<Line>>(`/api/admin/users/clients?banned=true&limit=100`);
    expect(listed.json.items.map((line) => line.uid)).toContain(banned.uid);

    expect((await call('POST', `/api/admin/users/${banned.uid}/unban`, admin.cookie, {})).json).toEqual({
      changed: true,
    });
    expect((await call('POST', `/api/admin/users/${banned.uid}/unban`, admin.cookie, {})).json).toEqual({
      changed: false,
    });
    expect((await call('GET', '/api/auth/me', banned.cookie)).status).toBe(200);
    entries = await trail(banned.uid);
    expect(entries.map((entry) => entry.action)).toEqual(['unban', 'ban']);
  });

  it('ends a held feed that already sent heartbeats by cutting it short', async () => {
    const banned = await mintUser(server.store, 'to-be-banned-2');
    const baseline = await liveFeeds();
    const feed = fetch(
      `${server.url}/db/${banned.db}/_changes?feed=longpoll&since=now&heartbeat=1000&timeout=60000`,
      {
        headers: { cookie: banned.cookie },
      },
    )
      .then(async (res) => {
        await res.text();
        return 'answered';
      })
      .catch(() => 'cut');
    await heldMoreThan(baseline);
    // Let a heartbeat go out, so the answer has started.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await call('POST', `/api/admin/users/${banned.uid}/ban`, admin.cookie, {});
    expect(await feed).toBe('cut');
  });

  it('a banned provider goes offline; force offline sets record and public profile offline, once', async () => {
    const provider = await onlineProvider('offline-lawyer', 'expat');
    // The list the dashboard's "providers online" figure links to.
    const listedOnline = async (online: boolean) =>
      (await get<Page<Line>>(`/api/admin/users/expats?limit=100&online=${online}`)).json.items.map(
        (line) => line.uid,
      );
    expect(await listedOnline(true)).toContain(provider.uid);
    expect(await listedOnline(false)).not.toContain(provider.uid);
    const answer = await call('POST', `/api/admin/users/${provider.uid}/offline`, admin.cookie, {
      reason: 'absent',
    });
    expect(answer.json).toEqual({ changed: true });
    const record = await server.store.db<Profile>(provider.db).get('profile');
    const listed = await server.store.db<Provider>('providers').get(provider.uid);
    expect([record.isOnline, record.availability]).toEqual([false, 'unavailable']);
    expect([listed.isOnline, listed.availability]).toEqual([false, 'unavailable']);
    expect(await listedOnline(true)).not.toContain(provider.uid);
    expect(await listedOnline(false)).toContain(provider.uid);
    expect((await call('POST', `/api/admin/users/${provider.uid}/offline`, admin.cookie, {})).json).toEqual({
      changed: false,
    });
    const offline = (await trail(provider.uid)).filter((entry) => entry.action === 'force_offline');
    expect(offline).toHaveLength(1);
    expect(offline[0]).toMatchObject({ before: { isOnline: true }, after: { isOnline: false } });
    expect(
      (await call('POST', `/api/admin/users/${client.uid}/offline`, admin.cookie, {})).json,
    ).toMatchObject({
      error: { code: 'not_provider' },
    });

    expect((await call('POST', '/api/availability', provider.cookie, { online: true })).status).toBe(200);
    await call('POST', `/api/admin/users/${provider.uid}/ban`, admin.cookie, {});
    expect((await server.store.db<Provider>('providers').get(provider.uid)).isOnline).toBe(false);
    const ban = (await trail(provider.uid)).find((entry) => entry.action === 'ban');
    expect(ban).toMatchObject({
      before: { isBanned: false, isOnline: true },
      after: { isBanned: true, isOnline: false },
    });
  });

  it('mails a reset link in the user’s language, once a minute, and audits each mail', async () => {
    const uid = await registerClient('reset.me@example.org', 'Ruth', '06 11 22 33 44', 'en');
    const before = (await listOutbox(server.config)).length;
    const answer = await call('POST', `/api/admin/users/${uid}/password-reset`, admin.cookie, {});
    expect(answer).toEqual({ status: 200, json: { changed: true, validHours: 1 } });
    const mails = await listOutbox(server.config);
    expect(mails.length).toBe(before + 1);
    const mail = mails.find((m) => m.to === 'reset.me@example.org' && m.subject.startsWith('Reset'));
    expect(mail?.subject).toBe('Reset your password – SOS Expat');
    expect(
      (await call('POST', `/api/admin/users/${uid}/password-reset`, admin.cookie, {})).json,
    ).toMatchObject({
      changed: false,
    });
    const entries = await trail(uid);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'password_reset_mail',
      after: { mailedTo: 'reset.me@example.org' },
    });
  }, 30_000);

  it('never acts on an admin account, the acting admin’s own included', async () => {
    for (const path of ['ban', 'unban', 'offline', 'password-reset']) {
      expect(
        (await call('POST', `/api/admin/users/${admin.uid}/${path}`, admin.cookie, {})).json,
      ).toMatchObject({
        error: { code: 'own_account' },
      });
      const other = await call('POST', `/api/admin/users/${otherAdmin.uid}/${path}`, admin.cookie, {});
      expect(other.status).toBe(403);
      expect(other.json).toMatchObject({ error: { code: 'admin_account' } });
    }
    expect((await call('DELETE', `/api/admin/users/${admin.uid}`, admin.cookie)).status).toBe(409);
    expect((await call('DELETE', `/api/admin/users/${otherAdmin.uid}`, admin.cookie)).status).toBe(403);
    expect((await accountOf(otherAdmin.uid))?.isBanned).toBe(false);
    expect(await trail(otherAdmin.uid)).toEqual([]);
  });

  it('deletes an account as its owner’s own deletion does, with one audit entry', async () => {
    const provider = await onlineProvider('deleted-lawyer');
    const answer = await call('DELETE', `/api/admin/users/${provider.uid}`, admin.cookie, {
      reason: 'asked by mail',
    });
    expect(answer).toEqual({ status: 200, json: { changed: true } });
    expect(await accountOf(provider.uid)).toBeUndefined();
    expect(
      await getOrUndefined(server.store.db('accounts'), accountIds.email(provider.email)),
    ).toBeUndefined();
    expect(await getOrUndefined(server.store.db('providers'), provider.uid)).toBeUndefined();
    expect(await server.store.server.db.list()).not.toContain(provider.db);
    const sessions = await server.store.db('accounts').view('sessions', 'by_uid', { key: provider.uid });
    expect(sessions.rows).toEqual([]);
    expect((await call('GET', '/api/auth/me', provider.cookie)).status).toBe(401);
    const entries = await trail(provider.uid);
    expect(entries.filter((entry) => entry.action === 'delete')).toEqual([
      expect.objectContaining({ before: expect.objectContaining({ email: provider.email }), after: null }),
    ]);
    expect((await call('DELETE', `/api/admin/users/${provider.uid}`, admin.cookie)).status).toBe(404);
    expect((await get(`/api/admin/users/${provider.uid}`)).status).toBe(404);
  });
});

describe('test profiles', () => {
  it('are created approved, published and flagged, listed with their badge, and removed with everything', async () => {
    const created = await call('POST', '/api/admin/test-profiles', admin.cookie, {
      role: 'lawyer',
      firstName: 'Test',
      lastName: 'Avocat',
      country: 'DE',
      languages: ['de', 'en'],
      specialties: ['immigration'],
      online: true,
    });
    expect(created.status).toBe(201);
    const line = created.json as Line & { isOnline?: boolean };
    expect(line).toMatchObject({
      displayName: 'Test Avocat',
      isTestProfile: true,
      isApproved: true,
      isOnline: true,
    });
    const uid = line.uid;

    const listed = await server.store.db<Provider>('providers').get(uid);
    expect(listed).toMatchObject({
      isTestProfile: true,
      isVisible: true,
      isOnline: true,
      isVerified: false,
      country: 'DE',
    });
    expect((await server.store.db<Profile>(userDbName(uid)).get('profile')).isTestProfile).toBe(true);
    const tests = await get<Page<Line>>('/api/admin/test-profiles');
    expect(tests.json.items.map((item) => item.uid)).toContain(uid);
    expect(tests.json.items.every((item) => item.isTestProfile)).toBe(true);
    const lawyers = await get<Page<Line>>('/api/admin/users/lawyers?testProfile=true&limit=100');
    expect(lawyers.json.items.map((item) => item.uid)).toEqual([uid]);
    expect((await get<{ account: Line }>(`/api/admin/users/${uid}`)).json.account.isTestProfile).toBe(true);
    expect((await trail(uid)).map((entry) => entry.action)).toEqual(['create_test_profile']);

    expect((await call('DELETE', `/api/admin/test-profiles/${client.uid}`, admin.cookie)).json).toMatchObject(
      {
        error: { code: 'not_test_profile' },
      },
    );
    expect((await call('DELETE', `/api/admin/test-profiles/${uid}`, admin.cookie)).status).toBe(204);
    expect(await accountOf(uid)).toBeUndefined();
    expect(await getOrUndefined(server.store.db('providers'), uid)).toBeUndefined();
    expect(await server.store.server.db.list()).not.toContain(userDbName(uid));
    expect((await trail(uid)).map((entry) => entry.action)).toEqual([
      'remove_test_profile',
      'create_test_profile',
    ]);
    expect((await call('DELETE', `/api/admin/test-profiles/${uid}`, admin.cookie)).status).toBe(404);
  });
});
