/**
 * Password guessing is slowed without locking the owner out (security review, issue 11 items 4 and
 * 5), on the real app and store: failures count per (account, address) pair with growing delays, so a
 * stranger slows only themselves; past the account-wide cap the owner's known device still gets in
 * and a new device waits; a password reset lifts the lock; re-authentication shares the throttle;
 * `/methods` and registration do not tell which addresses have an account, and both are limited.
 *
 * The limits are the defaults except a smaller account-wide cap, and the limiters read a clock the
 * tests move forward, so nothing sleeps through a delay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIds, CSRF_HEADER, CSRF_VALUE } from '../../src/domain/account';
import { findAccountByEmail } from '../../server/services/accounts';
import { DEFAULT_RATE_LIMITS } from '../../server/services/rate-limit';
import { createSession, SESSION_COOKIE } from '../../server/services/sessions';
import { createPasswordAccount } from '../support/accounts';
import { startSmtpReceiver } from '../support/smtp-receiver';
import type { SmtpReceiver } from '../support/smtp-receiver';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

/** Failures across all addresses that close an account to devices it does not know. */
const ACCOUNT_CAP = 12;
const HOUR = 60 * 60 * 1000;
/** The tests that check a dozen passwords or more (scrypt, ~0.4 s each, more on a busy machine). */
const HASHING_TIMEOUT = 180_000;

