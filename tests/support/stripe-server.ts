/**
 * The service with Stripe configured, its SDK talking to the local Stripe (fake-stripe.ts), and the
 * helpers to sign and deliver Stripe's webhooks to it.
 */
import Stripe from 'stripe';
import { createStripeGateway } from '../../server/adapters/payments/stripe';
import { createTelephony } from '../../server/adapters/telephony';
import { createConsultations } from '../../server/services/consultation/consultations';
import { startFakeStripe } from './fake-stripe';
import type { FakeStripe } from './fake-stripe';
import { startTestServer } from './test-server';
import type { TestServer } from './test-server';

export type StripeServer = {
  server: TestServer;
  stripe: FakeStripe;
  gateway: ReturnType<typeof createStripeGateway>;
  /** Signs an event of `type` about `object` as Stripe would and posts it; answers the status. */
  deliver(type: string, object: object): Promise<number>;
  close(): Promise<void>;
};

export async function startStripeServer(
  name: string,
  env: Record<string, string> = {},
): Promise<StripeServer> {
  const webhookSecret = `whsec_${name}`;
  const stripe = await startFakeStripe();
  let gateway!: ReturnType<typeof createStripeGateway>;
  const server = await startTestServer({
    env: () => ({
      STRIPE_SECRET_KEY: `sk_test_${name}`,
      STRIPE_PUBLISHABLE_KEY: `pk_test_${name}`,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      ...env,
    }),
    services: (config, store) => {
      gateway = createStripeGateway(config.stripe!, stripe.connection);
      const consultations = createConsultations({
        store,
        config,
        gateway,
        telephony: (sink) => createTelephony(config, sink),
        log: () => {},
      });
      return { gateway, consultations };
    },
  });
  return {
    server,
    stripe,
    gateway,
    async deliver(type, object) {
      const payload = JSON.stringify(stripe.event(type, object));
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      const response = await fetch(`${server.url}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        body: payload,
      });
      await response.arrayBuffer();
      return response.status;
    },
    async close() {
      await server.close();
      await stripe.close();
    },
  };
}
