/**
 * A new provider's stored rating (issue 12 item 3): the spec's default, rating 5 with no review,
 * from the approval on, through a first call without a review, until the first review makes it an
 * average; and a store where an earlier release published 0 is set right at start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProviderApproval } from '../../server/services/provider-approval';
import { countCompletedCall, countRating } from '../../server/services/provider-stats';
import { migrationDoneId } from '../../server/store/backfill';
import { migrate } from '../../server/store/migrate';
import { getOrUndefined } from '../../server/store/store';
import { NEW_PROVIDER_RATING, NEW_PROVIDER_REVIEW_COUNT } from '../../src/domain/constants';
import type { Provider } from '../../src/domain/provider';
import { providerListOrder } from '../../src/domain/provider';
import { providerWithAccount } from '../support/providers';
import { mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

type StoredProvider = Provider & { _id: string; _rev: string };

let server: TestServer;
let expat: TestUser;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  expat = await mintUser(server.store, 'expat-new', 'expat');
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
});

afterAll(async () => {
  await server?.close();
});

const readPublic = async (uid: string) =>
  (await getOrUndefined(server.store.db<StoredProvider>('providers'), uid))!;

describe("a new provider's rating", () => {
  it('is published with the spec’s defaults when an admin approves them', async () => {
    await setProviderApproval(server.store, { uid: expat.uid, approved: true, by: 'admin-test' });
    const published = await readPublic(expat.uid);
    expect(published).toMatchObject({ rating: NEW_PROVIDER_RATING, reviewCount: NEW_PROVIDER_REVIEW_COUNT });
    expect(published.listOrder).toBe(providerListOrder(published));
  });

  it('stays the default after a completed call that nobody reviewed', async () => {
    await countCompletedCall(server.store, expat.uid, 'order-unreviewed');
    expect(await readPublic(expat.uid)).toMatchObject({
      rating: NEW_PROVIDER_RATING,
      reviewCount: 0,
      completedCalls: 1,
    });
  });

  it('becomes the average of the reviews from the first one', async () => {
    await countRating(server.store, expat.uid, 'order-reviewed', 4);
    const published = await readPublic(expat.uid);
    expect(published).toMatchObject({ rating: 4, reviewCount: 1 });
    expect(published.listOrder).toBe(providerListOrder(published));
    await countRating(server.store, expat.uid, 'order-reviewed-2', 5);
    expect(await readPublic(expat.uid)).toMatchObject({ rating: 4.5, reviewCount: 2 });
  });

  it('published as 0 by an earlier release is set to the default at start, and reviewed ones are kept', async () => {
    const { provider: unrated } = await providerWithAccount(server.store, 'lawyer-zero', '+33612345670');
    const current = await readPublic(unrated.id);
    const zero = { ...current, rating: 0, reviewCount: 0, completedCalls: 0 };
    await server.store.db('providers').insert({ ...zero, listOrder: providerListOrder(zero) });
    const reviewedBefore = await readPublic(expat.uid);
    // The store has not run this release's correction yet.
    const admin = server.store.db('admin');
    const done = await getOrUndefined(admin, migrationDoneId('new-provider-rating'));
    if (done) await admin.destroy(done._id, done._rev!);

    const report = await migrate(server.store);
    expect(report.backfilled).toBeGreaterThanOrEqual(1);
    const fixed = await readPublic(unrated.id);
    expect(fixed).toMatchObject({ rating: NEW_PROVIDER_RATING, reviewCount: 0 });
    expect(fixed.listOrder).toBe(providerListOrder(fixed));
    expect((await readPublic(expat.uid))._rev).toBe(reviewedBefore._rev);

    // A second start finds nothing to do.
    await migrate(server.store);
    expect((await readPublic(unrated.id))._rev).toBe(fixed._rev);
  });
});
