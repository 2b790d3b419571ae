import { LOG_MAX_ARRAY, LOG_MAX_OBJECT_KEYS, LOG_MAX_STRING } from './constants';

/**
 * Makes any value safe to log: strings cut at 1000 characters, arrays at 50 items, objects at 20
 * properties (spec section 7), cycles and functions dropped, depth bounded.
 */
export function sanitizeForLog(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string')
    return value.length > LOG_MAX_STRING ? value.slice(0, LOG_MAX_STRING) : value;
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return undefined;
  if (seen.has(value) || depth > 6) return '[…]';
  seen.add(value);
  if (value instanceof Error) {
    return sanitizeForLog({ name: value.name, message: value.message, stack: value.stack }, depth + 1, seen);
  }
  if (Array.isArray(value)) {
    return value.slice(0, LOG_MAX_ARRAY).map((item) => sanitizeForLog(item, depth + 1, seen));
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value).slice(0, LOG_MAX_OBJECT_KEYS)) {
    const clean = sanitizeForLog(item, depth + 1, seen);
    if (clean !== undefined) out[key] = clean;
  }
  return out;
}

/** What the browser sends to `POST /api/logs/errors` (stored in `logs` with type `error_log`). */
export type ErrorLogEntry = {
  eventId: string;
  origin: 'boundary' | 'error' | 'unhandledrejection' | 'resource';
  error: string;
  name: string;
  context: unknown;
  timestamp: string;
  userAgent: string;
  url: string;
};
