// @vitest-environment jsdom
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { getChangedDocumentsSince } from 'rxdb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guardState } from '../../src/app/require-auth';
import { isBookingPath, loginPath, safeRedirect } from '../../src/config/paths';
import { ApiError, api, requestTimeoutMs, toApiError } from '../../src/data/api';
import { ownDocumentsToForget, signOut } from '../../src/data/auth';
import type { Session } from '../../src/data/auth';
import { describeClient } from '../../src/data/client-context';
import { createAppDatabase } from '../../src/data/database';
import { toggleFavourite } from '../../src/data/favourites';
import { followSession, forgetMine } from '../../src/data/session-sync';
import { CSRF_HEADER } from '../../src/domain/account';
import type { SessionUserView } from '../../src/domain/account';
import { AUTH_ERROR_CODES, codeOf, formatDelay, knownCode } from '../../src/features/account/errors';
import fr from '../../src/i18n/locales/fr.json';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('error answers of the service', () => {
  it('keep the code, the field codes and the retry delay', () => {
    const error = toApiError(400, {
      error: { code: 'validation', message: 'x', fields: { email: 'email_invalid', n: 3 } },
    });
    expect(error).toMatchObject({ status: 400, code: 'validation', fields: { email: 'email_invalid' } });
    expect(toApiError(429, { error: { code: 'rate_limited', retryAfter: 41.2 } }).retryAfter).toBe(42);
    expect(toApiError(429, { error: { code: 'rate_limited' } }, '120').retryAfter).toBe(120);
  });

  it('fall back to a code of their status when the body says nothing usable', () => {
    expect(toApiError(502, undefined).code).toBe('server');
    expect(toApiError(404, '<html>').code).toBe('http_404');
    expect(toApiError(400, { error: { code: 'Not A Code!' } }).code).toBe('http_400');
  });

  it('map to a translated message for every code, unknown ones to the generic one', () => {
    for (const code of AUTH_ERROR_CODES) expect(fr.auth.errors[code], code).toBeTruthy();
    expect(knownCode('invalid_credentials')).toBe('invalid_credentials');
    expect(knownCode('something_new')).toBe('unknown');
    expect(codeOf(new ApiError(503, 'upstream_down'))).toBe('server');
    expect(codeOf(new TypeError('boom'), 'registration_failed')).toBe('registration_failed');
    expect(fr.auth.errors.invalid_credentials).toBe('Email ou mot de passe invalide.');
    expect(fr.auth.errors.timeout).toBe('Connexion trop lente, réessayez.');
  });

  it('say a retry delay in words of the language', () => {
    expect(formatDelay(30, 'fr')).toBe('dans 30 secondes');
    expect(formatDelay(61, 'en')).toBe('in 2 minutes');
  });
});

describe('request timeout', () => {
  it('is 10 s, and 15 s on a slow connection', () => {
    expect(requestTimeoutMs(undefined)).toBe(10_000);
    expect(requestTimeoutMs({ effectiveType: '4g' })).toBe(10_000);
    for (const slow of ['slow-2g', '2g', '3g'])
      expect(requestTimeoutMs({ effectiveType: slow })).toBe(15_000);
  });
});

describe('api()', () => {
  const calls: { url: string; init: RequestInit }[] = [];
  const answer = (response: () => Promise<Response>) =>
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        calls.push({ url, init });
        return response();
      }),
    );

  it('sends the CSRF header on writes only, and parses the answer', async () => {
    calls.length = 0;
    answer(async () => Response.json({ user: { uid: 'u1' } }));
    await api('/api/auth/me');
    await api('/api/auth/login', { body: { email: 'a@b.co' } });
    expect(new Headers(calls[0]!.init.headers).get(CSRF_HEADER)).toBeNull();
    expect(new Headers(calls[1]!.init.headers).get(CSRF_HEADER)).toBe('1');
    expect(calls[1]!.init.method).toBe('POST');
  });

  it('throws the service error with its code', async () => {
    answer(async () =>
      Response.json({ error: { code: 'invalid_credentials', message: 'no' } }, { status: 401 }),
    );
    await expect(api('/api/auth/login', { body: {} })).rejects.toMatchObject({ code: 'invalid_credentials' });
  });

  it('gives up after the timeout with `timeout`', async () => {
    answer(
      () =>
        new Promise<Response>((_resolve, reject) => {
          const signal = calls.at(-1)!.init.signal!;
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    await expect(api('/api/auth/login', { body: {}, timeoutMs: 20 })).rejects.toMatchObject({
      code: 'timeout',
    });
  });

  it('reads `network` when the service cannot be reached, and does not try offline', async () => {
    answer(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api('/api/auth/me')).rejects.toMatchObject({ code: 'network' });
    const fetchCalls = calls.length;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(api('/api/auth/me')).rejects.toMatchObject({ code: 'offline' });
    expect(calls.length).toBe(fetchCalls);
    vi.restoreAllMocks();
  });
});

describe('login redirects', () => {
  it('keep only paths of this site, never back to the account forms', () => {
    expect(safeRedirect('/dashboard')).toBe('/dashboard');
    expect(safeRedirect('/booking-request/abc?x=1')).toBe('/booking-request/abc?x=1');
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/login',
      '/register/client',
      'dashboard',
      '/a\nb',
    ])
      expect(safeRedirect(bad), bad).toBeUndefined();
  });

  it('read as a plain query, and know a booking when they see one', () => {
    expect(loginPath({ redirect: '/dashboard' })).toBe('/login?redirect=/dashboard');
    expect(loginPath({ error: 'auth_error', redirect: '/profile/edit?a=b&c' })).toBe(
      '/login?redirect=/profile/edit%3Fa%3Db%26c&error=auth_error',
    );
    expect(isBookingPath('/booking-request/p1')).toBe(true);
    expect(isBookingPath('/call-checkout')).toBe(true);
    expect(isBookingPath('/dashboard')).toBe(false);
  });
});

