/**
 * The admin console's paging and audit foundations on the real embedded store: pages follow one
 * another without gap or repeat, a filter that rejects most rows still ends (short pages with a
 * token), a forged token is refused, and an audit entry with a key is written once.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditTrail, recordAudit, withActorNames } from '../../server/services/admin/audit';
import { accountIds } from '../../src/domain/account';
import { BadPageToken, decodePageToken, scanPage } from '../../server/services/admin/paging';
import { migrate } from '../../server/store/migrate';
import type { Store } from '../../server/store/store';
import { startTestStore } from '../support/test-server';

type Doc = { _id: string; n: number };

let store: Store;
let dataDir: string;

beforeAll(async () => {
  ({ store, dataDir } = await startTestStore());
  await migrate(store);
  await store.server.db.create('paging-test');
  const docs: Doc[] = Array.from({ length: 137 }, (_, n) => ({
    _id: `item:${String(n).padStart(4, '0')}`,
    n,
  }));
  await store.db<Doc>('paging-test').bulk({ docs });
  // On a CouchDB cluster a listing may lag behind a write for a moment: the pages are read once it holds them all.
  await vi.waitFor(async () => expect((await store.db('paging-test').list()).rows).toHaveLength(137), {
    timeout: 10_000,
    interval: 100,
  });
}, 60_000);

afterAll(async () => {
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function readAll(options: {
  limit: number;
  keep?: (n: number) => boolean;
  budget?: number;
  descending?: boolean;
}) {
  const pages: number[][] = [];
  let token: string | undefined;
  do {
    const page = await scanPage<Doc, number>(store.db<Doc>('paging-test'), {
      view: '_all_docs',
      startkey: options.descending ? 'item:\ufff0' : 'item:',
      endkey: options.descending ? 'item:' : 'item:\ufff0',
      descending: options.descending,
      limit: options.limit,
      token,
      budget: options.budget,
      pick: (doc) => ((options.keep ?? (() => true))(doc.n) ? doc.n : undefined),
    });
    pages.push(page.items);
    token = page.next;
  } while (token && pages.length < 500);
  return pages;
}

describe('scanPage', () => {
  it('gives every row once, in order, page after page', async () => {
    const pages = await readAll({ limit: 25 });
    expect(pages.map((page) => page.length)).toEqual([25, 25, 25, 25, 25, 12]);
    expect(pages.flat()).toEqual(Array.from({ length: 137 }, (_, n) => n));
  });

  it('pages backwards as well', async () => {
    const pages = await readAll({ limit: 40, descending: true });
    expect(pages.flat()).toEqual(Array.from({ length: 137 }, (_, n) => 136 - n));
  });

  it('a page that ends exactly on the last row says there is no more', async () => {
    const pages = await readAll({ limit: 100, keep: (n) => n >= 37 });
    expect(pages).toHaveLength(1);
    expect(pages[0]).toHaveLength(100);
  });

  it('filters while scanning, and a small budget ends a sparse page early with a token', async () => {
    const keep = (n: number) => n % 10 === 3;
    const full = await readAll({ limit: 5, keep });
    expect(full.flat()).toEqual([3, 13, 23, 33, 43, 53, 63, 73, 83, 93, 103, 113, 123, 133]);

    const first = await scanPage<Doc, number>(store.db<Doc>('paging-test'), {
      view: '_all_docs',
      startkey: 'item:',
      endkey: 'item:\ufff0',
      limit: 5,
      budget: 30,
      pick: (doc) => (keep(doc.n) ? doc.n : undefined),
    });
    expect(first.items).toEqual([3, 13, 23]);
    expect(first.next).toBeDefined();
    const budgeted = await readAll({ limit: 5, keep, budget: 30 });
    expect(budgeted.flat()).toEqual(full.flat());
  });

  it('refuses a token it did not give', () => {
    expect(() => decodePageToken('not a token!')).toThrow(BadPageToken);
    expect(() => decodePageToken(Buffer.from('{"a":1}').toString('base64url'))).toThrow(BadPageToken);
    expect(() => decodePageToken('x'.repeat(2000))).toThrow(BadPageToken);
  });
});

describe('recordAudit', () => {
  it('keeps a record’s trail newest first, and writes a keyed entry once', async () => {
    const subject = { kind: 'coupon', id: 'SUMMER' };
    for (const [index, action] of ['create', 'edit', 'disable'].entries()) {
      await recordAudit(store, {
        actor: 'admin-1',
        action,
        subject,
        before: { n: index },
        after: { n: index + 1 },
        now: new Date(Date.UTC(2026, 10, 24, 10, index)),
      });
    }
    const again = { actor: 'admin-1', action: 'edit', subject, before: 1, after: 2, key: 'retry-1' };
    const first = await recordAudit(store, again);
    const second = await recordAudit(store, { ...again, now: new Date(Date.now() + 60_000) });
    expect(second.at).toBe(first.at);

    // The trail is read through a view, which on a CouchDB cluster may show an entry a moment late.
    const trail = await vi.waitFor(
      async () => {
        const read = await auditTrail(store, subject, { limit: 10 });
        expect(read.items.map((entry) => entry.action)).toEqual(['edit', 'disable', 'edit', 'create']);
        return read;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(trail.items[1]).toMatchObject({ actor: 'admin-1', before: { n: 2 }, after: { n: 3 } });
    expect((await auditTrail(store, { kind: 'coupon', id: 'OTHER' })).items).toEqual([]);

    // The trail names the acting admin while their account exists, and keeps the uid otherwise.
    await store.db('accounts').insert({
      _id: accountIds.account('admin-1'),
      type: 'account',
      uid: 'admin-1',
      displayName: 'Alex Martin',
    });
    const named = await withActorNames(store, trail);
    expect(named.items.map((entry) => entry.actorName)).toEqual(Array(4).fill('Alex Martin'));
    await recordAudit(store, { actor: 'gone-admin', action: 'edit', subject, before: 2, after: 3 });
    await vi.waitFor(
      async () => {
        const latest = await withActorNames(store, await auditTrail(store, subject, { limit: 1 }));
        expect(latest.items[0]).toMatchObject({ actor: 'gone-admin' });
        expect(latest.items[0]!.actorName).toBeUndefined();
      },
      { timeout: 10_000, interval: 100 },
    );
  });
});
