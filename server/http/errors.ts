import type { NextFunction, Request, Response } from 'express';
import { logError } from '../log';
import { isStoreUnavailable } from '../store/store';
import { clientErrorAnswer } from './client-errors';

/** How long a caller is told to wait when the store is briefly unavailable. */
const STORE_RETRY_SECONDS = 5;

/** Optional parts of an error answer: a code per field (`validation`), a delay before retrying (429). */
export type ErrorExtras = {
  fields?: Record<string, string>;
  retryAfter?: number;
  /** What is left of something the request asked too much of (a refund's amount, in minor units). */
  left?: number;
};

/** An error a service throws for the caller's mistake; only the HTTP edge turns it into a status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extras: ErrorExtras = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Whether the answer goes to a CouchDB client: the replication gateway, under `/db/`. */
function speaksCouchdb(res: Response): boolean {
  const url = (res.req as Request | undefined)?.originalUrl ?? '';
  return url === '/db' || url.startsWith('/db/') || url.startsWith('/db?');
}

/**
 * `{ error: { code, message, fields?, retryAfter? } }`; a `retryAfter` (seconds) is also sent as
 * the `Retry-After` header. Under `/db/` the gateway speaks CouchDB to CouchDB clients (PouchDB,
 * CouchDB's replicator): `{ error: code, reason: message }`, which they read as such.
 */
export function sendError(
  res: Response,
  status: number,
  code: string,
  message: string,
  extras: ErrorExtras = {},
) {
  if (extras.retryAfter !== undefined) res.setHeader('Retry-After', String(extras.retryAfter));
  if (speaksCouchdb(res)) return void res.status(status).json({ error: code, reason: message });
  res.status(status).json({ error: { code, message, ...extras } });
}

/**
 * The last middleware: caller mistakes keep their status (ours, and the body parsers' and router's,
 * see client-errors.ts); anything else is logged as a redacted summary, never as the raw error (a
 * store error carries its request, credentials included), and answered 500.
 */
export function errorHandler(error: unknown, req: Request, res: Response, _next: NextFunction) {
  if (res.headersSent) {
    if (!(error instanceof ApiError) && !clientErrorAnswer(error)) {
      logError(`[http] ${req.method} ${req.path} failed after answering:`, error);
    }
    return res.end();
  }
  if (error instanceof ApiError) {
    const fields = (error as { fields?: Record<string, string> }).fields ?? error.extras.fields;
    return sendError(res, error.status, error.code, error.message, { ...error.extras, fields });
  }
  const answer = clientErrorAnswer(error);
  if (answer) return sendError(res, answer.status, answer.code, answer.message);
  if (isStoreUnavailable(error)) {
    // Nobody's mistake and nothing lost: the store lacks servers for a moment (a cluster node down).
    logError(`[http] ${req.method} ${req.path}: the store is unavailable:`, error);
    return sendError(
      res,
      503,
      'store_unavailable',
      'The service is briefly unavailable. Try again in a moment.',
      {
        retryAfter: STORE_RETRY_SECONDS,
      },
    );
  }
  logError(`[http] ${req.method} ${req.path} failed:`, error);
  sendError(res, 500, 'internal', 'Something went wrong on our side.');
}
