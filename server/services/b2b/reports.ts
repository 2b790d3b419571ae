/**
 * Usage reports of company accounts (screen b2b/reports): per account and month, the completed
 * consultations billed to it, their minutes (call time, rounded per consultation up to the minute)
 * and amount, and the same per member. Read from the same view the billing reads, so a report and
 * the month's invoice always agree.
 */
import type { B2bUsage } from '../../../src/domain/b2b';
import type { Store } from '../../store/store';
import type { StoredOrder } from '../consultation/types';
import { getB2bAccount } from './accounts';
import { monthOrders } from './billing';

const minutesOf = (order: StoredOrder) => Math.ceil((order.billing?.callSeconds ?? 0) / 60);

export async function accountUsage(store: Store, accountId: string, month: string): Promise<B2bUsage> {
  const account = await getB2bAccount(store, accountId);
  const orders = await monthOrders(store, accountId, month);
  const members = new Map<string, B2bUsage['members'][number]>();
  for (const order of orders) {
    const email = order.client.email.toLowerCase();
    const member = members.get(email) ?? {
      email,
      name: order.client.name,
      consultations: 0,
      minutes: 0,
      amount: 0,
    };
    member.consultations += 1;
    member.minutes += minutesOf(order);
    member.amount += order.quote.total;
    members.set(email, member);
  }
  const list = [...members.values()].sort((a, b) => b.amount - a.amount || a.email.localeCompare(b.email));
  return {
    accountId,
    month,
    currency: account.currency,
    consultations: orders.length,
    minutes: list.reduce((sum, member) => sum + member.minutes, 0),
    amount: list.reduce((sum, member) => sum + member.amount, 0),
    members: list,
  };
}
