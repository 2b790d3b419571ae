/**
 * What an approved provider can get into the public directory as specialties, through the
 * replication gateway (security review, issue 11 item 8): codes of their role's list only, and one
 * "other" text in their own words that follows the shared rule. A record stored before the rule
 * keeps replicating, and what it holds outside the rule is never published.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setProviderApproval } from '../../server/services/provider-approval';
import { migrationDoneId } from '../../server/store/backfill';
import { migrate } from '../../server/store/migrate';
import { getOrUndefined } from '../../server/store/store';
import type { Profile } from '../../src/domain/mine';
import type { Provider } from '../../src/domain/provider';
import { providerWithAccount } from '../support/providers';
import { browserCall, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

type StoredProfile = Profile & { _id: string; _rev: string };
type StoredProvider = Provider & { _id: string; _rev: string };
type Row = { ok?: boolean; error?: string; reason?: string };

let server: TestServer;
let lawyer: TestUser;
let expat: TestUser;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  lawyer = (await providerWithAccount(server.store, 'lawyer-words', '+33612345678')).user;
  expat = await mintUser(server.store, 'expat-words', 'expat');
  const now = new Date().toISOString();
  await server.store.db(expat.db).insert({
    _id: 'profile',
    id: 'profile',
    type: 'profile',
    uid: expat.uid,
    role: 'expat',
    email: expat.email,
    preferredLanguage: 'fr',
    firstName: 'Paul',
    lastName: 'Durand',
    displayName: 'Paul Durand',
    languages: ['fr'],
    residenceCountry: 'TH',
    helpTypes: ['housing_search'],
    isApproved: false,
    createdAt: now,
    updatedAt: now,
  });
  await setProviderApproval(server.store, { uid: expat.uid, approved: true, by: 'admin-test' });
});

afterAll(async () => {
  await server?.close();
});

const readProfile = (user: TestUser) => server.store.db<StoredProfile>(user.db).get('profile');
const readPublic = (uid: string) => getOrUndefined(server.store.db<StoredProvider>('providers'), uid);

/** Pushes the user's profile with `change` applied, as RxDB's replication does. */
async function pushProfile(user: TestUser, change: Record<string, unknown>): Promise<Row> {
  const current = await readProfile(user);
  const doc = { ...current, ...change, updatedAt: new Date().toISOString() };
  const answer = await browserCall(server.url, 'POST', `/db/${user.db}/_bulk_docs`, user.cookie, {
    docs: [doc],
  });
  expect(answer.status).toBe(201);
  return (answer.json as Row[])[0]!;
}

/** The record the replication reads back after a refused push: the server's own version. */
async function serverVersion(user: TestUser): Promise<StoredProfile> {
  const answer = await browserCall(
    server.url,
    'POST',
    `/db/${user.db}/_all_docs?include_docs=true`,
    user.cookie,
    {
      keys: ['profile'],
    },
  );
  return (answer.json as { rows: { doc: StoredProfile }[] }).rows[0]!.doc;
}

/** Publication follows a write; a refused push writes nothing, so a later valid push is the marker. */
async function publishedAfter(user: TestUser, bio: string): Promise<StoredProvider> {
  expect((await pushProfile(user, { bio })).ok).toBe(true);
  return vi.waitFor(async () => {
    const doc = (await readPublic(user.uid))!;
    expect(doc.bio).toBe(bio);
    return doc;
  });
}

describe('specialties pushed by an approved lawyer', () => {
  it('refuses a specialty outside the list, keeps the server’s record and publishes nothing of it', async () => {
    const before = await readProfile(lawyer);
    for (const specialties of [
      ['immigration', 'Best lawyer in town'],
      ['<img src=x onerror=alert(1)>'],
      ['housing_search'],
    ]) {
      const row = await pushProfile(lawyer, { specialties });
      expect(row.error, JSON.stringify(specialties)).toBe('conflict');
      expect(row.reason).toContain('specialties');
    }
    const after = await serverVersion(lawyer);
    expect(after._rev).toBe(before._rev);
    expect(after.specialties).toEqual(before.specialties);

    const published = await publishedAfter(lawyer, 'Avocate en droit des étrangers, à Lisbonne depuis 2004.');
    expect(published.specialties).not.toContain('Best lawyer in town');
    expect(JSON.stringify(published)).not.toContain('onerror');
  });

  it('refuses a practice country outside the list', async () => {
    const row = await pushProfile(lawyer, { practiceCountries: ['PT', 'ZZ'] });
    expect(row.error).toBe('conflict');
  });

  it('publishes a valid "other" text as the provider’s own words, beside the codes', async () => {
    const row = await pushProfile(lawyer, {
      specialties: ['immigration', 'family_law'],
      specialtyOther: '  Droit maritime ',
    });
    expect(row.ok).toBe(true);
    const published = await vi.waitFor(async () => {
      const doc = (await readPublic(lawyer.uid))!;
      expect(doc.specialtyOther).toBe('Droit maritime');
      return doc;
    });
    expect(published.specialties).toEqual(['immigration', 'family_law']);
  });

  it('refuses an "other" text with markup, a link, or too long, and the published words stay', async () => {
    for (const specialtyOther of [
      '<b>Droit</b> maritime',
      'Voir https://avocat.example',
      'www.avocat-pas-cher',
      'Droit maritime '.repeat(5),
      'Droit\u0007maritime',
    ]) {
      const row = await pushProfile(lawyer, { specialtyOther });
      expect(row.error, specialtyOther).toBe('conflict');
      expect(row.reason).toContain('specialtyOther');
    }
    const published = await publishedAfter(
      lawyer,
      'Avocate à Lisbonne, droit de la famille et des étrangers.',
    );
    expect(published.specialtyOther).toBe('Droit maritime');
  });

  it('unpublishes the words once the provider clears them', async () => {
    expect((await pushProfile(lawyer, { specialtyOther: '' })).ok).toBe(true);
    await vi.waitFor(async () => {
      expect(await readPublic(lawyer.uid)).not.toHaveProperty('specialtyOther');
    });
  });
});

