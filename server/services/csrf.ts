/**
 * CSRF protection of `/api` and `/db`: a state-changing request (anything but GET, HEAD, OPTIONS)
 * must carry `x-sos-expat: 1`. A page of another site cannot add a custom header to a cross-site
 * request without a CORS preflight, which this service never grants, so a forged form post, image
 * or `fetch` in `no-cors` mode never passes. The session cookie is also `SameSite=Lax`: the header
 * is the second line, and it covers browsers or proxies that ignore SameSite.
 *
 * Signed callbacks from other services (`/api/webhooks/…`, the mail provider's `/api/mail/events`)
 * carry no browser cookie and are checked by their own signature instead.
 */
import type { NextFunction, Request, Response } from 'express';
import { CSRF_HEADER, CSRF_VALUE } from '../../src/domain/account';
import { sendError } from '../http/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const EXEMPT_PREFIXES = ['/webhooks/', '/mail/events'];

export function requireCsrfHeader(req: Request, res: Response, next: NextFunction) {
  if (SAFE_METHODS.has(req.method)) return next();
  if (EXEMPT_PREFIXES.some((prefix) => req.path.startsWith(prefix))) return next();
  if (req.get(CSRF_HEADER) === CSRF_VALUE) return next();
  sendError(res, 403, 'csrf', `State-changing requests need the ${CSRF_HEADER} header.`);
}
