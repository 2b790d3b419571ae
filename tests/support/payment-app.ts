/**
 * The checkout and Stripe webhook routes mounted as server/app.ts mounts its routers (CSRF check on
 * `/api`, the error handler last), on a store shared with a test server, with a consultation service
 * that only records what it is told: the routes' side of the contract, tested apart from the real
 * consultation service.
 */
import express from 'express';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PaymentGateway } from '../../server/adapters/payments/types';
import type { Config } from '../../server/config/env';
import { checkoutRouter } from '../../server/http/checkout';
import { errorHandler, sendError } from '../../server/http/errors';
import { stripeWebhookRouter } from '../../server/http/stripe-webhook';
import type { ConsultationService } from '../../server/services/consultation/types';
import { requireCsrfHeader } from '../../server/services/csrf';
import type { Store } from '../../server/store/store';

export type Notice = {
  method: 'paymentAuthorised' | 'paymentFailed' | 'paymentSettled';
  orderId: string;
  detail?: string;
};

export type RecordingConsultations = ConsultationService & {
  notices: Notice[];
  count(method: Notice['method'], orderId?: string): number;
};

export function recordingConsultations(): RecordingConsultations {
  const notices: Notice[] = [];
  return {
    notices,
    count: (method, orderId) =>
      notices.filter((n) => n.method === method && (orderId === undefined || n.orderId === orderId)).length,
    async paymentAuthorised(orderId) {
      notices.push({ method: 'paymentAuthorised', orderId });
    },
    async paymentFailed(orderId, reason) {
      notices.push({ method: 'paymentFailed', orderId, detail: reason });
    },
    async paymentSettled(orderId, event) {
      notices.push({ method: 'paymentSettled', orderId, detail: event });
    },
    async telephonyEvent() {},
  };
}

export type PaymentApp = { url: string; close(): Promise<void> };

export async function startPaymentApp(options: {
  store: Store;
  config: Config;
  gateway: PaymentGateway;
  consultations: ConsultationService;
  /** The checkout's clock. */
  now?: () => Date;
}): Promise<PaymentApp> {
  const app = express();
  app.use('/api', requireCsrfHeader);
  const api = express.Router();
  api.use(stripeWebhookRouter(options));
  api.use(checkoutRouter(options));
  api.use((_req, res) => sendError(res, 404, 'not_found', 'No such API endpoint.'));
  app.use('/api', api);
  app.use(errorHandler);
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
