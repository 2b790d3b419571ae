/**
 * Google sign-in on the real app against a real OpenID provider (oidc-provider, with its
 * development login and consent pages), driven like a browser: redirects followed by hand, cookies
 * kept per origin, forms posted. A new address becomes a signed-in client; a lawyer's address is
 * refused with `google_clients_only` and leaves without a session.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDbName } from '../../src/domain/user-db';
import { findAccountByEmail } from '../../server/services/accounts';
import { SESSION_COOKIE, readSession } from '../../server/services/sessions';
import { createPasswordAccount } from '../support/accounts';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

const CLIENT_ID = 'sos-expat-test';
const CLIENT_SECRET = 'a-test-client-secret-that-is-long-enough';

let idp: Server;
let issuer: string;
let app: TestServer;
let plain: TestServer;

beforeAll(async () => {
  idp = createServer();
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  app = await startTestServer({
    env: (url) => ({
      PUBLIC_URL: url,
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_ISSUER: issuer,
    }),
  });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${app.url}/api/auth/google/callback`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    // The login form's "login" field is the account id; here it is the e-mail address itself.
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({
        sub,
        email: sub,
        email_verified: !sub.startsWith('unverified'),
        given_name: 'Ana',
        family_name: 'Lopez',
        name: 'Ana Lopez',
      }),
    }),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // Like Google: the ID token itself carries the scopes' claims.
    conformIdTokenClaims: false,
    cookies: { keys: ['oidc-provider-test-cookie-key'] },
    ttl: {
      Interaction: 600,
      Session: 600,
      Grant: 600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
  });
  idp.on('request', provider.callback());
  plain = await startTestServer();
});
afterAll(async () => {
  await app?.close();
  await plain?.close();
  idp?.closeAllConnections();
  await new Promise((resolve) => idp?.close(resolve));
});

/** Enough of a browser: cookies per origin, redirects followed until the app shows a page. */
class Browser {
  private readonly jars = new Map<string, Map<string, string>>();

  cookie(origin: string, name: string): string | undefined {
    return this.jar(origin).get(name);
  }

  setCookie(origin: string, name: string, value: string) {
    this.jar(origin).set(name, value);
  }

  private jar(origin: string): Map<string, string> {
    let jar = this.jars.get(origin);
    if (!jar) this.jars.set(origin, (jar = new Map()));
    return jar;
  }

