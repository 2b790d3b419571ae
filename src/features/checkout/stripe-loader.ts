/**
 * Loads Stripe.js only when a real card payment needs it (never in demo mode), in a module of its
 * own so that tests can replace it, and so that the page's own chunk does not carry the loader.
 * Stripe.js itself comes from js.stripe.com (Stripe requires it): `null` or a rejection means it
 * could not be loaded.
 */
import type { Stripe } from '@stripe/stripe-js';

export async function loadStripeJs(publishableKey: string): Promise<Stripe | null> {
  const { loadStripe } = await import('@stripe/stripe-js');
  return loadStripe(publishableKey);
}
