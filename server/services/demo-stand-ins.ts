/**
 * Demo mode's stand-ins for the demo directory's experts (see src/domain/demo-stand-in.ts).
 *
 * Invariants:
 * - Only in demo mode: the demo directory is seeded and no real payment or call can happen (no
 *   Stripe, no Twilio). Outside it no stand-in is made, none can be opened, and a session opened on
 *   one earlier shows its own user again (sessions.ts).
 * - One stand-in per client and demo expert, its uid derived from both, so that every consultation
 *   of that client with that expert lands in the same place, and nobody else's ever does.
 * - Private to its client: no password, no e-mail key (nobody signs in to it or resets it), never
 *   approved so never published; the only way in is the client's own session (`openStandIn`).
 */
import { createHash } from 'node:crypto';
import { accountIds } from '../../src/domain/account';
import { DEMO_STAND_IN_PREFIX } from '../../src/domain/demo-stand-in';
import type { Language } from '../../src/domain/languages';
import { userDbName } from '../../src/domain/user-db';
import type { Config } from '../config/env';
import { createOnce, getOrUndefined, isConflict, isNotFound } from '../store/store';
import type { Store } from '../store/store';
import type { StoredAccount } from './accounts';
import { providerUid } from './consultation/parties';
import type { StoredOrder } from './consultation/types';
import { setActingAs } from './sessions';
import { ensureUserDatabase } from './user-databases';

/** Whether this service runs in demo mode, where the demo experts get stand-ins. */
export function demoStandInsEnabled(config: Config): boolean {
  return config.seedDemoData && !config.stripe && !config.twilio;
}

export function standInUid(clientUid: string, providerId: string): string {
  const digest = createHash('sha256').update(`${clientUid}\n${providerId}`).digest('hex');
  return DEMO_STAND_IN_PREFIX + digest.slice(0, 32);
}

export type StandInFor = {
  client: { uid: string; language: Language };
  provider: { id: string; role: 'lawyer' | 'expat'; name: string };
};

/**
 * The stand-in of a demo expert for a client, made now when it does not exist yet (or was deleted):
 * its account and its own database. Answers its uid.
 */
export async function ensureStandIn(store: Store, { client, provider }: StandInFor): Promise<string> {
  const uid = standInUid(client.uid, provider.id);
  const id = accountIds.account(uid);
  if (!(await getOrUndefined(store.db<StoredAccount>('accounts'), id))) {
    const now = new Date().toISOString();
    const [firstName, ...rest] = provider.name.split(' ');
    const account: StoredAccount = {
      _id: id,
      type: 'account',
      uid,
      // Shown in the stand-in's own screens only; nothing is ever sent to it, and no e-mail key
      // is reserved for it, so no sign-in or password reset can find it.
      email: `${uid}@demo.invalid`,
      emailLower: `${uid}@demo.invalid`,
      role: provider.role,
      provider: 'password',
      displayName: provider.name,
      firstName: firstName ?? provider.name,
      ...(rest.length ? { lastName: rest.join(' ') } : {}),
      // The person behind it is the client: their language.
      preferredLanguage: client.language,
      isActive: true,
      isApproved: false,
      isBanned: false,
      isVerifiedEmail: true,
      standInFor: { clientUid: client.uid, providerId: provider.id },
      createdAt: now,
      updatedAt: now,
    };
    await createOnce(store, 'accounts', account);
  }
  await ensureUserDatabase(store, uid);
  return uid;
}

/** Why a stand-in cannot be opened: the caller is told the order does not exist, as for anyone's. */
export class StandInRefused extends Error {
  constructor() {
    super('No stand-in to open for this order');
    this.name = 'StandInRefused';
  }
}

/**
 * Opens the stand-in of an order's demo expert in the session of the order's client; answers the
 * stand-in's account. Refused for anyone else's order, or an order with no stand-in.
 */
export async function openStandIn(
  store: Store,
  client: StoredAccount,
  sessionId: string,
  orderId: string,
): Promise<StoredAccount> {
  const order = await getOrUndefined(store.db<StoredOrder>('orders'), orderId);
  const uid = order?.type === 'order' && order.client.uid === client.uid ? standInOf(order) : undefined;
  if (!order || !uid) throw new StandInRefused();
  await ensureStandIn(store, {
    client: { uid: client.uid, language: client.preferredLanguage },
    provider: { id: order.provider.id, role: order.provider.role, name: order.provider.name },
  });
  await setActingAs(store, sessionId, uid);
  const account = await getOrUndefined(store.db<StoredAccount>('accounts'), accountIds.account(uid));
  if (!account) throw new StandInRefused();
  return account;
}

/** The session shows its own user again. */
export async function leaveStandIn(store: Store, sessionId: string): Promise<void> {
  await setActingAs(store, sessionId, undefined);
}

/**
 * Deletes the stand-ins of a client whose account is deleted (they hold the client's messages): one
 * per demo expert at most, their uids derived from the client's, so the demo directory's ids are
 * enough to find them, in any mode (demo mode may have been turned off since).
 */
export async function deleteStandInsOf(store: Store, clientUid: string): Promise<void> {
  const { rows: experts } = await store.db('providers').list({ startkey: 'demo-', endkey: 'demo-\ufff0' });
  if (experts.length === 0) return;
  const ids = experts.map((row) => accountIds.account(standInUid(clientUid, row.id)));
  const { rows } = await store.db<StoredAccount>('accounts').fetch({ keys: ids });
  for (const row of rows) {
    if (!('doc' in row) || !row.doc || row.doc.standInFor?.clientUid !== clientUid) continue;
    try {
      await store.server.db.destroy(userDbName(row.doc.uid));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    await store
      .db('accounts')
      .destroy(row.doc._id, row.doc._rev!)
      .catch((error: unknown) => {
        if (!isNotFound(error) && !isConflict(error)) throw error;
      });
  }
}

function standInOf(order: StoredOrder): string | undefined {
  return order.provider.hasAccount ? undefined : providerUid(order);
}
