/**
 * Moderation of reviews in the admin console against the real service (demo directory seeded): an
 * admin hides a review with a reason and restores it; the public document leaves `content` and
 * comes back; the provider's rating and review count follow through the same tally as publication,
 * so that a review hidden twice, by two admins at once, or by a retried request is taken out once,
 * and a resumed publication never brings a hidden review back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentDoc } from '../../src/domain/content';
import { reviewId } from '../../src/domain/mine';
import type { ReviewDoc } from '../../src/domain/mine';
import type { Provider } from '../../src/domain/provider';
import type { ReviewModerationView } from '../../src/domain/review-moderation';
import { publishedReviewId, resumeReviews } from '../../server/services/reviews';
import type { StoredOrder } from '../../server/services/consultation/types';
import { getOrUndefined } from '../../server/store/store';
import { auditOf, expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { eventually, storeOrder } from '../support/orders';
import { providerWithAccount } from '../support/providers';
import { browserCall, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

type Page = { items: ReviewModerationView[]; next?: string };
type Decision = { review: ReviewModerationView; changed: boolean };
type ErrorAnswer = { error: { code: string; fields?: Record<string, string> } };
type StoredReview = ContentDoc & { _id: string; _rev: string };

let server: TestServer;
let users: RoleUsers;
let buyer: TestUser;
/** A demo provider and the ids of their seeded reviews. */
let demoProvider: string;
let demoReviews: StoredReview[];
const LAWYER = 'mod-lawyer-1';

async function call<T>(method: string, path: string, body?: unknown, cookie = users.admin.cookie) {
  return (await browserCall(server.url, method, path, cookie, body)) as { status: number; json: T };
}
const list = (query: string) => call<Page>('GET', `/api/admin/reviews?${query}`);
const moderate = (id: string, body: unknown) =>
  call<Decision & ErrorAnswer>('POST', `/api/admin/reviews/${encodeURIComponent(id)}/moderation`, body);
const hide = (id: string, reason = 'Propos injurieux') => moderate(id, { state: 'hidden', reason });
const restore = (id: string, reason = 'Signalement infondé') => moderate(id, { state: 'visible', reason });
const provider = (id: string) => server.store.db<Provider>('providers').get(id);
const published = (id: string) => getOrUndefined(server.store.db<StoredReview>('content'), id);

/** The figures a provider's public profile should show once these ratings are taken out. */
function without(before: Provider, ratings: number[]): { rating: number; reviewCount: number } {
  const reviewCount = before.reviewCount - ratings.length;
  const sum = before.rating * before.reviewCount - ratings.reduce((total, rating) => total + rating, 0);
  return { reviewCount, rating: Math.round((sum / reviewCount) * 100) / 100 };
}

beforeAll(async () => {
  server = await startTestServer({ seed: true, limits: { api: { limit: 10_000, windowMs: 60_000 } } });
  users = await mintRoles(server.store, 'mod');
  buyer = await mintUser(server.store, 'mod-buyer');
  await providerWithAccount(server.store, LAWYER, '+33611119999');
  const { rows } = await server.store
    .db<StoredReview>('content')
    .list({ startkey: 'review:demo-', endkey: 'review:demo-\ufff0', include_docs: true });
  const byProvider = new Map<string, StoredReview[]>();
  for (const row of rows) {
    const doc = row.doc!;
    byProvider.set(doc.providerId!, [...(byProvider.get(doc.providerId!) ?? []), doc]);
  }
  [demoProvider, demoReviews] = [...byProvider.entries()].find(([, reviews]) => reviews.length >= 4)!;
});

afterAll(async () => {
  await server?.close();
});