  async request(url: string, form?: URLSearchParams): Promise<Response> {
    const target = new URL(url);
    const jar = this.jar(target.origin);
    const response = await fetch(target, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }

  /**
   * Follows redirects from `url`; stops at a page of the identity provider (to fill its form), or
   * when the app sends the browser to one of its own screens (`landed`: that path).
   */
  async navigate(
    url: string,
    form?: URLSearchParams,
  ): Promise<{ page?: { url: string; html: string }; landed?: string }> {
    let current = url;
    let response = await this.request(current, form);
    while ([301, 302, 303, 307, 308].includes(response.status)) {
      const next = new URL(response.headers.get('location')!, current);
      if (next.origin === app.url && !next.pathname.startsWith('/api/')) {
        return { landed: next.pathname + next.search };
      }
      current = next.href;
      response = await this.request(current);
    }
    expect(response.status).toBe(200);
    return { page: { url: current, html: await response.text() } };
  }
}

/** Signs in with the provider's development pages as `email`; answers where the app lands. */
async function signInWithGoogle(
  browser: Browser,
  email: string,
  redirect = '/dashboard',
  referralCode?: string,
): Promise<string> {
  const ref = referralCode ? `&ref=${encodeURIComponent(referralCode)}` : '';
  let step = await browser.navigate(
    `${app.url}/api/auth/google/start?redirect=${encodeURIComponent(redirect)}${ref}`,
  );
  for (let pages = 0; step.page && pages < 4; pages++) {
    const { url, html } = step.page;
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    expect(action, `a form on ${url}`).toBeDefined();
    const form = new URLSearchParams({ prompt: prompt ?? 'login' });
    if (prompt === 'login') {
      form.set('login', email);
      form.set('password', 'any');
    }
    step = await browser.navigate(new URL(action!, url).href, form);
  }
  expect(step.landed).toBeDefined();
  return step.landed!;
}

describe('Google sign-in', () => {
  it('tells the browser whether Google sign-in is configured', async () => {
    const on = await fetch(`${app.url}/api/auth/providers`);
    expect(await on.json()).toEqual({ google: { enabled: true } });
    const off = await fetch(`${plain.url}/api/auth/providers`);
    expect(await off.json()).toEqual({ google: { enabled: false } });

    const start = await fetch(`${plain.url}/api/auth/google/start?redirect=/tarifs`, { redirect: 'manual' });
    expect(start.status).toBe(303);
    expect(start.headers.get('location')).toBe('/login?redirect=/tarifs&error=google_unavailable');
  });

  it('makes a new address a signed-in client and returns to the requested page', async () => {
    const browser = new Browser();
    const landed = await signInWithGoogle(browser, 'Ana.Lopez@Example.test', '/booking-request/lawyer-1');
    expect(landed).toBe('/booking-request/lawyer-1');

    const token = browser.cookie(app.url, SESSION_COOKIE);
    expect(token).toBeDefined();
    const session = await readSession(app.store, decodeURIComponent(token!));
    expect(session.kind).toBe('signed_in');

    const account = await findAccountByEmail(app.store, 'ana.lopez@example.test');
    expect(account).toMatchObject({
      role: 'client',
      provider: 'google',
      isApproved: true,
      isActive: true,
      isBanned: false,
      isVerifiedEmail: true,
      preferredLanguage: 'fr',
      firstName: 'Ana',
      lastName: 'Lopez',
    });
    expect(account!.passwordHash).toBeUndefined();
    if (session.kind === 'signed_in') expect(session.account.uid).toBe(account!.uid);
    const profile = await app.store.db(userDbName(account!.uid)).get('profile');
    expect(profile).toMatchObject({ type: 'profile', role: 'client', email: 'ana.lopez@example.test' });

    // Signing in again finds the same account.
    const again = new Browser();
    expect(await signInWithGoogle(again, 'ana.lopez@example.test')).toBe('/dashboard');
    const second = await readSession(app.store, decodeURIComponent(again.cookie(app.url, SESSION_COOKIE)!));
    expect(second.kind === 'signed_in' && second.account.uid).toBe(account!.uid);

    const events = await app.store
      .db('logs')
      .view('logs', 'by_type_and_time', { startkey: ['google_login'], endkey: ['google_login', {}] });
    expect(events.rows.length).toBe(2);
  });

  it('refers a new client to the affiliate whose link the browser kept, and only a new one', async () => {
    const at = new Date().toISOString();
    await app.store.db('affiliates').insert({
      _id: 'affiliate:GOOGLE-PARTNER',
      type: 'affiliate',
      id: 'GOOGLE-PARTNER',
      code: 'GOOGLE-PARTNER',
      name: 'Google Partner',
      email: 'partner@partners.example',
      rate: 0.2,
      active: true,
      createdAt: at,
      updatedAt: at,
    });
    await signInWithGoogle(new Browser(), 'referred.by.google@example.test', '/dashboard', 'google-partner');
    const referred = await findAccountByEmail(app.store, 'referred.by.google@example.test');
    expect(await app.store.db('affiliates').get(`referral:${referred!.uid}`)).toMatchObject({
      affiliateId: 'GOOGLE-PARTNER',
    });
    // An existing client signing in through a link is not referred by it.
    await signInWithGoogle(new Browser(), 'ana.lopez@example.test', '/dashboard', 'GOOGLE-PARTNER');
    const existing = await findAccountByEmail(app.store, 'ana.lopez@example.test');
    await expect(app.store.db('affiliates').get(`referral:${existing!.uid}`)).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('refuses a lawyer’s address with google_clients_only and signs the browser out', async () => {
    const lawyer = await createPasswordAccount(app.store, {
      email: 'maitre.dupont@example.test',
      role: 'lawyer',
    });
    const browser = new Browser();
    // The lawyer was signed in on this browser with a password.
    browser.setCookie(app.url, SESSION_COOKIE, lawyer.token);

    const landed = await signInWithGoogle(browser, 'maitre.dupont@example.test', '/dashboard');
    expect(landed).toBe('/login?error=google_clients_only');
    expect(browser.cookie(app.url, SESSION_COOKIE)).toBeUndefined();
    expect((await readSession(app.store, lawyer.token)).kind).toBe('none');
    const account = await findAccountByEmail(app.store, 'maitre.dupont@example.test');
    expect(account).toMatchObject({ uid: lawyer.uid, role: 'lawyer', provider: 'password' });
  });

  it('signs in an existing password client only when the provider vouches for the address', async () => {
    const client = await createPasswordAccount(app.store, { email: 'unverified.client@example.test' });
    const refused = await signInWithGoogle(new Browser(), 'unverified.client@example.test');
    expect(refused).toBe('/login?error=google_email_unverified');

    const verified = await createPasswordAccount(app.store, { email: 'known.client@example.test' });
    const browser = new Browser();
    expect(await signInWithGoogle(browser, 'known.client@example.test', '/tarifs')).toBe('/tarifs');
    const session = await readSession(
      app.store,
      decodeURIComponent(browser.cookie(app.url, SESSION_COOKIE)!),
    );
    expect(session.kind === 'signed_in' && session.account.uid).toBe(verified.uid);
    expect(client.uid).not.toBe(verified.uid);

    // A new address the provider does not vouch for still becomes a client, not verified.
    expect(await signInWithGoogle(new Browser(), 'unverified.newcomer@example.test')).toBe('/dashboard');
    expect(await findAccountByEmail(app.store, 'unverified.newcomer@example.test')).toMatchObject({
      role: 'client',
      isVerifiedEmail: false,
    });
  });

  it('refuses a callback without its state cookie, and a redirect to another site', async () => {
    const forged = await fetch(`${app.url}/api/auth/google/callback?code=abc&state=made-up`, {
      redirect: 'manual',
    });
    expect(forged.status).toBe(303);
    expect(forged.headers.get('location')).toBe('/login?error=google_unavailable');

    const browser = new Browser();
    const start = await browser.request(`${app.url}/api/auth/google/start?redirect=//evil.example/steal`);
    expect(start.status).toBe(303);
    expect(new URL(start.headers.get('location')!).origin).toBe(issuer);
    expect(await signInWithGoogle(browser, 'safe.redirect@example.test', 'https://evil.example/')).toBe(
      '/dashboard',
    );
  });
});
