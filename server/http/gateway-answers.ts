/**
 * What the replication gateway's routes share (http/gateway.ts, gateway-replicator.ts): who the
 * request is for, refusals in CouchDB's words, and the query parameters passed on to the store.
 */
import type { Request, Response } from 'express';
import type { SessionUser } from '../services/sessions';
import { sendError } from './errors';

export type Access = { db: string; owner?: SessionUser };
export type GatewayLocals = { access: Access };

/** A refusal in CouchDB's words (`{ error, reason }`: http/errors.ts speaks so under `/db/`). */
export function refuse(res: Response, status: 401 | 403 | 404 | 400 | 413, code: string, message: string) {
  sendError(res, status, code, message);
}

/** The request's query string, keeping only the parameters the store may receive. */
export function allowedQuery(req: Request, allowed: Set<string>): string {
  const raw = req.originalUrl.split('?')[1];
  if (!raw) return '';
  const params = new URLSearchParams(raw);
  const kept = new URLSearchParams();
  for (const [key, value] of params) if (allowed.has(key)) kept.append(key, value);
  const text = kept.toString();
  return text ? `?${text}` : '';
}
