/**
 * The checkout under load: `POST /api/checkout` with autocannon (a new order per request, 10
 * connections, 10 s) beside a bare Express route on the same machine in the same run, so that the
 * ratio between the two says what the checkout costs whatever the machine's load. Each is measured
 * after WARMUP_SECONDS of the same load, not counted: a running service has compiled its modules
 * (tsx, on their first use) and optimised its hot code (V8) long before; a first 10 s that includes
 * both measured 230-275 req/s where the same code measures 320-355 once warm.
 *
 * Used by the consultation bench (`npm run bench`) and on its own by `npm run bench:checkout`.
 */
import autocannon from 'autocannon';
import express from 'express';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CheckoutRequest } from '../src/domain/order';
import type { ProviderDoc } from '../tests/support/providers';
import { BROWSER_HEADERS } from '../tests/support/sessions';

const LOAD_SECONDS = 10;
const WARMUP_SECONDS = 3;
const CONNECTIONS = 10;

export type LoadFigures = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
};

export type CheckoutLoadFigures = { checkout: LoadFigures; bare: LoadFigures };

export function checkoutBody(provider: ProviderDoc, key: string): CheckoutRequest {
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
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS, ...options });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: LOAD_SECONDS, ...options });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** The bare route's figures, from a server of its own in this process. */
async function bareLoad(): Promise<LoadFigures> {
  const bare = express();
  bare.get('/bare', (_req, res) => {
    res.json({ ok: true });
  });
  const server = createServer(bare);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await load(`http://127.0.0.1:${port}/bare`, {});
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

let runs = 0;

/** Checkouts of `provider` by the client of `cookie`, each with a new idempotency key, then the bare route. */
export async function benchCheckoutLoad(
  baseUrl: string,
  cookie: string,
  provider: ProviderDoc,
): Promise<CheckoutLoadFigures> {
  const run = runs++;
  let n = 0;
  const checkout = await load(`${baseUrl}/api/checkout`, {
    method: 'POST',
    headers: { ...BROWSER_HEADERS, cookie, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify(checkoutBody(provider, `load-${run}-${n++}`)),
        }),
      },
    ],
  });
  return { checkout, bare: await bareLoad() };
}

/** The figures as `npm run bench` prints them. */
export function printCheckoutLoad(label: string, { checkout, bare }: CheckoutLoadFigures): void {
  printLoad(
    `${label} (a new order each, 10 connections, 10 s after ${WARMUP_SECONDS} s of warm-up)`,
    checkout,
  );
  printLoad('bare Express route, same run and settings', bare);
  console.log(
    `  ratio bare/checkout: throughput ${(bare.requestsPerSecond / checkout.requestsPerSecond).toFixed(1)}×, p99 ${(checkout.p99 / Math.max(1, bare.p99)).toFixed(1)}×`,
  );
  console.log(
    `  (targets: ≥ ${CHECKOUT_TARGET_RPS} req/s, ten times the ${CHECKOUT_RPS_WHEN_FILED} req/s measured on this machine when the target was set, with p99 ≤ 100 ms)`,
  );
}

/** Checkout throughput on this machine when issue 16 set its target (embedded store, same load). */
const CHECKOUT_RPS_WHEN_FILED = 40;
const CHECKOUT_TARGET_RPS = 10 * CHECKOUT_RPS_WHEN_FILED;

export function printLoad(label: string, f: LoadFigures): void {
  console.log(
    `  ${label}: ${f.requestsPerSecond.toFixed(0)} req/s, latency p50 ${f.p50} ms, p99 ${f.p99} ms${f.errors || f.non2xx ? `, ${f.errors} errors, ${f.non2xx} non-2xx` : ''}`,
  );
}
