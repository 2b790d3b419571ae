/**
 * The caller's mistakes that reach the error handler from the HTTP machinery rather than from our
 * services: body parsers (http-errors with a 4xx `status`, `expose` and a `type`), the router
 * decoding a malformed percent-encoded path (`URIError`), `send` refusing a range. Each becomes its
 * 4xx status and a code; anything else is the service's own failure and stays a 500.
 */
import { BodyRefused } from './json-body';

export type ClientErrorAnswer = { status: number; code: string; message: string };

const BY_TYPE: Record<string, { code: string; message: string }> = {
  'entity.parse.failed': { code: 'bad_json', message: 'The request body is not valid JSON.' },
  'entity.too.large': { code: 'payload_too_large', message: 'The request body is too large.' },
  'parameters.too.many': { code: 'payload_too_large', message: 'The request body has too many fields.' },
  'charset.unsupported': {
    code: 'unsupported_charset',
    message: 'The charset of the request body is not supported: use UTF-8.',
  },
  'encoding.unsupported': {
    code: 'unsupported_encoding',
    message: 'The content encoding of the request body is not supported.',
  },
};

/** The answer for a caller's mistake, or undefined when the error is the service's own. */
export function clientErrorAnswer(error: unknown): ClientErrorAnswer | undefined {
  if (error instanceof URIError) {
    return { status: 400, code: 'bad_path', message: 'The request path is not valid percent-encoding.' };
  }
  if (!error || typeof error !== 'object') return undefined;
  const { status, expose, type } = error as { status?: unknown; expose?: unknown; type?: unknown };
  // http-errors marks what may be shown to the caller with `expose` (every 4xx it makes).
  if (typeof status !== 'number' || status < 400 || status > 499 || expose !== true) return undefined;
  if (error instanceof BodyRefused && status === 413) {
    return { status, code: 'payload_too_large', message: error.message };
  }
  const known = typeof type === 'string' ? BY_TYPE[type] : undefined;
  if (known) return { status, ...known };
  if (status === 413) return { status, ...BY_TYPE['entity.too.large']! };
  return { status, code: 'bad_request', message: 'The request could not be read.' };
}
