/**
 * The admin console's only door to the service: `/api/admin/*`, online, never `/db/` nor RxDB,
 * never cached (the service answers `no-store`; the service worker lets `/api` through).
 *
 * Paths are relative to `/api/admin/` (`adminGet('users', { q })` reads `/api/admin/users?q=`).
 * Errors are `ApiError`s from src/data/api.ts (CSRF header, timeouts and `offline` included); an
 * answer saying the session ended or the account was suspended also makes the page re-check the
 * session, so the admin guard sends the admin to the admin login instead of leaving a dead screen.
 */
import { ApiError, api } from '../../data/api';
import { checkSession } from '../../data/auth';

/** Query parameters: empty, null and undefined values are left out. */
export type AdminQuery = Readonly<Record<string, string | number | boolean | null | undefined>>;

export type AdminMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const BASE = '/api/admin/';

/** The URL of an admin operation (also for downloads: `<a href={adminUrl('backups/x/file')}>`). */
export function adminUrl(path: string, query: AdminQuery = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return `${BASE}${path.replace(/^\/+/, '')}${text ? `?${text}` : ''}`;
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError && (error.code === 'not_signed_in' || error.code === 'account_suspended')) {
      // The guard follows the session: re-checking it moves the page to the admin login.
      void checkSession().catch(() => undefined);
    }
    throw error;
  }
}

/** Reads an admin resource. */
export function adminGet<T>(path: string, query?: AdminQuery): Promise<T> {
  return call(() => api<T>(adminUrl(path, query), { method: 'GET' }));
}

/**
 * Changes something (or asks something too long for a query, a live count); the body is JSON.
 * Answers the parsed answer (undefined for 204). `signal` cancels it (it then throws `aborted`).
 */
export function adminSend<T = unknown>(
  method: AdminMethod,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  return call(() => api<T>(adminUrl(path), { method, body, signal }));
}
