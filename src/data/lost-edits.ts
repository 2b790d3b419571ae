/**
 * The edits of this device that lost to a change made elsewhere (src/data/conflict.ts), kept in a
 * local document of the user's collection until the user dismisses them: a losing edit reported
 * while the page was about to close, or before a reload, is still shown on the next page.
 */
import { useCallback, useEffect, useState } from 'react';
import type { LostEdit } from './conflict';
import { lostEdits$ } from './conflict';
import type { AppDatabase } from './database';
import { useOptionalDataLayer } from './data-context';

const LOST = 'lost-edits';
/** The most recent ones are kept: older ones past this many are dropped. */
const KEPT_MAX = 20;

type Stored = { edits: LostEdit[] };

const queues = new WeakMap<AppDatabase, Promise<unknown>>();

/** Read-modify-write of the list, one at a time per database. */
function update(db: AppDatabase, change: (edits: LostEdit[]) => LostEdit[]): Promise<void> {
  const run = async () => {
    const local = await db.mine.getLocal<Stored>(LOST);
    const edits = change([...((local?.get('edits') as LostEdit[] | undefined) ?? [])]);
    await db.mine.upsertLocal<Stored>(LOST, { edits: edits.slice(-KEPT_MAX) });
  };
  const next = (queues.get(db) ?? Promise.resolve()).then(run, run);
  queues.set(
    db,
    next.catch(() => undefined),
  );
  return next;
}

/** Keeps every losing edit reported from now on; answers the function that stops. */
export function keepLostEdits(db: AppDatabase): () => void {
  const subscription = lostEdits$.subscribe((edit) => {
    // Only what the notice shows: the fields that lost, with the value of each side.
    const only = (doc: LostEdit['lost']) =>
      Object.fromEntries(
        edit.fields.map((field) => [field, (doc as Record<string, unknown>)[field]]),
      ) as LostEdit['lost'];
    void update(db, (edits) => [...edits, { ...edit, lost: only(edit.lost), kept: only(edit.kept) }]);
  });
  return () => subscription.unsubscribe();
}

/** Forgets them (dismissed, or the device forgets the user's documents). */
export function forgetLostEdits(db: AppDatabase): Promise<void> {
  return update(db, () => []);
}

/** The losing edits kept on this device, current, and a way to dismiss them. */
export function useLostEdits(): { edits: LostEdit[]; dismiss: () => void } {
  const db = useOptionalDataLayer()?.db;
  const [edits, setEdits] = useState<LostEdit[]>([]);
  useEffect(() => {
    if (!db) return;
    const subscription = db.mine
      .getLocal$<Stored>(LOST)
      .subscribe((local) => setEdits((local?.get('edits') as LostEdit[] | undefined) ?? []));
    return () => subscription.unsubscribe();
  }, [db]);
  const dismiss = useCallback(() => void (db && forgetLostEdits(db)), [db]);
  return { edits, dismiss };
}
