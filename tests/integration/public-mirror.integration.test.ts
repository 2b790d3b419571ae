/**
 * The server's copy of the public databases, from which it renders public pages: complete at the
 * first read, and current at the next read after any write (an admin's price change, a provider
 * going online, a document removed), without a request when nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicMirror } from '../../server/services/public-mirror';
import type { PublicMirror } from '../../server/services/public-mirror';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;
let mirror: PublicMirror;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  mirror = createPublicMirror(server.store);
});
afterAll(async () => {
  mirror?.close();
  await server?.close();
});

/** Until the store's update feed has reported the write (it comes asynchronously). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the public mirror', () => {
  it('holds every public document as the browser does: `id`, no CouchDB fields, no design documents', async () => {
    const { data } = await mirror.current();
    const stored = await server.store.db('providers').list();
    const providerIds = stored.rows.map((row) => row.id).filter((id) => !id.startsWith('_design/'));
    expect(data.providers.map((provider) => provider.id).sort()).toEqual(providerIds.sort());
    expect(data.content.length).toBeGreaterThan(100);
    expect(data.config.map((doc) => doc.id)).toContain('pricing');
    for (const doc of [data.providers[0]!, data.content[0]!, data.config[0]!]) {
      expect(Object.keys(doc).filter((key) => key.startsWith('_'))).toEqual([]);
    }
  });

  it('is current at the next read after a write, an update and a removal', async () => {
    const before = await mirror.current();
    expect((await mirror.current()).version).toBe(before.version);

    type PricingDoc = { _id: string; _rev: string; value: { lawyerCall: { prices: { EUR: number } } } };
    const pricing = await server.store.db<PricingDoc>('config').get('pricing');
    pricing.value.lawyerCall.prices.EUR = 5900;
    await server.store.db<PricingDoc>('config').insert(pricing);
    const changed = await until(
      () => mirror.current(),
      ({ data }) =>
        (data.config.find((doc) => doc.id === 'pricing')?.value as typeof pricing.value).lawyerCall.prices
          .EUR === 5900,
    );
    expect(changed.version).toBeGreaterThan(before.version);

    const article = changed.data.content.find((doc) => doc.type === 'article')!;
    const stored = await server.store.db('content').get(article.id);
    await server.store.db('content').destroy(article.id, stored._rev);
    const removed = await until(
      () => mirror.current(),
      ({ data }) => !data.content.some((doc) => doc.id === article.id),
    );
    expect(removed.data.content.some((doc) => doc.id === article.id)).toBe(false);
  });
});
