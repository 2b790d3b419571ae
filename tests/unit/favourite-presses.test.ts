// @vitest-environment jsdom
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppDatabase } from '../../src/data/database';
import { forgetPresses, pressesLeft } from '../../src/data/favourite-presses';
import { writePress, writePressesLeft } from '../../src/data/favourites';
import type { AppDatabase } from '../../src/data/database';

const KEY = 'sos-expat.favourite-presses';

async function withDatabase(run: (db: AppDatabase) => Promise<void>) {
  const db = await createAppDatabase(getRxStorageMemory(), `presses-${Date.now()}-${Math.random()}`, {
    multiInstance: false,
  });
  try {
    await run(db);
  } finally {
    await db.remove();
  }
}

const favourites = async (db: AppDatabase) =>
  (await db.mine.find({ selector: { type: { $eq: 'favourite' } } }).exec())
    .map((doc) => String(doc.get('providerId')))
    .sort();

/** A store that never opens on this page: the reader leaves before it does. */
const neverOpens = () => new Promise<AppDatabase>(() => undefined);

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('hearts pressed before the store could write them', () => {
  it('are kept on the device, the last press of each provider deciding, and written when a store opens', async () => {
    void writePress(neverOpens, 'lawyer-1', true);
    void writePress(neverOpens, 'lawyer-2', true);
    void writePress(neverOpens, 'lawyer-2', false);
    expect(pressesLeft()).toEqual({ 'lawyer-1': true, 'lawyer-2': false });

    // The next page: its own modules, nothing of the last page's memory.
    vi.resetModules();
    const nextPage = await import('../../src/data/favourites');
    await withDatabase(async (db) => {
      await db.mine.upsert({
        id: 'favourite:lawyer-2',
        type: 'favourite',
        providerId: 'lawyer-2',
        createdAt: '2026-12-01T10:00:00.000Z',
        updatedAt: '2026-12-01T10:00:00.000Z',
      });
      await nextPage.writePressesLeft(db);
      expect(await favourites(db)).toEqual(['lawyer-1']);
    });
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('are forgotten once written on the page itself, unless a later press asked for the other state', async () => {
    await withDatabase(async (db) => {
      let open: (db: AppDatabase) => void = () => undefined;
      const opening = new Promise<AppDatabase>((resolve) => (open = resolve));
      const first = writePress(() => opening, 'lawyer-3', true);
      const second = writePress(() => opening, 'lawyer-3', false);
      expect(pressesLeft()).toEqual({ 'lawyer-3': false });
      open(db);
      await first;
      // Written true, but the later press (false) is still to be written: it is kept.
      expect(pressesLeft()).toEqual({ 'lawyer-3': false });
      await second;
      expect(await favourites(db)).toEqual([]);
      expect(pressesLeft()).toEqual({});
    });
  });

  it('that the schema refuses are dropped, not tried again at every opening', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(KEY, JSON.stringify({ '': true, 'lawyer-4': true }));
    await withDatabase(async (db) => {
      await writePressesLeft(db);
      expect(await favourites(db)).toEqual(['lawyer-4']);
    });
    expect(pressesLeft()).toEqual({});
    expect(warn).toHaveBeenCalledOnce();
  });

  it('read from a damaged entry give nothing to write, and a sign-out forgets them', () => {
    localStorage.setItem(KEY, '{not json');
    expect(pressesLeft()).toEqual({});
    localStorage.setItem(KEY, JSON.stringify({ 'lawyer-5': 'yes', 'lawyer-6': true }));
    expect(pressesLeft()).toEqual({ 'lawyer-6': true });
    forgetPresses();
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});
