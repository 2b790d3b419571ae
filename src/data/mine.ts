/**
 * The user's own documents (`mine`): every write goes through here. A document is checked against
 * the shared schema of its type before it is written locally (the gateway would refuse it, and a
 * refused push must never be what a user's edit turns into), then counted as waiting until the
 * replication has pushed it. The waiting list is a local document, so it survives closing the tab.
 */
import type { RxCouchDBReplicationState } from 'rxdb/plugins/replication-couchdb';
import type { MineDoc } from '../domain/mine';
import type { MineValidator } from '../domain/mine-validation';
import { lostEdits$ } from './conflict';
import type { AppDatabase } from './database';
import { reportWaiting } from './sync-status';

const PENDING = 'pending';
type Pending = { ids: Record<string, string> };

export class InvalidDocumentError extends Error {
  constructor(readonly reason: string) {
    super(`Refused before saving: ${reason}`);
    this.name = 'InvalidDocumentError';
  }
}

let validator: Promise<MineValidator> | undefined;

/** The schema checks are loaded on the first write only: the first visit does not pay for them. */
function validate(doc: Record<string, unknown>) {
  return loadValidator().then((check) => check(doc));
}

function loadValidator(): Promise<MineValidator> {
  validator ??= import('../domain/mine-validation').then((m) => m.createMineValidator());
  // A failed load (offline before the app was installed) is tried again on the next write.
  validator.catch(() => {
    validator = undefined;
  });
  return validator;
}

/**
 * Loads the schema checks ahead of any write, while a connection exists: a signed-in user who
 * goes offline right away can still save (before the service worker has cached the app).
 */
export function preloadMineChecks(): void {
  void loadValidator().catch(() => undefined);
}

async function readPending(db: AppDatabase): Promise<Pending> {
  const local = await db.mine.getLocal<Pending>(PENDING);
  return local ? { ids: { ...local.get('ids') } } : { ids: {} };
}

const pendingQueues = new WeakMap<AppDatabase, Promise<unknown>>();

/** Read-modify-write of the waiting list, one at a time per database so that no update is lost. */
function writePending(db: AppDatabase, update: (ids: Record<string, string>) => void): Promise<void> {
  const run = async () => {
    const pending = await readPending(db);
    update(pending.ids);
    await db.mine.upsertLocal<Pending>(PENDING, pending);
    reportWaiting('mine', Object.keys(pending.ids).length);
  };
  const next = (pendingQueues.get(db) ?? Promise.resolve()).then(run, run);
  pendingQueues.set(
    db,
    next.catch(() => undefined),
  );
  return next;
}

/**
 * Whether a write is counted as waiting for the server. Without a signed-in user nothing is pushed
 * (the documents stay on the device and are pushed at sign-in), so nothing is shown as waiting.
 */
export type SaveOptions = { track?: boolean };

/** Saves one of the user's documents locally; it reaches the server when a connection allows. */
export async function saveMine(
  db: AppDatabase,
  given: MineDoc,
  { track = true }: SaveOptions = {},
): Promise<void> {
  // A pulled document may still carry the store's own fields (`_id`…): they are the replication's
  // business, never part of the document the schema describes.
  const doc = Object.fromEntries(Object.entries(given).filter(([key]) => !key.startsWith('_'))) as MineDoc;
  const check = await validate(doc);
  if (!check.ok) throw new InvalidDocumentError(check.reason);
  if (!track) {
    await db.mine.upsert(doc);
    return;
  }
  await waitingWhile(db, doc.id, doc.updatedAt, () => db.mine.upsert(doc));
}

/**
 * Counts the change as waiting, then makes it. In that order: the live replication may push the
 * change (and report it sent) before a mark made afterwards, which would then wait for ever. A
 * change that fails is no longer counted.
 */
async function waitingWhile(db: AppDatabase, id: string, mark: string, change: () => Promise<unknown>) {
  let before: string | undefined;
  await writePending(db, (ids) => {
    before = ids[id];
    ids[id] = mark;
  });
  try {
    await change();
  } catch (error) {
    await writePending(db, (ids) => {
      if (ids[id] !== mark) return;
      if (before === undefined) delete ids[id];
      else ids[id] = before;
    });
    throw error;
  }
}

/** Deletes one of the user's documents locally; the deletion is pushed like any change. */
export async function removeMine(
  db: AppDatabase,
  id: string,
  { track = true }: SaveOptions = {},
): Promise<void> {
  const doc = await db.mine.findOne(id).exec();
  if (!doc) return;
  if (!track) {
    await doc.remove();
    return;
  }
  await waitingWhile(db, id, 'deleted', () => doc.remove());
}

/** Forgets the waiting list, when the device forgets the user's documents (sign-out). */
export async function clearWaiting(db: AppDatabase): Promise<void> {
  await writePending(db, (ids) => {
    for (const id of Object.keys(ids)) delete ids[id];
  });
}

/** How many of the user's changes wait to be pushed. */
export async function waitingCount(db: AppDatabase): Promise<number> {
  return Object.keys((await readPending(db)).ids).length;
}

/**
 * Clears a change from the waiting list once the replication has pushed it (or once the server's
 * version has won a conflict, which the conflict handler reports), and keeps the header current.
 */
export function trackPushes(db: AppDatabase, replication: RxCouchDBReplicationState<MineDoc>): () => void {
  const settle = (id: string, updatedAt: string | undefined, deleted: boolean) =>
    writePending(db, (ids) => {
      const waiting = ids[id];
      if (waiting === undefined) return;
      if (waiting === updatedAt || (deleted && waiting === 'deleted') || updatedAt === undefined)
        delete ids[id];
    });
  const sent = replication.sent$.subscribe((doc) => void settle(doc.id, doc.updatedAt, doc._deleted));
  const lost = lostEdits$.subscribe(({ id }) => void settle(id, undefined, false));
  void readPending(db).then((p) => reportWaiting('mine', Object.keys(p.ids).length));
  // A change pushed just before its page went (the report of it gone with the page) is not pushed
  // again: once the replication is in sync, what the list holds as it stands here has been pushed.
  void replication
    .awaitInSync()
    .then(async () => {
      for (const [id, mark] of Object.entries((await readPending(db)).ids)) {
        const doc = await db.mine.findOne(id).exec();
        if (mark === 'deleted' ? !doc : doc?.updatedAt === mark) await settle(id, doc?.updatedAt, !doc);
      }
    })
    .catch(() => undefined);
  return () => {
    sent.unsubscribe();
    lost.unsubscribe();
  };
}
