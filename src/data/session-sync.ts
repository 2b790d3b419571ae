/**
 * The user's own collection (`mine`) follows the session.
 *
 * - Signed in: the collection replicates live with the user's database. Documents saved before
 *   sign-in (favourites of a visitor) belong to nobody yet: the first replication pushes them into
 *   the user's database, which is the merge promised to visitors.
 * - Signed out (by the user), account suspended, or another user signs in on this device: the
 *   replication stops and the device forgets the previous user's documents, without pushing their
 *   deletion (tombstones are purged), and the next copy starts a new epoch (see startMineSync).
 * - Session expired (401): the replication stops, the documents stay, so that the same user signing
 *   in again loses none of the changes still waiting. A 401 of the gateway makes the session be
 *   checked again at once (an admin's ban ends the live pull with one).
 *
 * A local document `owner` records whose documents the collection holds and the current epoch.
 */
import { BAN_CHECK_TIMEOUT_MS } from '../domain/constants';
import {
  checkSession,
  getSession,
  onSignOut,
  ownDocumentsForgotten,
  ownDocumentsToForget,
  subscribeSession,
} from './auth';
import type { AppDatabase } from './database';
import { writePressesLeft } from './favourites';
import { forgetLostEdits } from './lost-edits';
import { onGatewayUnauthorized } from './gateway-fetch';
import { clearWaiting, preloadMineChecks } from './mine';
import { startMineSync } from './replication';
import type { ReplicationTarget } from './replication';

const OWNER = 'owner';
/** `forgetting`: a forgetting began and was cut short (the page closed): it is finished first. */
type Owner = { uid?: string; epoch: string; forgetting?: boolean };
type Running = { uid: string; sync: ReturnType<typeof startMineSync> };

/** How long a sign-out waits for the last changes to reach the server before forgetting them. */
const PUSH_BEFORE_SIGN_OUT_MS = BAN_CHECK_TIMEOUT_MS;

async function readOwner(db: AppDatabase): Promise<Owner> {
  const local = await db.mine.getLocal<Owner>(OWNER);
  if (local) {
    return {
      uid: local.get('uid') as string | undefined,
      epoch: local.get('epoch') as string,
      forgetting: local.get('forgetting') === true,
    };
  }
  const owner = { epoch: crypto.randomUUID() };
  await db.mine.upsertLocal<Owner>(OWNER, owner);
  return owner;
}

/**
 * Forgets every document of the collection on this device, and starts a new epoch. The intent is
 * written first: a page closed half-way (right after signing out) leaves `forgetting`, and the next
 * start finishes the job before any replication, instead of resuming the old one over documents
 * half removed (which would never be pulled again) or handing them to the next user.
 */
export async function forgetMine(db: AppDatabase): Promise<Owner> {
  const epoch = crypto.randomUUID();
  await db.mine.upsertLocal<Owner>(OWNER, { epoch, forgetting: true });
  await db.mine.find().remove();
  // Purged, not just deleted: a later replication must not push these deletions to anyone.
  await db.mine.storageInstance.cleanup(0);
  await clearWaiting(db);
  await forgetLostEdits(db);
  const owner = { epoch };
  await db.mine.upsertLocal<Owner>(OWNER, owner);
  return owner;
}

/** Starts following the session; answers the function that stops it. */
export function followSession(db: AppDatabase, target: ReplicationTarget): () => void {
  let running: Running | undefined;
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (task: () => Promise<void>): Promise<void> => {
    queue = queue.then(task).catch((error: unknown) => console.warn('Own data sync:', error));
    return queue;
  };

  const stop = async () => {
    const current = running;
    running = undefined;
    await current?.sync.stop();
  };

  const reconcile = async () => {
    const session = getSession();
    const user = session.status === 'signed_in' ? session.user : undefined;
    if (running && running.uid === user?.uid) return;
    await stop();
    let owner = await readOwner(db);
    if (session.status === 'banned' || owner.forgetting || ownDocumentsToForget()) {
      owner = await forgetMine(db);
      ownDocumentsForgotten();
    }
    if (!user) return;
    if (owner.uid && owner.uid !== user.uid) owner = await forgetMine(db);
    if (owner.uid !== user.uid) {
      owner = { ...owner, uid: user.uid };
      await db.mine.upsertLocal<Owner>(OWNER, owner);
    }
    running = { uid: user.uid, sync: startMineSync(db, user.db, target, owner.epoch) };
    preloadMineChecks();
  };

  const unsubscribe = subscribeSession(() => void enqueue(reconcile));
  const unhook = onSignOut({
    before: () =>
      enqueue(async () => {
        const current = running;
        if (!current) return;
        await Promise.race([
          current.sync.awaitInSync(),
          new Promise((resolve) => setTimeout(resolve, PUSH_BEFORE_SIGN_OUT_MS)),
        ]);
      }),
    after: () =>
      enqueue(async () => {
        await stop();
        // Done by the reconciliation the sign-out started, unless the device was signed in again since.
        if (!ownDocumentsToForget()) return;
        await forgetMine(db);
        ownDocumentsForgotten();
      }),
  });
  const recheck = () => void checkSession().catch(() => undefined);
  window.addEventListener('online', recheck);
  // A refused pull (session ended, account suspended by an admin) is told to the page at once.
  const unrefused = onGatewayUnauthorized(recheck);
  // Once the device holds the right user's documents: the hearts an earlier page left unwritten.
  void enqueue(async () => {
    await reconcile();
    await writePressesLeft(db, running !== undefined);
  });
  recheck();

  return () => {
    unsubscribe();
    unhook();
    unrefused();
    window.removeEventListener('online', recheck);
    void enqueue(stop);
  };
}
