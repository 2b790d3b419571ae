/**
 * A consultation booked, paid and completed through the real service in demo mode (simulated card
 * and call), for tests that need money captured and an invoice issued. The test server must run the
 * simulated call quickly (see `FAST_CALL_ENV`).
 */
import { expect } from 'vitest';
import type { BookingRequest } from '../../src/domain/booking';
import type { CheckoutResponse } from '../../src/domain/order';
import type { StoredOrder } from '../../server/services/consultation/types';
import { eventually } from './orders';
import type { ProviderDoc } from './providers';
import { browserCall } from './sessions';
import type { TestServer } from './test-server';

/** The simulated telephony's timings that make a consultation complete in about a second. */
export const FAST_CALL_ENV = {
  SIMULATED_RING_SECONDS: '0.1',
  SIMULATED_NO_ANSWER_SECONDS: '60',
  SIMULATED_CALL_SECONDS: '0.3',
  CALL_RETRY_DELAY_SECONDS: '0.1',
  API_RATE_LIMIT_PER_MINUTE: '100000',
  ADMIN_API_CALLS_PER_MINUTE: '100000',
};

export function bookingWith(provider: ProviderDoc, firstName = 'Ana'): BookingRequest {
  return {
    firstName,
    lastName: 'Bérénice',
    nationality: 'FR',
    interventionCountry: 'ES',
    title: 'Litige avec mon propriétaire',
    description: 'Mon propriétaire refuse de me rendre ma caution depuis trois mois, que puis-je faire ?',
    languages: [provider.languages[0]!],
    phone: '+33612345678',
    acceptedTerms: true,
  };
}

/** Booked by the client of `cookie` with a lawyer, paid with a test card, completed and invoiced. */
export async function completedConsultation(
  server: TestServer,
  cookie: string,
  lawyer: ProviderDoc,
): Promise<StoredOrder> {
  const order = await browserCall(server.url, 'POST', '/api/checkout', cookie, {
    providerId: lawyer._id,
    service: 'lawyerCall',
    currency: 'EUR',
    booking: bookingWith(lawyer),
    expectedTotal: 4900,
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}`,
    demo: { providerLine: 'answers' },
  });
  expect(order.status).toBe(201);
  const { orderId, payment } = order.json as CheckoutResponse;
  const paid = await browserCall(server.url, 'POST', '/api/payments/simulated/confirm', cookie, {
    clientSecret: payment.clientSecret,
    card: { number: '4242424242424242', exp: '12/34', cvc: '123' },
  });
  expect((paid.json as { outcome: string }).outcome).toBe('authorised');
  return eventually(async () => {
    const stored = await server.store.db<StoredOrder>('orders').get(orderId);
    return stored.state === 'completed' && stored.invoiceNumber ? stored : undefined;
  }, 20_000);
}
