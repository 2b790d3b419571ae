import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { describe, expect, it } from 'vitest';
import { createAppDatabase } from '../../src/data/database';
import { setFavourite, toggleFavourite } from '../../src/data/favourites';
import { favouriteId } from '../../src/domain/mine';

async function withDatabase(run: (db: Awaited<ReturnType<typeof createAppDatabase>>) => Promise<void>) {
  const db = await createAppDatabase(getRxStorageMemory(), `favourites-${Date.now()}-${Math.random()}`, {
    multiInstance: false,
  });
  try {
    await run(db);
  } finally {
    await db.remove();
  }
}

const favourites = async (db: Awaited<ReturnType<typeof createAppDatabase>>) =>
  (await db.mine.find({ selector: { type: { $eq: 'favourite' } } }).exec()).map((doc) =>
    String(doc.get('providerId')),
  );

describe('favourites on the device', () => {
  it('are set to the state asked for, whatever they were, so that a repeated press changes nothing', async () => {
    await withDatabase(async (db) => {
      expect(await setFavourite(db, 'provider-1', true)).toBe(true);
      expect(await setFavourite(db, 'provider-1', true)).toBe(true);
      expect(await favourites(db)).toEqual(['provider-1']);
      const written = await db.mine.findOne(favouriteId('provider-1')).exec();
      // The second press wrote nothing: the document is the first one.
      expect(written?.get('_rev')).toMatch(/^1-/);

      expect(await setFavourite(db, 'provider-1', false)).toBe(false);
      expect(await setFavourite(db, 'provider-1', false)).toBe(false);
      expect(await favourites(db)).toEqual([]);
    });
  });

  it('end as the last of presses written one after the other', async () => {
    await withDatabase(async (db) => {
      let turn: Promise<unknown> = Promise.resolve();
      for (const wanted of [true, false, true, true, false, true])
        turn = turn.then(() => setFavourite(db, 'provider-2', wanted));
      await turn;
      expect(await favourites(db)).toEqual(['provider-2']);
    });
  });

  it('are toggled from the stored state', async () => {
    await withDatabase(async (db) => {
      expect(await toggleFavourite(db, 'provider-3')).toBe(true);
      expect(await toggleFavourite(db, 'provider-3')).toBe(false);
      expect(await favourites(db)).toEqual([]);
    });
  });
});
