import compression from 'compression';
import express from 'express';
import type { Express, Request, Response } from 'express';
import { ADMIN_API_CALLS_PER_MINUTE } from '../src/domain/constants';
import { createPaymentGateway } from './adapters/payments/index';
import type { PaymentGateway } from './adapters/payments/types';
import { createTelephony } from './adapters/telephony/index';
import type { Config } from './config/env';
import { adminRouter } from './http/admin/index';
import { authRouter, photosRouter } from './http/auth';
import { authMailRouter } from './http/auth-mail';
import { availabilityRouter } from './http/availability';
import { checkoutRouter } from './http/checkout';
import { contactRouter } from './http/contact';
import { demoStandInsRouter } from './http/demo-stand-ins';
import { errorLogsRouter } from './http/error-logs';
import { errorHandler, sendError } from './http/errors';
import { gatewayRouter } from './http/gateway';
import { googleAuthRouter } from './http/google-auth';
import { healthRouter } from './http/health';
import { createLiveChanges } from './http/live-changes';
import { mailboxRouter } from './http/mailbox';
import { rejectMalformedPath } from './http/malformed-path';
import { promoRouter } from './http/promo';
import { reportsRouter } from './http/reports';
import { staticRouter } from './http/static-files';
import { createPageRenderer } from './http/ssr';
import { createPublicMirror } from './services/public-mirror';
import { stripeWebhookRouter } from './http/stripe-webhook';
import { twilioWebhookRouter } from './http/twilio-webhooks';
import { unsubscribeRouter } from './http/unsubscribe';
import { mailEventsRouter } from './http/mail-events';
import { mailTrackingRouter } from './http/mail-tracking';
import { createConsultations } from './services/consultation/consultations';
import type { Consultations } from './services/consultation/consultations';
import { requireCsrfHeader } from './services/csrf';
import { demoStandInsEnabled } from './services/demo-stand-ins';
import { sendCreditNoteMail } from './services/credit-note-mail';
import { sendInvoiceMail } from './services/invoice-mail';
import { storedMailTemplates } from './services/mail-compose';
import { userDocHooks } from './services/user-doc-hooks';
import { onLiveFeedsRevoked } from './services/live-feed-revocations';
import { addressRateLimit, apiRateLimit, createLimiters } from './services/rate-limit';
import type { LimiterOptions } from './services/rate-limit';
import { allowStandInSessions } from './services/sessions';
import { dbUpdatesOf } from './store/db-updates';
import type { Store } from './store/store';

/** The long-lived parts behind the routes: the payment gateway and the consultation service. */
export type AppServices = { gateway: PaymentGateway; consultations: Consultations };

/**
 * `services`: made here when not given (then nothing resumes or stops them: tools and quick tests).
 * `limits`: smaller rate limits and their clock, for tests.
 */
export type AppOptions = {
  config: Config;
  store: Store;
  distDir: string;
  services?: AppServices;
  limits?: LimiterOptions;
};

/** The payment gateway and the consultation service (with its telephony) the configuration selects. */
export function createAppServices(config: Config, store: Store): AppServices {
  const gateway = createPaymentGateway(config, store);
  const consultations = createConsultations({
    store,
    config,
    gateway,
    telephony: (sink) => createTelephony(config, sink),
    mailInvoice: (invoice, to) => sendInvoiceMail(config, storedMailTemplates(store), invoice, to),
    mailCreditNote: (creditNote, to) =>
      sendCreditNoteMail(config, storedMailTemplates(store), creditNote, to),
  });
  return { gateway, consultations };
}

