/**
 * A consultation booked and paid during an e2e test, as a browser does it (demo mode: the simulated
 * gateway and telephony): a new client signs up on their own request context, books an online
 * lawyer of the demo directory and pays with the test card; the simulated call starts at once.
 */
import { expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import type { Language } from '../../../src/domain/languages';
export { signInAdmin } from './admin';

export const BROWSER_HEADERS = { 'x-sos-expat': '1' };

/** A new client, signed in on the request context `api` (their interface language: French unless given). */
export async function newClient(
  api: APIRequestContext,
  firstName: string,
  language: Language = 'fr',
): Promise<string> {
  const email = `${firstName.toLowerCase()}.${Date.now().toString(36)}@example.com`;
  const answer = await api.post('/api/auth/register', {
    headers: BROWSER_HEADERS,
    data: {
      role: 'client',
      email,
      password: 'Voyage-2026!',
      firstName,
      languages: ['fr'],
      acceptedTerms: true,
      language,
    },
  });
  expect(answer.status()).toBe(201);
  return email;
}

/**
 * An online lawyer of the demo directory (or the one whose id is given), read as browsers read it
 * (the public replication).
 */
async function onlineLawyer(
  api: APIRequestContext,
  providerId?: string,
): Promise<{ id: string; languages: string[] }> {
  const answer = await api.get('/db/providers/_changes?include_docs=true&limit=500');
  const { results } = (await answer.json()) as {
    results: {
      doc?: {
        type?: string;
        role?: string;
        isOnline?: boolean;
        isVisible?: boolean;
        _id: string;
        id?: string;
        languages: string[];
      };
    }[];
  };
  const lawyer = results
    .map((row) => row.doc)
    .find(
      (doc) =>
        doc?.type === 'provider' &&
        doc.role === 'lawyer' &&
        doc.isOnline &&
        doc.isVisible &&
        (!providerId || (doc.id ?? doc._id) === providerId),
    );
  if (!lawyer) throw new Error('No online lawyer in the demo directory');
  return { id: lawyer.id ?? lawyer._id, languages: lawyer.languages };
}

/** Books a lawyer (49 €; the one whose id is given, if any) and pays with the test card; answers the order id. */
export async function bookAndPay(
  api: APIRequestContext,
  firstName: string,
  providerId?: string,
): Promise<string> {
  const lawyer = await onlineLawyer(api, providerId);
  const order = await api.post('/api/checkout', {
    headers: BROWSER_HEADERS,
    data: {
      providerId: lawyer.id,
      service: 'lawyerCall',
      currency: 'EUR',
      expectedTotal: 4900,
      idempotencyKey: `e2e-${firstName}-${Date.now().toString(36)}`,
      booking: {
        firstName,
        lastName: 'Paiement',
        nationality: 'FR',
        interventionCountry: 'ES',
        title: 'Contrat de travail en Espagne',
        description: 'Mon employeur espagnol ne me paie plus depuis deux mois : quels sont mes recours ?',
        languages: [lawyer.languages[0]],
        phone: '+33612345678',
        acceptedTerms: true,
      },
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { orderId, payment } = (await order.json()) as { orderId: string; payment: { clientSecret: string } };
  const paid = await api.post('/api/payments/simulated/confirm', {
    headers: BROWSER_HEADERS,
    data: {
      clientSecret: payment.clientSecret,
      card: { number: '4242424242424242', exp: '12/34', cvc: '123' },
    },
  });
  expect(((await paid.json()) as { outcome: string }).outcome).toBe('authorised');
  return orderId;
}
