/**
 * Where the store knows each automation's event, and whether its condition still holds when the
 * message is due (src/domain/comms-automations.ts says what each trigger means):
 *
 * - a sign-up: the account's `createdAt`, read by `comms-audience/by_role_created` (accounts), the
 *   view segments read, which already leaves out whoever can receive nothing;
 * - a failed consultation: an order ended `failed`, at the release or refund of its payment, read by
 *   `automation-orders/failed` (orders);
 * - an approval: the account's `approvedAt`, read by `automation-accounts/approved` (accounts).
 *
 * "Has booked" is what segments count (`comms-consultations/by_party`: an order paid or completed),
 * read for one user by key. What must be current (the account, the order) is read by id, never from
 * a view, which on a cluster may lag behind a write.
 */
import { accountIds } from '../../../src/domain/account';
import type { AutomationTrigger } from '../../../src/domain/comms-automations';
import { isProviderRole } from '../../../src/domain/mine';
import { getOrUndefined } from '../../store/store';
import type { Store } from '../../store/store';
import type { StoredOrder } from '../consultation/types';
import { getAccount } from '../accounts';
import type { StoredAccount } from '../accounts';
import { reachable } from './segment-match';

/** Something that happened to `uid` at `at`; `occurrence` names it when it can happen again. */
export type AutomationEvent = { uid: string; occurrence?: string; at: string };

/** Rows read per request. */
const PAGE = 200;
/** What an occurrence may be: it goes into document ids. */
const OCCURRENCE = /^[A-Za-z0-9_-]{1,64}$/;

type Row = { id: string; key: unknown; value: unknown };

/** The rows of a view between two keys, in key order, a page at a time. */
async function* rowsOf(
  store: Store,
  db: string,
  [design, view]: [string, string],
  startkey: unknown,
  endkey: unknown,
): AsyncGenerator<Row> {
  let from: { key: unknown; id: string } | undefined;
  for (;;) {
    const answer = await store.db(db).view(design, view, {
      endkey,
      limit: PAGE + 1,
      ...(from ? { startkey: from.key, startkey_docid: from.id } : { startkey }),
    });
    const rows = answer.rows as unknown as Row[];
    for (const row of rows.slice(0, PAGE)) yield row;
    if (rows.length <= PAGE) return;
    from = { key: rows[PAGE]!.key, id: rows[PAGE]!.id };
  }
}

/** The events of `trigger` that happened from `from` to `until` (ISO instants, both included). */
export async function* eventsOf(
  store: Store,
  trigger: AutomationTrigger,
  from: string,
  until: string,
): AsyncGenerator<AutomationEvent> {
  if (trigger === 'signed_up_not_booked') {
    const rows = rowsOf(
      store,
      'accounts',
      ['comms-audience', 'by_role_created'],
      ['client', from],
      ['client', until],
    );
    for await (const row of rows) {
      const [uid] = row.value as [string];
      yield { uid, at: (row.key as [string, string])[1] };
    }
  } else if (trigger === 'consultation_failed') {
    for await (const row of rowsOf(store, 'orders', ['automation-orders', 'failed'], from, until)) {
      if (typeof row.value === 'string' && OCCURRENCE.test(row.id)) {
        yield { uid: row.value, occurrence: row.id, at: row.key as string };
      }
    }
  } else {
    for await (const row of rowsOf(store, 'accounts', ['automation-accounts', 'approved'], from, until)) {
      yield { uid: row.id.slice(accountIds.account('').length), at: row.key as string };
    }
  }
}

/** The time (ms) of the user's latest booked consultation as a client, 0 when none. */
async function lastBookedAsClient(store: Store, uid: string): Promise<number> {
  const answer = await store.db('orders').view('comms-consultations', 'by_party', {
    keys: [[uid, 'client']],
    group: true,
  });
  const row = answer.rows[0] as unknown as { value: { max: number } } | undefined;
  return row?.value.max ?? 0;
}

/**
 * The recipient's account when the message is still due to them now: they can receive messages and
 * the condition of the trigger holds; undefined otherwise (nothing is sent, nothing recorded).
 */
export async function dueRecipient(
  store: Store,
  trigger: AutomationTrigger,
  event: AutomationEvent,
): Promise<StoredAccount | undefined> {
  const account = await getAccount(store, event.uid);
  if (!reachable(account)) return undefined;
  if (trigger === 'signed_up_not_booked') {
    if (account.role !== 'client') return undefined;
    return (await lastBookedAsClient(store, event.uid)) === 0 ? account : undefined;
  }
  if (trigger === 'consultation_failed') {
    const order = await getOrUndefined(store.db<StoredOrder>('orders'), event.occurrence ?? '');
    if (order?.type !== 'order' || order.state !== 'failed' || order.client.uid !== event.uid)
      return undefined;
    // Booked again since it failed: the message (come back and try again) is no longer needed.
    return (await lastBookedAsClient(store, event.uid)) > Date.parse(event.at) ? undefined : account;
  }
  const neverOnline = !account.firstOnlineAt && account.isOnline !== true;
  return isProviderRole(account.role) && account.isApproved && neverOnline ? account : undefined;
}
