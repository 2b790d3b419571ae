/**
 * Sends the browser's errors to the server (`POST /api/logs/errors`, stored as `error_log`):
 * render failures caught by the boundary, unhandled errors and rejections, and resources that
 * failed to load. Each entry is sanitised (strings 1000, arrays 50, objects 20) and retried up to
 * 3 times, 1 s then doubling; an entry that still fails is dropped rather than looping.
 */
import { CSRF_HEADER, CSRF_VALUE } from '../domain/account';
import { LOG_RETRY_ATTEMPTS, LOG_RETRY_BASE_DELAY_MS } from '../domain/constants';
import { sanitizeForLog } from '../domain/error-log';
import type { ErrorLogEntry } from '../domain/error-log';

export function newEventId(): string {
  return crypto.randomUUID();
}

export function describeError(error: unknown): { error: string; name: string } {
  if (error instanceof Error) return { error: error.message || String(error), name: error.name };
  return {
    error: typeof error === 'string' ? error : JSON.stringify(sanitizeForLog(error)),
    name: 'NonError',
  };
}

export async function reportError(
  origin: ErrorLogEntry['origin'],
  error: unknown,
  context: unknown = {},
  eventId = newEventId(),
): Promise<string> {
  const entry = sanitizeForLog({
    eventId,
    origin,
    ...describeError(error),
    context,
    timestamp: new Date().toISOString(),
    userAgent: navigator.userAgent,
    url: window.location.href,
  }) as ErrorLogEntry;
  void sendWithRetry(entry);
  return eventId;
}

async function sendWithRetry(entry: ErrorLogEntry) {
  let delay = LOG_RETRY_BASE_DELAY_MS;
  for (let attempt = 1; attempt <= LOG_RETRY_ATTEMPTS; attempt++) {
    try {
      const response = await fetch('/api/logs/errors', {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_VALUE },
        body: JSON.stringify(entry),
        keepalive: true,
      });
      if (response.ok || (response.status >= 400 && response.status < 500)) return;
    } catch {
      // offline or server down: try again below
    }
    if (attempt < LOG_RETRY_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, delay));
    delay *= 2;
  }
}

/** Listens for unhandled errors, unhandled rejections and failed resource loads. */
export function installErrorReporting() {
  window.addEventListener(
    'error',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLElement && target !== document.documentElement) {
        const source = (target as HTMLImageElement).src || (target as HTMLLinkElement).href;
        // A provider photo that fails offline is replaced by the default avatar: not an error worth a log.
        if (target.dataset.optional === 'true') return;
        void reportError('resource', `Failed to load ${target.tagName.toLowerCase()}`, { source });
        return;
      }
      void reportError('error', event.error ?? event.message, {
        filename: event.filename,
        line: event.lineno,
        column: event.colno,
      });
    },
    true,
  );
  window.addEventListener('unhandledrejection', (event) => {
    void reportError('unhandledrejection', event.reason);
  });
}
