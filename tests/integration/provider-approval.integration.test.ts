/**
 * `POST /api/admin/providers/:uid/approval` against the real service: only an admin decides; an
 * approval publishes the provider's public fields (never the private ones) into `providers` and lets
 * them go online; a withdrawal hides them from the directory and from checkout, and keeps their
 * rating for a later approval. The approval is mailed to the provider (here to the demo mailbox).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../server/services/mail';
import { getOrUndefined } from '../../server/store/store';
import { accountIds } from '../../src/domain/account';
import type { Profile } from '../../src/domain/mine';
import type { Provider } from '../../src/domain/provider';
import { providerListOrder } from '../../src/domain/provider';
import { banUser, browserCall, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

type StoredProvider = Provider & { _id: string; _rev: string };

let server: TestServer;
let admin: TestUser;
let lawyer: TestUser;
let client: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await mintUser(server.store, 'admin-1', 'admin');
  client = await mintUser(server.store, 'client-1');
  lawyer = await mintUser(server.store, 'lawyer-new', 'lawyer');
  const accounts = server.store.db('accounts');
  const account = await accounts.get(accountIds.account(lawyer.uid));
  await accounts.insert({ ...account, isApproved: false });
  const now = new Date().toISOString();
  const profile: Profile & { _id: string } = {
    _id: 'profile',
    id: 'profile',
    type: 'profile',
    uid: lawyer.uid,
    role: 'lawyer',
    email: lawyer.email,
    preferredLanguage: 'fr',
    firstName: 'Inès',
    lastName: 'Moreau',
    fullName: 'Inès Moreau',
    displayName: 'Inès M.',
    phone: '+33612345678',
    barNumber: 'PAR-12345',
    bio: 'Avocate en droit des étrangers à Lisbonne depuis quinze ans.',
    languages: ['fr', 'en'],
    specialties: ['immigration'],
    practiceCountries: ['PT'],
    residenceCountry: 'PT',
    yearsOfExperience: 15,
    isApproved: false,
    isOnline: false,
    availability: 'unavailable',
    lastStatusChange: now,
    createdAt: now,
    updatedAt: now,
  } as Profile & { _id: string };
  await server.store.db(lawyer.db).insert(profile);
});

afterAll(async () => {
  await server?.close();
});

const call = (method: string, path: string, cookie: string, body?: unknown) =>
  browserCall(server.url, method, path, cookie, body);

const approval = (uid: string, approved: unknown, cookie = admin.cookie) =>
  call('POST', `/api/admin/providers/${uid}/approval`, cookie, { approved });
const readPublic = (uid: string) => getOrUndefined(server.store.db<StoredProvider>('providers'), uid);
const readProfile = (user: TestUser) => server.store.db<Profile>(user.db).get('profile');

describe('provider approval by an admin', () => {
  it('is refused to anyone but an admin, and changes nothing', async () => {
    expect((await approval(lawyer.uid, true, '')).status).toBe(401);
    expect((await approval(lawyer.uid, true, client.cookie)).status).toBe(403);
    expect((await approval(lawyer.uid, true, lawyer.cookie)).status).toBe(403);
    const banned = await mintUser(server.store, 'admin-banned', 'admin');
    await banUser(server.store, banned.uid);
    expect((await approval(lawyer.uid, true, banned.cookie)).json).toMatchObject({
      error: { code: 'account_suspended' },
    });
    expect(await readPublic(lawyer.uid)).toBeUndefined();
    expect((await readProfile(lawyer)).isApproved).toBe(false);
  });

  it('answers a clear error for a bad body, an unknown account or a client', async () => {
    expect((await approval(lawyer.uid, 'yes')).status).toBe(400);
    expect((await approval('nobody', true)).status).toBe(404);
    const answer = await approval(client.uid, true);
    expect(answer.status).toBe(409);
    expect(answer.json).toMatchObject({ error: { code: 'not_provider' } });
  });

  it('before approval, the provider cannot go online', async () => {
    const answer = await call('POST', '/api/availability', lawyer.cookie, { online: true });
    expect(answer.json).toMatchObject({ error: { code: 'profile_not_approved' } });
  });

  it('publishes the public fields of an approved provider, never the private ones', async () => {
    const answer = await approval(lawyer.uid, true);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ isApproved: true, published: true, mailed: true });
    // Without SMTP the mail is in the demo mailbox, like the others.
    const outbox = await listOutbox(server.config);
    expect(
      outbox.filter((mail) => mail.kind === 'provider_approved' && mail.to === lawyer.email),
    ).toHaveLength(1);

    const published = (await readPublic(lawyer.uid))!;
    expect(published).toMatchObject({
      id: lawyer.uid,
      type: 'provider',
      role: 'lawyer',
      profession: 'lawyer',
      fullName: 'Inès Moreau',
      bio: 'Avocate en droit des étrangers à Lisbonne depuis quinze ans.',
      country: 'PT',
      languages: ['fr', 'en'],
      specialties: ['immigration'],
      yearsOfExperience: 15,
      // The spec's defaults for a new provider (the browser shows "Nouveau" until a first review).
      rating: 5,
      reviewCount: 0,
      isOnline: false,
      isVisible: true,
      isActive: true,
    });
    expect(published.slug).toMatch(/^ines-moreau-/);
    expect(published.listOrder).toBe(providerListOrder(published));
    const text = JSON.stringify(published);
    for (const secret of ['+33612345678', 'PAR-12345', lawyer.email]) expect(text).not.toContain(secret);

    expect((await readProfile(lawyer)).isApproved).toBe(true);
    const session = await call('GET', '/api/auth/me', lawyer.cookie);
    expect(JSON.stringify(session.json)).toContain('"isApproved":true');
    const audit = await server.store.db('audit').list({ include_docs: true });
    expect(audit.rows.map((row) => row.doc)).toContainEqual(
      expect.objectContaining({
        type: 'audit',
        action: 'approve',
        subject: { kind: 'account', id: lawyer.uid },
        before: { isApproved: false },
        after: { isApproved: true },
        actor: admin.uid,
      }),
    );
  });

  it('once approved, the provider goes online and is listed online', async () => {
    const answer = await call('POST', '/api/availability', lawyer.cookie, { online: true });
    expect(answer.status).toBe(200);
    expect(await readPublic(lawyer.uid)).toMatchObject({ isOnline: true, availability: 'available' });
  });

  it('a withdrawal hides the provider, sets them offline and keeps the rating', async () => {
    await server.store
      .db('providers')
      .get(lawyer.uid)
      .then((doc) => server.store.db('providers').insert({ ...doc, rating: 4.5, reviewCount: 2 }));
    expect((await approval(lawyer.uid, false)).json).toEqual({
      isApproved: false,
      published: false,
      mailed: false,
    });
    expect(await readPublic(lawyer.uid)).toMatchObject({ isVisible: false, isOnline: false, rating: 4.5 });
    expect(await readProfile(lawyer)).toMatchObject({ isApproved: false, isOnline: false });
    const online = await call('POST', '/api/availability', lawyer.cookie, { online: true });
    expect(online.json).toMatchObject({ error: { code: 'profile_not_approved' } });

    // Approved again: visible with the rating it had.
    await approval(lawyer.uid, true);
    expect(await readPublic(lawyer.uid)).toMatchObject({ isVisible: true, rating: 4.5, reviewCount: 2 });
  });

  it('refuses to publish a record without a country, and writes nothing', async () => {
    const other = await mintUser(server.store, 'expat-bare', 'expat');
    const now = new Date().toISOString();
    await server.store.db(other.db).insert({
      _id: 'profile',
      id: 'profile',
      type: 'profile',
      uid: other.uid,
      role: 'expat',
      email: other.email,
      preferredLanguage: 'fr',
      firstName: 'Bare',
      displayName: 'Bare',
      languages: ['fr'],
      isApproved: false,
      createdAt: now,
      updatedAt: now,
    });
    const answer = await approval(other.uid, true);
    expect(answer.status).toBe(409);
    expect(answer.json).toMatchObject({ error: { code: 'profile_incomplete' } });
    expect(await readPublic(other.uid)).toBeUndefined();
    expect((await readProfile(other)).isApproved).toBe(false);
  });
});
