/**
 * Account deletion (spec section 4): the user record and own database, the public profile, the
 * photos and identity documents, the identity and finance record, pending mail links, every
 * session, then the e-mail key and the account itself. Each step tolerates what an earlier,
 * interrupted deletion already removed, and the account goes last: a deletion cut short can be
 * asked again by the same user.
 */
import { accountIds } from '../../src/domain/account';
import { userDbName } from '../../src/domain/user-db';
import { getOrUndefined, isNotFound } from '../store/store';
import type { Store } from '../store/store';
import { releaseEmail } from './accounts';
import type { StoredAccount } from './accounts';
import { deleteStandInsOf } from './demo-stand-ins';
import { deletePhoto, photosOf } from './photos';
import { kycId } from './registration';
import { endSessionsOf } from './sessions';

async function removeDoc(store: Store, db: string, id: string): Promise<void> {
  const doc = await getOrUndefined(store.db(db), id);
  if (!doc) return;
  try {
    await store.db(db).destroy(doc._id, doc._rev);
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}

/** Mail links (verification, password reset) of the account: `tokens/by_uid` keys are `[uid, purpose]`. */
async function removeTokens(store: Store, uid: string): Promise<void> {
  let rows: { id: string }[];
  try {
    ({ rows } = await store.db('accounts').view('tokens', 'by_uid', { startkey: [uid], endkey: [uid, {}] }));
  } catch (error) {
    if (isNotFound(error)) return; // no link was ever issued on this store
    throw error;
  }
  for (const row of rows) await removeDoc(store, 'accounts', row.id);
}

export async function deleteAccount(store: Store, account: StoredAccount): Promise<void> {
  const { uid } = account;
  await removeDoc(store, 'providers', uid);
  try {
    await store.server.db.destroy(userDbName(uid));
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  for (const id of await photosOf(store, uid)) await deletePhoto(store, id);
  await removeDoc(store, 'admin', kycId(uid));
  await removeTokens(store, uid);
  // Demo mode's stand-ins of the demo experts this client booked hold the client's messages.
  await deleteStandInsOf(store, uid);
  await endSessionsOf(store, uid);
  await releaseEmail(store, account.emailLower, uid);
  await removeDoc(store, 'accounts', accountIds.account(uid));
}
