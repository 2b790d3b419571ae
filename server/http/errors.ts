import type { NextFunction, Request, Response } from 'express';

/** Optional parts of an error answer: a code per field (`validation`), a delay before retrying (429). */
export type ErrorExtras = { fields?: Record<string, string>; retryAfter?: number };

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

/**
 * `{ error: { code, message, fields?, retryAfter? } }`; a `retryAfter` (seconds) is also sent as
 * the `Retry-After` header.
 */
export function sendError(
  res: Response,
  status: number,
  code: string,
  message: string,
  extras: ErrorExtras = {},
) {
  if (extras.retryAfter !== undefined) res.setHeader('Retry-After', String(extras.retryAfter));
  res.status(status).json({ error: { code, message, ...extras } });
}

/** The last middleware: caller mistakes keep their status; anything else is logged and answered 500. */
export function errorHandler(error: unknown, _req: Request, res: Response, _next: NextFunction) {
  if (error instanceof ApiError) {
    const fields = (error as { fields?: Record<string, string> }).fields ?? error.extras.fields;
    return sendError(res, error.status, error.code, error.message, { ...error.extras, fields });
  }
  const status = (error as { status?: unknown }).status;
  const type = (error as { type?: unknown }).type;
  if (status === 413) return sendError(res, 413, 'payload_too_large', 'The request body is too large.');
  if (status === 400 && type === 'entity.parse.failed') {
    return sendError(res, 400, 'bad_json', 'The request body is not valid JSON.');
  }
  console.error(error);
  if (res.headersSent) return res.end();
  sendError(res, 500, 'internal', 'Something went wrong on our side.');
}