describe('route guard states', () => {
  const user: SessionUserView = {
    uid: 'u1',
    role: 'client',
    email: 'a@b.co',
    displayName: 'A',
    preferredLanguage: 'fr',
    provider: 'password',
    isApproved: true,
    isVerifiedEmail: true,
    db: 'userdb-7531',
  };
  const signedIn: Session = { status: 'signed_in', user, confirmed: true };
  const signedOut: Session = { status: 'signed_out', confirmed: true };

  it('loads, checks, then authorizes or not', () => {
    expect(guardState({ status: 'loading', confirmed: false }, { outcome: 'pending' })).toBe('loading');
    expect(guardState({ ...signedIn, confirmed: false }, { outcome: 'pending' })).toBe('checking');
    expect(guardState(signedIn, { outcome: 'signed_in', user })).toBe('authorized');
    expect(guardState(signedOut, { outcome: 'signed_out' })).toBe('unauthorized');
    expect(guardState(signedIn, { outcome: 'signed_in', user }, ['admin'])).toBe('unauthorized');
    expect(guardState({ status: 'banned', confirmed: true }, { outcome: 'banned' })).toBe('banned');
  });

  it('is in error when the check takes too long, and lets a signed-in user through offline', () => {
    expect(guardState(signedIn, { outcome: 'timeout' })).toBe('error');
    expect(guardState({ ...signedIn, confirmed: false }, { outcome: 'unreachable' })).toBe('authorized');
    expect(guardState({ ...signedIn, confirmed: false }, { outcome: 'skipped' })).toBe('authorized');
    expect(guardState(signedOut, { outcome: 'unreachable' })).toBe('unauthorized');
    expect(guardState({ status: 'error', confirmed: false }, { outcome: 'failed' })).toBe('error');
  });
});

describe('client context of auth events', () => {
  it('describes the device without anything personal', () => {
    const ua =
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
    expect(describeClient(ua, { width: 390, height: 844 }, { width: 412, height: 915 }, true, '4g')).toEqual({
      viewport: '390x844',
      screenSize: '412x915',
      device: { type: 'mobile', os: 'Android', browser: 'Chrome' },
      isOnline: true,
      connectionSpeed: '4g',
    });
  });
});

describe('forgetting the own documents at sign-out', () => {
  it('removes them without leaving deletions a later replication would push', async () => {
    const db = await createAppDatabase(getRxStorageMemory(), `forget-${Date.now()}`, {
      multiInstance: false,
    });
    try {
      await toggleFavourite(db, 'provider-1');
      await toggleFavourite(db, 'provider-2');
      expect(await db.mine.count().exec()).toBe(2);
      await forgetMine(db);
      expect(await db.mine.count().exec()).toBe(0);
      const changed = await getChangedDocumentsSince(db.mine.storageInstance, 100);
      expect(changed.documents).toEqual([]);
    } finally {
      await db.remove();
    }
  });

  it('are forgotten when the store opens after a sign-out made without it (the admin console opens none)', async () => {
    const db = await createAppDatabase(getRxStorageMemory(), `forget-later-${Date.now()}`, {
      multiInstance: false,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          url.endsWith('/logout')
            ? new Response(null, { status: 204 })
            : Response.json({ error: { code: 'unauthenticated' } }, { status: 401 }),
        ),
      ),
    );
    let stop: (() => void) | undefined;
    try {
      // The previous user's documents on this device, as their replication left them.
      await db.mine.upsertLocal('owner', { uid: 'user-1', epoch: 'epoch-1' });
      await toggleFavourite(db, 'provider-1', true);
      await signOut();
      expect(ownDocumentsToForget()).toBe(true);
      expect(await db.mine.count().exec()).toBe(1);

      stop = followSession(db, { origin: 'http://localhost' });
      await vi.waitFor(async () => expect(await db.mine.count().exec()).toBe(0));
      await vi.waitFor(() => expect(ownDocumentsToForget()).toBe(false));
    } finally {
      stop?.();
      await db.remove();
    }
  });
});
