/**
 * The dashboard's Profile and Availability tabs against the real service: what a provider pushes of
 * their own record through the gateway, what the public profile then shows, and who may change what.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setAvailability, StatusSyncFailed } from '../../server/services/profile';
import { getOrUndefined } from '../../server/store/store';
import type { Store } from '../../server/store/store';
import { accountIds } from '../../src/domain/account';
import type { Account } from '../../src/domain/account';
import type { Profile } from '../../src/domain/mine';
import type { Provider } from '../../src/domain/provider';
import { providerListOrder } from '../../src/domain/provider';
import { providerWithAccount } from '../support/providers';
import { browserCall, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

type StoredProfile = Profile & { _id: string; _rev: string };
type StoredProvider = Provider & { _id: string; _rev: string };

let server: TestServer;
let lawyer: TestUser;
let pending: TestUser;
let client: TestUser;

const BIO = 'Avocate en droit de la famille et de l’immigration, vingt ans de pratique à Lisbonne.';

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  lawyer = (await providerWithAccount(server.store, 'lawyer-approved', '+33612345678')).user;
  pending = await mintUser(server.store, 'lawyer-pending', 'lawyer');
  await server.store.db(pending.db).insert(profileOf(pending, 'lawyer', false));
  // A public profile for the unapproved provider (as after a withdrawn approval): never touched.
  const { _rev: _ignored, ...template } = (await readPublic(lawyer.uid))!;
  await server.store
    .db('providers')
    .insert({ ...template, _id: pending.uid, id: pending.uid, slug: 'pending' });
  client = await mintUser(server.store, 'client-1');
  await server.store.db(client.db).insert(profileOf(client, 'client', true));
});

afterAll(async () => {
  await server?.close();
});

function profileOf(user: TestUser, role: Profile['role'], isApproved: boolean) {
  const now = new Date().toISOString();
  return {
    _id: 'profile',
    id: 'profile',
    type: 'profile',
    uid: user.uid,
    role,
    email: user.email,
    preferredLanguage: 'fr',
    firstName: 'Marc',
    displayName: 'Marc',
    languages: ['fr'],
    isApproved,
    ...(role === 'client' ? {} : { isOnline: false, availability: 'unavailable', lastStatusChange: now }),
    createdAt: now,
    updatedAt: now,
  };
}

const call = (method: string, path: string, cookie: string, body?: unknown) =>
  browserCall(server.url, method, path, cookie, body);

const readProfile = (user: TestUser) => server.store.db<StoredProfile>(user.db).get('profile');
const readPublic = (uid: string) => getOrUndefined(server.store.db<StoredProvider>('providers'), uid);

/** Pushes the user's profile with `change` applied, as RxDB's replication does. */
async function pushProfile(user: TestUser, change: Record<string, unknown>) {
  const current = await readProfile(user);
  const doc = { ...current, ...change, updatedAt: new Date().toISOString() };
  const answer = await call('POST', `/db/${user.db}/_bulk_docs`, user.cookie, { docs: [doc] });
  expect(answer.status).toBe(201);
  return (answer.json as { ok?: boolean; error?: string; reason?: string }[])[0]!;
}

describe('a provider edits their profile through the gateway', () => {
  it('is accepted and the public profile shows the public fields, keeping the service’s', async () => {
    const before = (await readPublic(lawyer.uid))!;
    const row = await pushProfile(lawyer, {
      bio: BIO,
      specialties: ['family_law', 'immigration'],
      practiceCountries: ['PT', 'FR'],
      residenceCountry: 'PT',
      yearsOfExperience: 20,
      barNumber: 'L-12345',
      languages: ['fr', 'pt', 'en'],
      education: [
        { title: 'Master en droit', institution: 'Université de Lisbonne', year: 2004 },
        { title: 'Certificat sans école' },
      ],
    });
    expect(row.ok).toBe(true);
    // The gateway answers first, then publishes.
    const published = await vi.waitFor(async () => {
      const doc = (await readPublic(lawyer.uid))!;
      expect(doc.bio).toBe(BIO);
      return doc;
    });
    expect(published.specialties).toEqual(['family_law', 'immigration']);
    expect(published.practiceCountries).toEqual(['PT', 'FR']);
    expect(published.country).toBe('PT');
    expect(published.yearsOfExperience).toBe(20);
    expect(published.languages).toEqual(['fr', 'en']);
    expect(published.education).toEqual([
      { title: 'Master en droit', institution: 'Université de Lisbonne', year: 2004 },
    ]);
    expect(published).not.toHaveProperty('barNumber');
    expect(published).not.toHaveProperty('phone');
    for (const field of ['rating', 'reviewCount', 'isOnline', 'availability', 'completedCalls'] as const)
      expect(published[field]).toEqual(before[field]);
    expect(published.listOrder).toBe(providerListOrder(published));
  });

  it('is refused when it changes a field of the service’s', async () => {
    for (const change of [{ isApproved: false }, { rating: 5 }, { isOnline: true }, { role: 'admin' }]) {
      const row = await pushProfile(lawyer, change);
      expect(row.error, JSON.stringify(change)).toBe('conflict');
    }
    expect((await readProfile(lawyer)).isApproved).toBe(true);
  });

  it('is refused when the photo is not one of the owner’s uploads', async () => {
    const row = await pushProfile(lawyer, { profilePhoto: '/api/photos/0123456789abcdef0123456789abcdef' });
    expect(row.error).toBe('conflict');
  });

  it('publishes nothing for an unapproved provider', async () => {
    const row = await pushProfile(pending, { bio: BIO, specialties: ['family_law'] });
    expect(row.ok).toBe(true);
    expect((await readProfile(pending)).bio).toBe(BIO);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await readPublic(pending.uid))?.bio).not.toBe(BIO);
  });
});

