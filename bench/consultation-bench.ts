/**
 * The consultation's figures: how soon after a payment is authorised the telephony API is asked for
 * the first call (the real Twilio SDK against a local Twilio), and the checkout endpoint under load
 * (autocannon) beside a bare Express route on the same machine in the same run.
 */
import { createSimulatedGateway } from '../server/adapters/payments/simulated';
import { createTwilioTelephony } from '../server/adapters/telephony/twilio';
import { createConsultations } from '../server/services/consultation/consultations';
import type { CheckoutResponse } from '../src/domain/order';
import {
  TEST_ACCOUNT_SID,
  TEST_AUTH_TOKEN,
  TEST_FROM_NUMBER,
  startFakeTwilio,
} from '../tests/support/fake-twilio';
import type { FakeTwilio } from '../tests/support/fake-twilio';
import { BROWSER_HEADERS, mintUser } from '../tests/support/sessions';
import type { TestUser } from '../tests/support/sessions';
import { providerWithAccount } from '../tests/support/providers';
import type { ProviderDoc } from '../tests/support/providers';
import { startTestServer } from '../tests/support/test-server';
import type { TestServer } from '../tests/support/test-server';
import { benchCheckoutLoad, checkoutBody } from './checkout-bench';
import type { LoadFigures } from './checkout-bench';
import type { Percentiles } from './query-bench';
import { percentiles } from './query-bench';

const ORDERS = 30;

export type ConsultationFigures = {
  firstCall: Percentiles;
  checkout: LoadFigures;
  bare: LoadFigures;
};

export type ConsultationBench = {
  server: TestServer;
  twilioApi: FakeTwilio;
  client: TestUser;
  provider: ProviderDoc;
  close(): Promise<void>;
};

/** The service with the demo data, a local Twilio, a signed-in client and a lawyer to book. */
export async function startConsultationBench(): Promise<ConsultationBench> {
  const twilioApi = await startFakeTwilio();
  const server = await startTestServer({
    seed: true,
    env: (url) => ({
      PUBLIC_URL: url,
      TWILIO_ACCOUNT_SID: TEST_ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: TEST_AUTH_TOKEN,
      TWILIO_FROM_NUMBER: TEST_FROM_NUMBER,
      API_RATE_LIMIT_PER_MINUTE: '1000000',
    }),
    services: (config, store) => {
      const gateway = createSimulatedGateway(store);
      const consultations = createConsultations({
        store,
        config,
        gateway,
        telephony: () =>
          createTwilioTelephony(
            { ...config, twilio: config.twilio! },
            { httpClient: twilioApi.httpClient() },
          ),
        log: () => {},
      });
      return { gateway, consultations };
    },
  });
  const client = await mintUser(server.store, 'bench-client');
  const { provider } = await providerWithAccount(server.store, 'bench-lawyer', '+33698765432');
  return {
    server,
    twilioApi,
    client,
    provider,
    async close() {
      await server.close();
      await twilioApi.close();
    },
  };
}

export async function benchConsultation(): Promise<ConsultationFigures> {
  const bench = await startConsultationBench();
  const { server, twilioApi, client, provider } = bench;
  try {
    const post = async <T>(route: string, payload: unknown) => {
      const response = await fetch(`${server.url}/api${route}`, {
        method: 'POST',
        headers: { ...BROWSER_HEADERS, cookie: client.cookie, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return (await response.json()) as T;
    };

    // Authorisation → first call request received by the telephony API.
    const delays: number[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const order = await post<CheckoutResponse>('/checkout', checkoutBody(provider, `first-call-${i}`));
      if (!order.payment) throw new Error(`The checkout failed: ${JSON.stringify(order)}`);
      const before = twilioApi.requests.length;
      const started = performance.now();
      await post('/payments/simulated/confirm', {
        clientSecret: order.payment.clientSecret,
        card: { number: '4242424242424242', exp: '12/34', cvc: '123' },
      });
      for (;;) {
        const request = twilioApi.requests
          .slice(before)
          .find((r) => r.method === 'POST' && r.path.endsWith('/Calls.json'));
        if (request) {
          delays.push(request.at - started);
          break;
        }
        if (performance.now() - started > 10_000) throw new Error('No call request within 10 s');
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    }

    // Checkout under load: every request a new order (a new idempotency key).
    const { checkout, bare } = await benchCheckoutLoad(server.url, client.cookie, provider);
    return { firstCall: percentiles(delays), checkout, bare };
  } finally {
    await bench.close();
  }
}