let smtp: SmtpReceiver;
let server: TestServer;
let clockOffset = 0;
/** Moves the limiters' clock forward (the store and the sessions keep the real time). */
const advance = (seconds: number) => (clockOffset += seconds * 1000);

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({
    env: (url) => ({ SMTP_URL: smtp.url, MAIL_FROM: 'SOS Expat <no-reply@sos-expat.test>', PUBLIC_URL: url }),
    limits: {
      now: () => Date.now() + clockOffset,
      signIn: { ...DEFAULT_RATE_LIMITS.signIn, perAccount: { limit: ACCOUNT_CAP, windowMs: HOUR } },
    },
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

let addressCount = 0;
/** A fresh client address (the app trusts X-Forwarded-For from loopback). */
const newAddress = () => `10.9.${Math.floor(++addressCount / 250)}.${(addressCount % 250) + 1}`;

/** A browser: its cookies (session and known device) and the address it speaks from. */
class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(public address = newAddress()) {}

  get cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  cookieNames() {
    return [...this.cookies.keys()];
  }

  /** Keeps a cookie of another browser (copying it by hand, as a thief would). */
  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  cookie(name: string) {
    return this.cookies.get(name);
  }

  async post(route: string, body: unknown) {
    const response = await fetch(`${server.url}/api/auth${route}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': this.address,
        [CSRF_HEADER]: CSRF_VALUE,
        ...(this.cookies.size > 0 ? { cookie: this.cookieHeader } : {}),
      },
      body: JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const cleared = value === '' || attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (cleared) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const json = (await response.json().catch(() => ({}))) as {
      error?: { code: string; retryAfter?: number };
      methods?: string[];
    };
    return { status: response.status, json, headers: response.headers };
  }

  signIn(email: string, password: string) {
    return this.post('/login', { email, password, remember: true });
  }
}

/** Guesses from `browser` until it has failed `count` times, moving the clock through each delay it is given. */
async function guess(browser: Browser, email: string, count: number) {
  const waits: number[] = [];
  for (let failures = 0; failures < count;) {
    const answer = await browser.signIn(email, `guess-${failures}-x`);
    if (answer.status === 429) {
      expect(answer.json.error?.code).toBe('rate_limited');
      const wait = answer.json.error!.retryAfter!;
      expect(Number(answer.headers.get('retry-after'))).toBe(wait);
      waits.push(wait);
      advance(wait);
      continue;
    }
    expect(answer.status).toBe(401);
    failures++;
  }
  return waits;
}

describe('failed sign-ins, counted per account and address', () => {
  it(
    'slow the guessing address more and more, never the owner at another address',
    async () => {
      const victim = await createPasswordAccount(server.store, {
        email: 'victim.one@example.test',
        password: 'owner-secret-1',
      });
      const attacker = new Browser();
      const waits = await guess(attacker, victim.email, 10);
      // Three free failures, then a delay that doubles with each further failure up to 15 minutes.
      expect(waits).toHaveLength(7);
      for (let i = 1; i < 5; i++) expect(waits[i]).toBeGreaterThan(waits[i - 1]! * 1.5);
      expect(waits[0]).toBeGreaterThan(30);
      expect(Math.max(...waits)).toBeLessThanOrEqual(15 * 60);
      expect(waits[6]).toBeGreaterThan(14 * 60);

      // The attacker waits, even with the right password.
      const blocked = await attacker.signIn(victim.email, 'owner-secret-1');
      expect(blocked.status).toBe(429);
      expect(blocked.json.error?.retryAfter).toBeGreaterThan(0);

      // The owner, from their own address, is not slowed by the stranger's failures.
      const owner = new Browser();
      const signedIn = await owner.signIn(' Victim.One@example.test ', 'owner-secret-1');
      expect(signedIn.status).toBe(200);
      expect(owner.cookie(SESSION_COOKIE)).toBeDefined();
      // ... and the owner's success does not lift the stranger's delay.
      expect((await attacker.signIn(victim.email, 'owner-secret-1')).status).toBe(429);
    },
    HASHING_TIMEOUT,
  );

  it(
    'past the account-wide cap let the known device in, make a new device wait, until a password reset',
    async () => {
      const victim = await createPasswordAccount(server.store, {
        email: 'victim.two@example.test',
        password: 'owner-secret-2',
      });
      const knownDevice = new Browser();
      const first = await knownDevice.signIn(victim.email, 'owner-secret-2');
      expect(first.status).toBe(200);
      const deviceCookie = knownDevice.cookieNames().find((name) => name !== SESSION_COOKIE);
      expect(deviceCookie).toBeDefined();
      // Long-lived, out of the page's reach, sent only to the sign-in routes, naming no account.
      const line = first.headers.getSetCookie().find((l) => l.startsWith(`${deviceCookie}=`))!;
      expect(line).toMatch(/HttpOnly/i);
      expect(line).toMatch(/Path=\/api\/auth/);
      expect(line).toMatch(/SameSite=Strict/i);
      expect(line).toMatch(/Max-Age=31536000/);
      expect(line).not.toContain(victim.uid);

      // A distributed guess: three failures from each of four addresses, none slowed on its own yet.
      const attackers = [new Browser(), new Browser(), new Browser(), new Browser()];
      expect(attackers.length * 3).toBe(ACCOUNT_CAP);
      const waits = await Promise.all(attackers.map((attacker) => guess(attacker, victim.email, 3)));
      expect(waits.flat()).toEqual([]);

      // Every address is now refused for this account unless it is a device the account knows.
      const newDevice = new Browser();
      const refused = await newDevice.signIn(victim.email, 'owner-secret-2');
      expect(refused.status).toBe(429);
      expect(refused.json.error?.code).toBe('rate_limited');
      expect(refused.json.error?.retryAfter).toBeGreaterThan(30 * 60);
      expect(refused.headers.get('retry-after')).toBe(String(refused.json.error?.retryAfter));

      knownDevice.address = newAddress(); // the owner's laptop, on the hotel's network
      expect((await knownDevice.signIn(victim.email, 'owner-secret-2')).status).toBe(200);

      // The cookie is bound to its account: another account's known device, or a made-up value, is new.
      const someoneElse = await createPasswordAccount(server.store, {
        email: 'someone.else@example.test',
        password: 'other-secret',
      });
      const shared = new Browser();
      expect((await shared.signIn(someoneElse.email, 'other-secret')).status).toBe(200);
      expect((await shared.signIn(victim.email, 'owner-secret-2')).status).toBe(429);
      const forger = new Browser();
      forger.setCookie(deviceCookie!, 'x'.repeat(40));
      expect((await forger.signIn(victim.email, 'owner-secret-2')).status).toBe(429);

      // A password reset through the mail link lifts the account's throttle at once.
      expect((await newDevice.post('/password-reset/request', { email: victim.email })).status).toBe(202);
      const mail = await smtp.waitFor((m) => m.to.includes(victim.email));
      const token = new RegExp(`${server.url}/password-reset\\?token=([A-Za-z0-9_-]+)`).exec(mail.text)?.[1];
      expect(token).toBeDefined();
      const reset = await newDevice.post('/password-reset/confirm', { token, password: 'new-owner-secret' });
      expect(reset.status).toBe(200);
      expect((await newDevice.signIn(victim.email, 'new-owner-secret')).status).toBe(200);
      // The guessers start again from nothing: their next guess is answered, not delayed (their fourth
      // failure in a row would otherwise wait).
      expect((await attackers[0]!.signIn(victim.email, 'old-guess-x')).status).toBe(401);
    },
    HASHING_TIMEOUT,
  );

  it('count re-authentication failures in the same throttle as sign-in', async () => {
    const user = await createPasswordAccount(server.store, {
      email: 'reauth.user@example.test',
      password: 'owner-secret-3',
    });
    const browser = new Browser();
    expect((await browser.signIn(user.email, 'owner-secret-3')).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const wrong = await browser.post('/password', { password: `wrong-${i}-x`, newPassword: 'whatever-1' });
      expect(wrong.status).toBe(403);
    }
    const change = await browser.post('/password', { password: 'owner-secret-3', newPassword: 'whatever-1' });
    expect(change.status).toBe(429);
    expect(change.json.error).toMatchObject({ code: 'rate_limited', retryAfter: expect.any(Number) });
    expect((await browser.signIn(user.email, 'owner-secret-3')).status).toBe(429);
    // The same session from another address is not slowed.
    browser.address = newAddress();
    expect((await browser.post('/email', { password: 'owner-secret-3', newEmail: user.email })).status).toBe(
      200,
    );
  });
});

describe('which addresses have an account', () => {
  it('/methods answers the same for known and unknown addresses unless the caller is signed in as it', async () => {
    const known = await createPasswordAccount(server.store, { email: 'known.methods@example.test' });
    const google = 'google.methods@example.test';
    await server.store
      .db('accounts')
      .insert({ _id: accountIds.email(google), type: 'email_key', uid: 'g-methods' });
    await server.store.db('accounts').insert({
      _id: accountIds.account('g-methods'),
      type: 'account',
      uid: 'g-methods',
      email: google,
      emailLower: google,
      role: 'client',
      provider: 'google',
      isActive: true,
      isBanned: false,
      createdAt: new Date().toISOString(),
    });

    const answers = [];
    for (const email of [known.email, google, 'nobody.here@example.test', 'GOOGLE.methods@example.test']) {
      const answer = await new Browser().post('/methods', { email });
      answers.push({ status: answer.status, body: answer.json });
    }
    expect(answers[0]!.status).toBe(200);
    for (const answer of answers) expect(answer).toEqual(answers[0]);

    // Signed in as the address: the account's own methods.
    const googleSession = await createSession(server.store, 'g-methods', { remember: false });
    const owner = new Browser();
    owner.setCookie(SESSION_COOKIE, googleSession.token);
    expect((await owner.post('/methods', { email: google })).json).toEqual({ methods: ['google'] });
    expect((await owner.post('/methods', { email: known.email })).json).toEqual(answers[0]!.body);

    // Ten lookups per address, then 429 with the delay.
    const prober = new Browser();
    for (let i = 0; i < DEFAULT_RATE_LIMITS.methodsLookups.limit; i++) {
      expect((await prober.post('/methods', { email: `probe-${i}@example.test` })).status).toBe(200);
    }
    const limited = await prober.post('/methods', { email: known.email });
    expect(limited.status).toBe(429);
    expect(limited.json.error).toMatchObject({ code: 'rate_limited', retryAfter: expect.any(Number) });
  });

  it('registration keeps its "address already used" answers, a few per address, then answers 429 and creates nothing', async () => {
    const taken = await createPasswordAccount(server.store, { email: 'taken.address@example.test' });
    const client = (email: string) => ({
      role: 'client',
      language: 'fr',
      firstName: 'Léa',
      email,
      password: 'secret-client-1',
      languages: ['fr'],
      phone: '06 12 34 56 78',
      phoneCountry: 'FR',
      acceptedTerms: true,
    });
    const prober = new Browser();
    for (let i = 0; i < DEFAULT_RATE_LIMITS.emailTakenAnswers.limit; i++) {
      const answer = await prober.post('/register', client(taken.email));
      expect(answer.status).toBe(409);
      expect(answer.json.error?.code).toBe('email_in_use_password');
    }
    const limited = await prober.post('/register', client(taken.email));
    expect(limited.status).toBe(429);
    expect(limited.json.error).toMatchObject({ code: 'rate_limited', retryAfter: expect.any(Number) });
    // A free address from the same place waits too, so the 429 says nothing about the address.
    const free = await prober.post('/register', client('free.address@example.test'));
    expect(free.status).toBe(429);
    expect(await findAccountByEmail(server.store, 'free.address@example.test')).toBeUndefined();
    // Someone else still gets the spec's message.
    expect((await new Browser().post('/register', client(taken.email))).json.error?.code).toBe(
      'email_in_use_password',
    );
  });
});
