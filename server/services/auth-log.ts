/**
 * Authentication events in the `logs` database (spec section 3): type, category 'authentication',
 * timestamp, userAgent cut to 120 characters, what the browser says of its device in the optional
 * `x-client-context` header (viewport, screenSize, device, isOnline, connectionSpeed), and the event's
 * data. Never a password, a token or a cookie. Writing the log never fails the request it describes.
 */
import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { sanitizeForLog } from '../../src/domain/error-log';
import type { Store } from '../store/store';
import { logError } from '../log';

export type AuthEventType =
  | 'register'
  | 'login'
  | 'login_failed'
  | 'logout'
  | 'password_changed'
  | 'email_changed'
  | 'account_deleted'
  | 'google_login';

export const USER_AGENT_MAX = 120;
const CONTEXT_HEADER = 'x-client-context';
const CONTEXT_HEADER_MAX = 1000;
const SHORT = 40;

export type AuthEvent = {
  _id: string;
  type: AuthEventType;
  category: 'authentication';
  timestamp: string;
  userAgent: string;
  viewport?: string;
  screenSize?: string;
  device?: { type?: string; os?: string; browser?: string };
  isOnline?: boolean;
  connectionSpeed?: string;
  /** The event's own data: uid, role, reason of a failure… */
  data: Record<string, unknown>;
};

const shortText = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value.slice(0, SHORT) : undefined;

/** The device description of the `x-client-context` header, keeping only the known fields. */
export function clientContext(req: Request): Partial<AuthEvent> {
  const raw = req.get(CONTEXT_HEADER);
  if (!raw || raw.length > CONTEXT_HEADER_MAX) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object') return {};
  const c = parsed as Record<string, unknown>;
  const device = c.device && typeof c.device === 'object' ? (c.device as Record<string, unknown>) : {};
  const out: Partial<AuthEvent> = {
    viewport: shortText(c.viewport),
    screenSize: shortText(c.screenSize),
    device: { type: shortText(device.type), os: shortText(device.os), browser: shortText(device.browser) },
    isOnline: typeof c.isOnline === 'boolean' ? c.isOnline : undefined,
    connectionSpeed: shortText(c.connectionSpeed),
  };
  return JSON.parse(JSON.stringify(out)) as Partial<AuthEvent>;
}

export async function logAuthEvent(
  store: Store,
  req: Request,
  type: AuthEventType,
  data: Record<string, unknown> = {},
  now = new Date(),
): Promise<void> {
  const timestamp = now.toISOString();
  const event: AuthEvent = {
    _id: `auth:${timestamp}:${randomUUID()}`,
    type,
    category: 'authentication',
    timestamp,
    userAgent: (req.get('user-agent') ?? '').slice(0, USER_AGENT_MAX),
    ...clientContext(req),
    data: sanitizeForLog(data) as Record<string, unknown>,
  };
  try {
    await store.db<AuthEvent>('logs').insert(event);
  } catch (error) {
    logError(`[auth] could not log the ${type} event:`, error);
  }
}
