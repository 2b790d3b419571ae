/**
 * Orders for tests of what follows a consultation (reviews, messages): a `StoredOrder` written
 * straight into `orders`, as the consultation service leaves it, without running a call.
 */
import type { StoredOrder } from '../../server/services/consultation/types';
import type { Store } from '../../server/store/store';

export type OrderSetup = {
  orderId: string;
  clientUid: string;
  providerId: string;
  providerHasAccount?: boolean;
  state?: StoredOrder['state'];
  /** Overrides of the order's parts (a payment in another state, another amount, names…). */
  payment?: Partial<StoredOrder['payment']>;
  quote?: Partial<StoredOrder['quote']>;
  client?: Partial<StoredOrder['client']>;
  provider?: Partial<StoredOrder['provider']>;
  /** The affiliate the client was referred by (its commission is recorded with the capture). */
  affiliate?: StoredOrder['affiliate'];
  createdAt?: string;
};

export async function storeOrder(store: Store, setup: OrderSetup): Promise<StoredOrder> {
  const now = setup.createdAt ?? new Date().toISOString();
  const order: StoredOrder = {
    _id: setup.orderId,
    type: 'order',
    orderId: setup.orderId,
    state: setup.state ?? 'completed',
    idempotencyKey: `key-${setup.orderId}`,
    client: {
      uid: setup.clientUid,
      email: `${setup.clientUid}@example.test`,
      language: 'fr',
      name: 'Camille Durand',
      ...setup.client,
    },
    provider: {
      id: setup.providerId,
      role: 'lawyer',
      name: 'Maître Test',
      hasAccount: setup.providerHasAccount ?? false,
      ...setup.provider,
    },
    booking: {
      firstName: 'Camille',
      lastName: 'durand',
      nationality: 'FR',
      interventionCountry: 'ES',
      title: 'Bail de location',
      description: 'Une question sur mon bail de location en Espagne.',
      languages: ['fr'],
      phone: '+33612345678',
    } as StoredOrder['booking'],
    quote: {
      service: 'lawyerCall',
      currency: 'EUR',
      durationMinutes: 20,
      standard: 4900,
      discount: 0,
      total: 4900,
      ...setup.quote,
    },
    commissionRate: 0.15,
    ...(setup.affiliate ? { affiliate: setup.affiliate } : {}),
    payment: {
      gateway: 'simulated',
      intentId: `pi_${setup.orderId}`,
      clientSecret: 'secret',
      state: 'captured',
      ...setup.payment,
    },
    createdAt: now,
    updatedAt: now,
  } as StoredOrder;
  await store.db('orders').insert(order);
  return order;
}

/**
 * Waits until `read` answers something truthy (the service's work after a push is not awaited).
 * The ceiling only bounds a failing test's wait: the work awaited (a payout run, a call's next step)
 * takes seconds on a 3-node cluster sharing two cores with another suite, where 5 s was once short.
 */
export async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
