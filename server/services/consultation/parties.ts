/** Who stands on each side of an order, as far as user databases go. */
import type { StoredOrder } from './types';

/**
 * The uid whose database receives the provider's side of an order (their call, notifications and
 * messages): the provider's own account, or in demo mode the stand-in that plays a demo expert for
 * this client; undefined when nobody has a database (a demo expert booked outside demo mode).
 */
export function providerUid(order: StoredOrder): string | undefined {
  return order.provider.hasAccount ? order.provider.id : order.provider.standInUid;
}
