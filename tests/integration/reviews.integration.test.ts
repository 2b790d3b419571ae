import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from '../support/settled';
import { providerTallyId } from '../../server/services/provider-stats';
import type { ProviderTally } from '../../server/services/provider-stats';
import { publishedReviewId, resumeReviews } from '../../server/services/reviews';
import type { StoredOrder } from '../../server/services/consultation/types';
import { getOrUndefined } from '../../server/store/store';
import { reviewId } from '../../src/domain/mine';
import type { ReviewDoc } from '../../src/domain/mine';
import { providerListOrder } from '../../src/domain/provider';
import type { Provider } from '../../src/domain/provider';
import { eventually, storeOrder } from '../support/orders';
import { providerWithAccount } from '../support/providers';
import { BROWSER_HEADERS, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;
let client: TestUser;
let stranger: TestUser;
let lawyer: TestUser;
const PROVIDER = 'rev-lawyer-1';

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  client = await mintUser(server.store, 'rev-client-1');
  stranger = await mintUser(server.store, 'rev-stranger-2');
  ({ user: lawyer } = await providerWithAccount(server.store, PROVIDER, '+33611111111'));
});

afterAll(async () => {
  await server?.close();
});

type Row = { id?: string; ok?: boolean; rev?: string; error?: string; reason?: string };

async function push(user: TestUser, docs: unknown[], db = user.db) {
  const response = await fetch(`${server.url}/db/${db}/_bulk_docs`, {
    method: 'POST',
    headers: { ...BROWSER_HEADERS, 'content-type': 'application/json', cookie: user.cookie },
    body: JSON.stringify({ docs }),
  });
  return { status: response.status, json: (await response.json()) as Row[] | { error: { code: string } } };
}

function review(orderId: string, extra: Partial<ReviewDoc> & Record<string, unknown> = {}) {
  const now = new Date().toISOString();
  return {
    _id: reviewId(orderId),
    type: 'review',
    orderId,
    providerId: PROVIDER,
    rating: 5,
    comment: 'Très claire et rapide, merci beaucoup !',
    language: 'fr',
    createdAt: now,
    updatedAt: now,
    ...extra,
  };
}

const providerDoc = () => server.store.db<Provider>('providers').get(PROVIDER);