describe('a client edits their profile through the gateway', () => {
  it('may change client fields', async () => {
    const row = await pushProfile(client, { firstName: 'Claire', displayName: 'Claire' });
    expect(row.ok).toBe(true);
    await vi.waitFor(async () => {
      const account = await call('GET', '/api/auth/me', client.cookie);
      expect((account.json as { user: { displayName: string } }).user.displayName).toBe('Claire');
    });
  });

  it('may not set a provider’s fields', async () => {
    for (const change of [{ specialties: ['family_law'] }, { barNumber: 'X1' }, { yearsOfExperience: 3 }]) {
      const row = await pushProfile(client, change);
      expect(row.error, JSON.stringify(change)).toBe('conflict');
    }
    expect(await readProfile(client)).not.toHaveProperty('specialties');
  });
});

describe('POST /api/availability', () => {
  it('refuses an unapproved provider with profile_not_approved', async () => {
    const answer = await call('POST', '/api/availability', pending.cookie, { online: true });
    expect(answer.status).toBe(409);
    expect(answer.json).toMatchObject({ error: { code: 'profile_not_approved' } });
    expect((await readProfile(pending)).isOnline).toBe(false);
  });

  it('refuses a client', async () => {
    const answer = await call('POST', '/api/availability', client.cookie, { online: true });
    expect(answer.status).toBe(403);
  });

  it('refuses a signed-out caller and a body without a boolean', async () => {
    expect((await call('POST', '/api/availability', '', { online: true })).status).toBe(401);
    expect((await call('POST', '/api/availability', lawyer.cookie, { online: 'yes' })).status).toBe(400);
  });

  it('updates the user record and the public profile together', async () => {
    for (const online of [false, true]) {
      const answer = await call('POST', '/api/availability', lawyer.cookie, { online });
      expect(answer.status).toBe(200);
      const profile = await readProfile(lawyer);
      const published = (await readPublic(lawyer.uid))!;
      const availability = online ? 'available' : 'unavailable';
      expect(profile).toMatchObject({ isOnline: online, availability });
      expect(published).toMatchObject({ isOnline: online, availability });
      expect(published.lastStatusChange).toBe(profile.lastStatusChange);
      expect(answer.json).toMatchObject({ isOnline: online, lastStatusChange: profile.lastStatusChange });
      expect(published.listOrder).toBe(providerListOrder(published));
    }
  });

  it('keeps the first time a provider went online on their account, not the later ones', async () => {
    const accounts = server.store.db<Account>('accounts');
    const first = (await accounts.get(accountIds.account(lawyer.uid))).firstOnlineAt;
    expect(first).toEqual(expect.any(String));
    await call('POST', '/api/availability', lawyer.cookie, { online: false });
    await call('POST', '/api/availability', lawyer.cookie, { online: true });
    expect((await accounts.get(accountIds.account(lawyer.uid))).firstOnlineAt).toBe(first);
  });

  it('says so when the public profile cannot follow, and setting it again brings both in line', async () => {
    // The directory's database refuses writes (a store fault on that database only).
    const failing: Store = {
      ...server.store,
      db: <T extends object>(name: string) => {
        const db = server.store.db<T>(name);
        return name === 'providers' ? { ...db, insert: () => Promise.reject(new Error('store fault')) } : db;
      },
    };
    await expect(setAvailability(failing, lawyer.uid, false)).rejects.toBeInstanceOf(StatusSyncFailed);
    expect(await readProfile(lawyer)).toMatchObject({ isOnline: false });
    expect(await readPublic(lawyer.uid)).toMatchObject({ isOnline: true });

    await setAvailability(server.store, lawyer.uid, false);
    expect(await readPublic(lawyer.uid)).toMatchObject({ isOnline: false, availability: 'unavailable' });
  });
});