describe('help domains pushed by an approved expat', () => {
  it('refuses a help domain outside the expats’ list', async () => {
    for (const helpTypes of [['housing_search', 'Cheap flights!!'], ['immigration']]) {
      const row = await pushProfile(expat, { helpTypes });
      expect(row.error, JSON.stringify(helpTypes)).toBe('conflict');
    }
    expect((await readProfile(expat)).helpTypes).toEqual(['housing_search']);
  });

  it('publishes a valid help domain in their own words, and refuses a link there too', async () => {
    expect((await pushProfile(expat, { helpTypeOther: 'https://visa.example' })).error).toBe('conflict');
    expect(
      (await pushProfile(expat, { helpTypes: ['relocation'], helpTypeOther: 'Aide à l’adoption' })).ok,
    ).toBe(true);
    await vi.waitFor(async () => {
      expect(await readPublic(expat.uid)).toMatchObject({
        specialties: ['relocation'],
        specialtyOther: 'Aide à l’adoption',
      });
    });
  });
});

describe('a record stored before the rule', () => {
  it('still replicates for its owner, is published without what breaks the rule, and takes nothing new', async () => {
    // As written before the fix: a free specialty, an "other" text the rule now refuses, and the
    // free specialty already in the directory.
    const current = await readProfile(lawyer);
    await server.store.db(lawyer.db).insert({
      ...current,
      specialties: ['immigration', 'Old free text'],
      specialtyOther: 'Avocat pas cher, voir mon site: www.avocat.example',
    });
    const published = (await readPublic(lawyer.uid))!;
    await server.store
      .db('providers')
      .insert({ ...published, specialties: ['immigration', 'Old free text'] as Provider['specialties'] });

    // The owner edits another field of the record: accepted, and the publication drops the rest.
    const republished = await publishedAfter(lawyer, 'Avocate en droit des étrangers, toujours à Lisbonne.');
    expect(republished.specialties).toEqual(['immigration']);
    expect(republished).not.toHaveProperty('specialtyOther');

    // Nothing new outside the list gets in next to the old values.
    const row = await pushProfile(lawyer, { specialties: ['immigration', 'Old free text', 'New free text'] });
    expect(row.error).toBe('conflict');
    // Dropping the old value is accepted.
    expect((await pushProfile(lawyer, { specialties: ['immigration'] })).ok).toBe(true);
  });

  it('is published without its unknown codes when an admin approves it', async () => {
    const pending = await mintUser(server.store, 'lawyer-legacy', 'lawyer');
    const now = new Date().toISOString();
    await server.store.db(pending.db).insert({
      _id: 'profile',
      id: 'profile',
      type: 'profile',
      uid: pending.uid,
      role: 'lawyer',
      email: pending.email,
      preferredLanguage: 'fr',
      firstName: 'Jean',
      lastName: 'Roux',
      displayName: 'Jean Roux',
      languages: ['fr'],
      residenceCountry: 'FR',
      specialties: ['tax_law', 'Free text'],
      specialtyOther: '<script>x</script>',
      isApproved: false,
      createdAt: now,
      updatedAt: now,
    });
    await setProviderApproval(server.store, { uid: pending.uid, approved: true, by: 'admin-test' });
    const published = (await readPublic(pending.uid))!;
    expect(published.specialties).toEqual(['tax_law']);
    expect(published).not.toHaveProperty('specialtyOther');
  });

  it('is cleaned out of the directory at start, for a provider who publishes nothing again', async () => {
    const { provider } = await providerWithAccount(server.store, 'lawyer-quiet', '+33612345679');
    const current = (await readPublic(provider.id))!;
    await server.store.db('providers').insert({
      ...current,
      specialties: ['immigration', '<b>Old free text</b>'],
      specialtyOther: 'see www.old.example',
    });
    // Written before the release that enforces the lists: the store has not run its clean-up yet.
    const admin = server.store.db('admin');
    const done = await admin.get(migrationDoneId('listed-specialties'));
    await admin.destroy(done._id, done._rev);
    const report = await migrate(server.store);
    expect(report.backfilled).toBeGreaterThanOrEqual(1);
    const cleaned = (await readPublic(provider.id))!;
    expect(cleaned.specialties).toEqual(['immigration']);
    expect(cleaned).not.toHaveProperty('specialtyOther');
    // A second start finds nothing to do.
    const again = (await readPublic(provider.id))!;
    await migrate(server.store);
    expect((await readPublic(provider.id))!._rev).toBe(again._rev);
  });
});