describe('reviews of consultations', () => {
  it("refuses a review of someone else's consultation", async () => {
    await storeOrder(server.store, { orderId: 'rev-order-a', clientUid: client.uid, providerId: PROVIDER });
    const { json } = await push(stranger, [review('rev-order-a')]);
    expect((json as Row[])[0]).toMatchObject({
      error: 'conflict',
      reason: expect.stringMatching(/not yours/),
    });
    expect(
      await getOrUndefined(server.store.db('content'), publishedReviewId('rev-order-a')),
    ).toBeUndefined();
  });

  it('refuses a review of a consultation that is not completed', async () => {
    await storeOrder(server.store, {
      orderId: 'rev-order-b',
      clientUid: client.uid,
      providerId: PROVIDER,
      state: 'paid',
    });
    const { json } = await push(client, [review('rev-order-b')]);
    expect((json as Row[])[0]).toMatchObject({
      error: 'conflict',
      reason: expect.stringMatching(/not completed/),
    });
  });

  it('refuses a review of another provider than the consultation’s, or not keyed on its order', async () => {
    await storeOrder(server.store, { orderId: 'rev-order-c', clientUid: client.uid, providerId: PROVIDER });
    const other = await push(client, [review('rev-order-c', { providerId: 'demo-lawyer-001' })]);
    expect((other.json as Row[])[0]).toMatchObject({ reason: expect.stringMatching(/another provider/) });
    const rekeyed = await push(client, [{ ...review('rev-order-c'), _id: 'review:rev-order-c-bis' }]);
    expect((rekeyed.json as Row[])[0]).toMatchObject({ reason: expect.stringMatching(/keyed on its order/) });
    const early = await push(client, [review('rev-order-c', { publishedAt: new Date().toISOString() })]);
    expect((early.json as Row[])[0]).toMatchObject({ reason: expect.stringMatching(/service only/) });
  });

  it('publishes a valid review once and updates the rating and review count once', async () => {
    await storeOrder(server.store, { orderId: 'rev-order-d', clientUid: client.uid, providerId: PROVIDER });
    const before = await providerDoc();
    const { status, json } = await push(client, [review('rev-order-d', { rating: 1 })]);
    expect(status).toBe(201);
    expect((json as Row[])[0]).toMatchObject({ ok: true });

    const mine = await eventually(async () => {
      const doc = await getOrUndefined(server.store.db<ReviewDoc>(client.db), reviewId('rev-order-d'));
      return doc?.publishedAt ? doc : undefined;
    });
    const content = await server.store.db('content').get(publishedReviewId('rev-order-d'));
    expect(content).toMatchObject({
      type: 'review',
      group: PROVIDER,
      providerId: PROVIDER,
      rating: 1,
      body: 'Très claire et rapide, merci beaucoup !',
      language: 'fr',
      authorName: 'Camille D.',
      country: 'FR',
      verified: true,
    });
    expect(typeof content.newestFirst).toBe('number');

    const after = await providerDoc();
    const expected =
      Math.round(((before.rating * before.reviewCount + 1) / (before.reviewCount + 1)) * 100) / 100;
    expect(after.reviewCount).toBe(before.reviewCount + 1);
    expect(after.rating).toBe(expected);
    expect(after.listOrder).toBe(providerListOrder(after));

    // Pushed again (same content, as a device that missed the answer would): refused, counted once.
    const again = await push(client, [{ ...review('rev-order-d', { rating: 1 }), _rev: mine._rev }]);
    expect((again.json as Row[])[0]).toMatchObject({ reason: expect.stringMatching(/published review/) });
    const deleted = await push(client, [
      { ...review('rev-order-d'), _id: mine._id, _rev: mine._rev, _deleted: true },
    ]);
    expect((deleted.json as Row[])[0]).toMatchObject({ error: 'conflict' });
    const last = await providerDoc();
    expect(last.reviewCount).toBe(before.reviewCount + 1);
    expect(last.rating).toBe(expected);
  });

  it('refuses a second review of the same consultation, even after the first copy is gone', async () => {
    await storeOrder(server.store, { orderId: 'rev-order-e', clientUid: client.uid, providerId: PROVIDER });
    await push(client, [review('rev-order-e')]);
    // Published to the end (the client's copy is marked last).
    const mine = await eventually(async () => {
      const doc = await getOrUndefined(server.store.db<ReviewDoc>(client.db), reviewId('rev-order-e'));
      return doc?.publishedAt ? doc : undefined;
    });
    const count = (await providerDoc()).reviewCount;
    // The user's copy removed on the server side (say, a restore): the order's review stays published.
    await server.store.db(client.db).destroy(mine._id, mine._rev);
    const { json } = await push(client, [review('rev-order-e', { rating: 1 })]);
    expect((json as Row[])[0]).toMatchObject({ reason: expect.stringMatching(/already been reviewed/) });
    expect((await providerDoc()).reviewCount).toBe(count);
  });

  it('finishes at start a publication the service stopped half-way, and counts it once', async () => {
    await storeOrder(server.store, { orderId: 'rev-order-f', clientUid: client.uid, providerId: PROVIDER });
    const before = await providerDoc();
    // The service stopped right after recording the review on the order: nothing public yet.
    const at = new Date().toISOString();
    const orders = server.store.db<StoredOrder>('orders');
    const order = await orders.get('rev-order-f');
    await orders.insert({
      ...order,
      review: { uid: client.uid, rating: 2, comment: 'Utile.', language: 'fr', state: 'pending', at },
    });
    await server.store.db(client.db).insert({ ...review('rev-order-f', { rating: 2, comment: 'Utile.' }) });

    expect(await resumeReviews(server.store)).toBe(1);
    expect(await resumeReviews(server.store)).toBe(0);
    const after = await providerDoc();
    expect(after.reviewCount).toBe(before.reviewCount + 1);
    expect(after.rating).toBe(
      Math.round(((before.rating * before.reviewCount + 2) / (before.reviewCount + 1)) * 100) / 100,
    );
    expect(await server.store.db('content').get(publishedReviewId('rev-order-f'))).toMatchObject({
      rating: 2,
    });
    expect((await server.store.db<ReviewDoc>(client.db).get(reviewId('rev-order-f'))).publishedAt).toBe(at);
    expect((await orders.get('rev-order-f')).review?.state).toBe('done');

    // Stopped later, after the tally but before the provider's figures: finished, still counted once.
    await storeOrder(server.store, { orderId: 'rev-order-g', clientUid: client.uid, providerId: PROVIDER });
    const g = await orders.get('rev-order-g');
    await orders.insert({
      ...g,
      review: { uid: client.uid, rating: 5, comment: 'Parfait.', language: 'fr', state: 'pending', at },
    });
    const ledger = server.store.db<ProviderTally>('ledger');
    const tally = await ledger.get(providerTallyId(PROVIDER));
    await ledger.insert({ ...tally, ratings: { ...tally.ratings, 'rev-order-g': 5 } });
    await resumeReviews(server.store);
    // Resuming finds the unfinished reviews through a view, which a CouchDB cluster may answer a
    // moment behind the writes just made: run again (idempotent), as the next start would.
    const count = await settled(
      async () => {
        await resumeReviews(server.store);
        return (await providerDoc()).reviewCount;
      },
      (reviews) => reviews === before.reviewCount + 2,
    );
    expect(count).toBe(before.reviewCount + 2);
  });

  it('lets nobody write a rating straight into the public directory', async () => {
    const provider = await providerDoc();
    const forged = { ...provider, rating: 5, reviewCount: 9999 };
    const response = await fetch(`${server.url}/db/providers/_bulk_docs`, {
      method: 'POST',
      headers: { ...BROWSER_HEADERS, 'content-type': 'application/json', cookie: lawyer.cookie },
      body: JSON.stringify({ docs: [forged] }),
    });
    expect(response.status).toBe(403);
    const put = await fetch(`${server.url}/db/providers/${PROVIDER}`, {
      method: 'PUT',
      headers: { ...BROWSER_HEADERS, 'content-type': 'application/json', cookie: lawyer.cookie },
      body: JSON.stringify(forged),
    });
    expect(put.status).toBe(403);
    expect((await providerDoc()).reviewCount).toBe(provider.reviewCount);
    // Nor a review of oneself from one's own database.
    await storeOrder(server.store, { orderId: 'rev-order-h', clientUid: client.uid, providerId: PROVIDER });
    const { json } = await push(lawyer, [review('rev-order-h')]);
    expect((json as Row[])[0]).toMatchObject({ reason: expect.stringMatching(/not yours/) });
  });
});
