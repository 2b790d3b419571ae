/**
 * The consultation's figures: how soon after a payment is authorised the telephony API is asked for
 * the first call (the real Twilio SDK against a local Twilio), and the checkout endpoint under load
 * (autocannon) beside a bare Express route on the same machine in the same run.
 */
import autocannon from 'autocannon';
import express from 'express';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSimulatedGateway } from '../server/adapters/payments/simulated';
import { createTwilioTelephony } from '../server/adapters/telephony/twilio';
import { createConsultations } from '../server/services/consultation/consultations';
import type { CheckoutRequest, CheckoutResponse } from '../src/domain/order';
import {
  TEST_ACCOUNT_SID,
  TEST_AUTH_TOKEN,
  TEST_FROM_NUMBER,
  startFakeTwilio,
} from '../tests/support/fake-twilio';
import { BROWSER_HEADERS, mintUser } from '../tests/support/sessions';
import { providerWithAccount } from '../tests/support/providers';
import type { ProviderDoc } from '../tests/support/providers';
import { startTestServer } from '../tests/support/test-server';
import type { Percentiles } from './query-bench';
import { percentiles } from './query-bench';

const ORDERS = 30;
const LOAD_SECONDS = 10;
const CONNECTIONS = 10;

export type LoadFigures = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
};
export type ConsultationFigures = {
  firstCall: Percentiles;
  checkout: LoadFigures;
  bare: LoadFigures;
};

function body(provider: ProviderDoc, key: string): CheckoutRequest {
  return {
    providerId: provider._id,
    service: provider.role === 'lawyer' ? 'lawyerCall' : 'expatCall',
    currency: 'EUR',
    expectedTotal: provider.role === 'lawyer' ? 4900 : 1900,
    idempotencyKey: key,
    booking: {
      firstName: 'Camille',
      lastName: 'Martin',
      nationality: 'FR',
      interventionCountry: 'ES',
      title: 'Visa de travail refusé',
      description: "Mon visa de travail a été refusé hier et je dois quitter le pays d'ici dix jours.",
      languages: [provider.languages[0]!],
      phone: '+33612345678',
      acceptedTerms: true,
    },
  };
}

async function load(url: string, options: Partial<autocannon.Options>): Promise<LoadFigures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: LOAD_SECONDS, ...options });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export async function benchConsultation(): Promise<ConsultationFigures> {
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
  const bare = express();
  bare.get('/bare', (_req, res) => {
    res.json({ ok: true });
  });
  const bareServer = createServer(bare);
  await new Promise<void>((resolve) => bareServer.listen(0, '127.0.0.1', resolve));
  try {
    const client = await mintUser(server.store, 'bench-client');
    const { provider } = await providerWithAccount(server.store, 'bench-lawyer', '+33698765432');
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
      const order = await post<CheckoutResponse>('/checkout', body(provider, `first-call-${i}`));
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
    let n = 0;
    const checkout = await load(`${server.url}/api/checkout`, {
      method: 'POST',
      headers: { ...BROWSER_HEADERS, cookie: client.cookie, 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (request) => ({ ...request, body: JSON.stringify(body(provider, `load-${n++}`)) }),
        },
      ],
    });
    const { port } = bareServer.address() as AddressInfo;
    const bareFigures = await load(`http://127.0.0.1:${port}/bare`, {});
    return { firstCall: percentiles(delays), checkout, bare: bareFigures };
  } finally {
    bareServer.closeAllConnections();
    await new Promise((resolve) => bareServer.close(resolve));
    await server.close();
    await twilioApi.close();
  }
}
