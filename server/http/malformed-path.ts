import type { NextFunction, Request, Response } from 'express';
import { sendError } from './errors';

/**
 * Answers 400 to a path that is not valid percent-encoding (`/%ff`, `/db/%zz`, a lone surrogate),
 * first, before the routers, `serve-static` or `send` try to decode it and throw. One check here
 * rather than one per router; the error handler still maps a stray `URIError` to 400 too.
 */
export function rejectMalformedPath(req: Request, res: Response, next: NextFunction) {
  try {
    decodeURIComponent(req.path);
  } catch {
    return sendError(res, 400, 'bad_path', 'The request path is not valid percent-encoding.');
  }
  next();
}