describe('review moderation', () => {
  it('is for admins only, every endpoint', async () => {
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/reviews');
    await expectAdminOnly(server.url, users, 'POST', `/api/admin/reviews/${demoReviews[0]!._id}/moderation`, {
      state: 'hidden',
      reason: 'Spam',
    });
    expect(await published(demoReviews[0]!._id)).toBeDefined();
    expect(await auditOf(server.store, 'review', demoReviews[0]!._id)).toEqual([]);
  });

  it('lists published reviews, paged, by provider and by search', async () => {
    const first = await list('limit=5');
    expect(first.status).toBe(200);
    expect(first.json.items).toHaveLength(5);
    expect(first.json.items[0]).toMatchObject({ state: 'visible', rating: expect.any(Number) });
    const second = await list(`limit=5&token=${first.json.next}`);
    expect(second.json.items).toHaveLength(5);
    expect(second.json.items.map((item) => item.id)).not.toContain(first.json.items[0]!.id);

    const mine = await list(`provider=${demoProvider}`);
    expect(mine.json.items.map((item) => item.id).sort()).toEqual(demoReviews.map((doc) => doc._id).sort());
    expect(mine.json.items[0]!.providerName).toEqual(expect.any(String));

    const target = demoReviews[0]!;
    const word = target.authorName!.split(' ')[0]!;
    const found = await list(`q=${encodeURIComponent(word.toUpperCase())}&provider=${demoProvider}`);
    expect(found.json.items.map((item) => item.id)).toContain(target._id);
    expect(
      found.json.items.every((item) => item.authorName?.includes(word) || item.body.includes(word)),
    ).toBe(true);

    for (const [query, field] of [
      ['state=deleted', 'state'],
      ['limit=abc', 'limit'],
      ['token=bad!', 'token'],
      [`q=${'x'.repeat(101)}`, 'q'],
    ] as [string, string][]) {
      const answer = (await list(query)) as unknown as { status: number; json: ErrorAnswer };
      expect([query, answer.status, answer.json.error.fields]).toEqual([
        query,
        400,
        { [field]: 'value_invalid' },
      ]);
    }
  });

  it('refuses a decision without a state or a reason, or about no review', async () => {
    const id = demoReviews[0]!._id;
    for (const [body, fields] of [
      [{ reason: 'Spam' }, { state: 'required' }],
      [{ state: 'deleted', reason: 'Spam' }, { state: 'value_invalid' }],
      [{ state: 'hidden' }, { reason: 'required' }],
      [{ state: 'hidden', reason: '  ' }, { reason: 'required' }],
      [{ state: 'hidden', reason: 'x'.repeat(1001) }, { reason: 'too_long' }],
    ] as const) {
      const answer = await moderate(id, body);
      expect([answer.status, answer.json.error.code, answer.json.error.fields]).toEqual([
        400,
        'validation',
        fields,
      ]);
    }
    expect((await hide('review:nothing-here')).status).toBe(404);
    expect((await hide('faq:fr:something')).status).toBe(404);
    expect((await hide('review:../../_all_dbs')).status).toBe(404);
    expect(await published(id)).toBeDefined();
    expect(await auditOf(server.store, 'review', id)).toEqual([]);
  });

  it('hides a review: unpublished, taken out of the figures once, audited once', async () => {
    const target = demoReviews[0]!;
    const before = await provider(demoProvider);
    const answer = await hide(target._id, 'Propos injurieux envers un tiers');
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      changed: true,
      review: {
        id: target._id,
        state: 'hidden',
        providerId: demoProvider,
        moderation: { state: 'hidden', reason: 'Propos injurieux envers un tiers', by: users.admin.uid },
      },
    });
    expect(await published(target._id)).toBeUndefined();
    const after = await provider(demoProvider);
    expect({ rating: after.rating, reviewCount: after.reviewCount }).toEqual(
      without(before, [target.rating!]),
    );

    // Hidden again, or the request retried: nothing more.
    const again = await hide(target._id, 'Autre motif');
    expect(again.json.changed).toBe(false);
    expect(await provider(demoProvider)).toMatchObject({
      reviewCount: after.reviewCount,
      rating: after.rating,
    });
    expect(await auditOf(server.store, 'review', target._id, 1)).toEqual([
      expect.objectContaining({
        actor: users.admin.uid,
        action: 'review_hide',
        before: { state: 'visible' },
        after: { state: 'hidden' },
        reason: 'Propos injurieux envers un tiers',
      }),
    ]);

    expect((await list(`provider=${demoProvider}`)).json.items.map((item) => item.id)).not.toContain(
      target._id,
    );
    const hidden = await list('state=hidden');
    expect(hidden.json.items).toEqual([
      expect.objectContaining({ id: target._id, state: 'hidden', body: target.body, rating: target.rating }),
    ]);
  });

  it('two admins hiding the same review at once take it out once', async () => {
    const target = demoReviews[1]!;
    const before = await provider(demoProvider);
    const answers = await Promise.all([hide(target._id, 'Spam'), hide(target._id, 'Publicité')]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json.changed).sort()).toEqual([false, true]);
    const after = await provider(demoProvider);
    expect({ rating: after.rating, reviewCount: after.reviewCount }).toEqual(
      without(before, [target.rating!]),
    );
    expect(await auditOf(server.store, 'review', target._id, 1)).toHaveLength(1);
  });

  it('hiding two reviews of one provider at once takes both out', async () => {
    const [a, b] = [demoReviews[2]!, demoReviews[3]!];
    const before = await provider(demoProvider);
    await Promise.all([hide(a._id), hide(b._id)]);
    const after = await provider(demoProvider);
    expect({ rating: after.rating, reviewCount: after.reviewCount }).toEqual(
      without(before, [a.rating!, b.rating!]),
    );
  });

  it('restores a review as it was, and puts it back in the figures once', async () => {
    const target = demoReviews[0]!;
    const before = await provider(demoProvider);
    const answers = await Promise.all([restore(target._id), restore(target._id)]);
    expect(answers.map((answer) => answer.json.changed).sort()).toEqual([false, true]);
    const back = await published(target._id);
    const { _rev: _a, ...restored } = back!;
    const { _rev: _b, ...original } = target;
    expect(restored).toEqual(original);
    const after = await provider(demoProvider);
    expect(after.reviewCount).toBe(before.reviewCount + 1);
    const sum = before.rating * before.reviewCount + target.rating!;
    expect(after.rating).toBe(Math.round((sum / (before.reviewCount + 1)) * 100) / 100);
    expect((await auditOf(server.store, 'review', target._id, 2)).map((entry) => entry.action)).toEqual([
      'review_hide',
      'review_restore',
    ]);
    const visible = await list(`provider=${demoProvider}`);
    expect(visible.json.items.find((item) => item.id === target._id)).toMatchObject({
      state: 'visible',
      moderation: { state: 'visible', reason: 'Signalement infondé' },
    });
    expect((await list('state=hidden')).json.items.map((item) => item.id)).not.toContain(target._id);
  });

  it("hides a client's review of a consultation; a resumed publication does not bring it back", async () => {
    await storeOrder(server.store, { orderId: 'mod-order-1', clientUid: buyer.uid, providerId: LAWYER });
    const now = new Date().toISOString();
    await browserCall(server.url, 'POST', `/db/${buyer.db}/_bulk_docs`, buyer.cookie, {
      docs: [
        {
          _id: reviewId('mod-order-1'),
          type: 'review',
          orderId: 'mod-order-1',
          providerId: LAWYER,
          rating: 1,
          comment: 'Un commentaire à modérer, avec des propos déplacés.',
          language: 'fr',
          createdAt: now,
          updatedAt: now,
        },
      ],
    });
    await eventually(async () => {
      const doc = await getOrUndefined(server.store.db<ReviewDoc>(buyer.db), reviewId('mod-order-1'));
      return doc?.publishedAt ? doc : undefined;
    });
    const counted = await provider(LAWYER);
    const id = publishedReviewId('mod-order-1');
    expect((await hide(id)).json.changed).toBe(true);
    const after = await provider(LAWYER);
    expect({ rating: after.rating, reviewCount: after.reviewCount }).toEqual(without(counted, [1]));

    // The service stopped before marking the publication done: resuming it must not publish again.
    const orders = server.store.db<StoredOrder>('orders');
    const order = await orders.get('mod-order-1');
    await orders.insert({ ...order, review: { ...order.review!, state: 'pending' } });
    await resumeReviews(server.store);
    expect(await published(id)).toBeUndefined();
    expect(await provider(LAWYER)).toMatchObject({ reviewCount: after.reviewCount, rating: after.rating });
  });
});