/** Composes the HTTP service: `/api`, the `/db/` gateway, then the PWA's files. */
export function createApp({
  config,
  store,
  distDir,
  services = createAppServices(config, store),
  limits,
}: AppOptions): Express {
  const { gateway, consultations } = services;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(compression({ filter: shouldCompress }));
  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    next();
  });
  app.use(rejectMalformedPath);

  const limiters = createLimiters({
    api: { limit: config.apiRateLimitPerMinute, windowMs: 60_000 },
    // Never below the API limit: a deployment that raises it raises the console's with it.
    admin: { limit: Math.max(ADMIN_API_CALLS_PER_MINUTE, config.apiRateLimitPerMinute), windowMs: 60_000 },
    anonymousUploads: { limit: config.anonymousUploadsPerHour, windowMs: 60 * 60_000 },
    ...limits,
  });
  app.use(['/api', '/db'], requireCsrfHeader);
  // Signed callbacks of Stripe and Twilio, ahead of the per-address rate limit (a few addresses carry
  // every callback) and of any JSON parser (Stripe's signature is over the raw body).
  app.use('/api', stripeWebhookRouter({ store, config, consultations, gateway }));
  app.use('/api', twilioWebhookRouter({ config, sink: (event) => consultations.telephonyEvent(event) }));
  // The mail provider's signed bounce and complaint reports (http/mail-events.ts), likewise.
  app.use('/api', mailEventsRouter(store, config));

  // Browsers' long polls, held by the gateway on one store feed (see http/live-changes.ts).
  const live = createLiveChanges(store, dbUpdatesOf(store));
  // A user banned or deleted by an admin stops pulling at once (services/live-feed-revocations.ts).
  onLiveFeedsRevoked(store, (uid) => live.end({ kind: 'user', id: uid }));
  const api = express.Router();
  api.use(apiRateLimit(store, limiters.api, limiters.admin));
  api.use(healthRouter(store, config, live));
  api.use(photosRouter(store));
  api.use(errorLogsRouter(store));
  api.use(reportsRouter(store));
  api.use(contactRouter(store));
  api.use(promoRouter(store));
  api.use(checkoutRouter({ store, config, gateway, consultations }));
  api.use(availabilityRouter(store));
  api.use(adminRouter({ store, config, services }));
  // Demo mode: a client opens the stand-in of a demo expert they booked (services/demo-stand-ins.ts).
  if (demoStandInsEnabled(config)) {
    allowStandInSessions(store);
    api.use(demoStandInsRouter(store));
  }
  api.use('/auth', authRouter(store, config, limiters));
  api.use('/auth', authMailRouter(store, config, limiters));
  api.use('/auth', googleAuthRouter(store, config));
  api.use((_req, res) => sendError(res, 404, 'not_found', 'No such API endpoint.'));
  app.use('/api', api);
  app.use('/db', gatewayRouter(store, userDocHooks(store), live));
  if (!config.smtp) app.use(mailboxRouter(config, store));
  // The links of campaign mails need no session: each address gets its own budget.
  app.use(['/unsubscribe', '/m/'], addressRateLimit(limiters.mailLinks));
  // Campaign mails' one-click unsubscribe link: no sign-in, no CSRF header (http/unsubscribe.ts).
  app.use(unsubscribeRouter(store, config));
  // A/B campaign mails' tracking pixel and links (http/mail-tracking.ts), also with no sign-in.
  app.use(mailTrackingRouter(store, config));
  const pages = createPageRenderer({
    distDir,
    mirror: createPublicMirror(store),
    publicUrl: config.publicUrl,
  });
  app.use(staticRouter(distDir, pages));
  // Anything no route took (a POST to a page, a missing asset) gets the JSON error too.
  app.use((_req, res) => sendError(res, 404, 'not_found', 'Nothing here.'));
  app.use(errorHandler);
  return app;
}

/** Everything compressible is compressed (travellers are often on slow links), except live change
 * feeds, whose heartbeats and changes must reach the browser as they are written. */
function shouldCompress(req: Request, res: Response): boolean {
  if (req.path.startsWith('/db/') && /[?&]feed=(longpoll|continuous|eventsource)/.test(req.url)) return false;
  return compression.filter(req, res);
}
