/**
 * `/api/auth` on the real app and store: every validation rule answers its code, registration
 * leaves nothing half-made, sign-in never says which part was wrong, rate limits answer 429 with a
 * delay, a ban or a sign-out takes effect on the next request, e-mail, password and profile changes
 * follow their rules, and account deletion leaves nothing behind.
 *
 * Each test speaks from its own address (X-Forwarded-For, trusted from loopback) so that the
 * per-address limits of one test do not spill into the next. Hashing costs ~0.4 s, so only a few
 * accounts are registered.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountIds } from '../../src/domain/account';
import type { Account } from '../../src/domain/account';
import { PROFILE_ID } from '../../src/domain/mine';
import { providerListOrder } from '../../src/domain/provider';
import { userDbName } from '../../src/domain/user-db';
import { hashPassword } from '../../server/services/passwords';
import { registrationSteps } from '../../server/services/registration';
import { createSession, SESSION_COOKIE } from '../../server/services/sessions';
import { getOrUndefined } from '../../server/store/store';
import type { Store } from '../../server/store/store';
import { banUser, BROWSER_HEADERS, mintUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';
import { presentIds } from '../support/listing';

let server: TestServer;
let store: Store;

beforeAll(async () => {
  server = await startTestServer();
  store = server.store;
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

let addressCount = 0;
/** A fresh client address for each caller. */
const newAddress = () => `10.0.${Math.floor(++addressCount / 250)}.${(addressCount % 250) + 1}`;

type Call = {
  method?: string;
  body?: unknown;
  cookie?: string;
  address?: string;
  csrf?: boolean;
  headers?: Record<string, string>;
};
type Answer = {
  status: number;
  json: Record<string, unknown> & {
    error?: { code: string; fields?: Record<string, string>; retryAfter?: number };
  };
  headers: Headers;
  cookie?: string;
  setCookie: string;
};

async function call(path: string, options: Call = {}): Promise<Answer> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, cookie, csrf = true } = options;
  const raw = Buffer.isBuffer(body);
  const response = await fetch(server.url + path, {
    method,
    headers: {
      'x-forwarded-for': options.address ?? newAddress(),
      ...(csrf ? BROWSER_HEADERS : {}),
      ...(body === undefined || raw ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
      ...options.headers,
    },
    body: body === undefined ? undefined : raw ? new Uint8Array(body as Buffer) : JSON.stringify(body),
  });
  const text = await response.text();
  let json: Answer['json'] = {};
  try {
    json = JSON.parse(text) as Answer['json'];
  } catch {
    // an empty 204 or bytes
  }
  // The session cookie's line (sign-in also sets the known-device cookie, which has its own tests).
  const setCookie =
    response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? '';
  const sid = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(setCookie)?.[1];
  return {
    status: response.status,
    json,
    headers: response.headers,
    setCookie,
    cookie: sid ? `${SESSION_COOKIE}=${sid}` : undefined,
  };
}

const auth = (route: string, options: Call = {}) => call(`/api/auth${route}`, options);

/** A tiny JPEG (the service checks the first bytes, not the whole image). */
const jpeg = (seed = 1) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, seed)]);
const png = () =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)]);

async function upload(kind: 'profile' | 'id_document', bytes: Buffer = jpeg(), cookie?: string) {
  const answer = await call(`/api/auth/photo?kind=${kind}`, {
    method: 'POST',
    body: bytes,
    cookie,
    headers: { 'content-type': 'image/jpeg' },
  });
  expect(answer.status).toBe(201);
  return answer.json as { photoId: string; url?: string };
}

const BIO = 'Avocate en droit des étrangers depuis douze ans, entre Bangkok et Paris, pour les expatriés.';
const identity = {
  dateOfBirth: '1985-04-12',
  address: '12 rue des Lilas, 75011 Paris',
  idNumber: 'ABCDE1234F',
  idDocument: 'b'.repeat(32),
  bankAccountNumber: '1234 5678 9012',
  ifsc: 'sbin0001234',
};
const client = (email: string) => ({
  role: 'client',
  language: 'en',
  firstName: 'Léa',
  email,
  password: 'secret-client-1',
  languages: ['fr', 'en'],
  phone: '06 12 34 56 78',
  phoneCountry: 'FR',
  acceptedTerms: true,
});
const lawyer = (email: string, photo = 'a'.repeat(32), idDocument = 'b'.repeat(32)) => ({
  role: 'lawyer',
  language: 'fr',
  firstName: 'Marie',
  lastName: 'Lefèvre',
  email,
  password: 'secret-lawyer-1',
  phone: '+33 6 12 34 56 78',
  whatsapp: '06 12 34 56 79',
  phoneCountry: 'FR',
  residenceCountry: 'FR',
  presenceCountry: 'TH',
  practiceCountries: ['FR', 'TH'],
  yearsOfExperience: 12,
  graduationYear: 2010,
  specialties: ['immigration'],
  education: [{ title: 'Master 2 droit international', institution: 'Paris 1', year: 2010 }],
  languages: ['fr', 'en'],
  bio: BIO,
  profilePhoto: photo,
  acceptedTerms: true,
  ...identity,
  idDocument,
});
const expat = (email: string) => ({
  role: 'expat',
  firstName: 'Paul',
  lastName: 'Martin',
  email,
  password: 'secret-expat-1',
  phone: '+66 81 234 5678',
  residenceCountry: 'TH',
  presenceCountry: 'TH',
  interventionCountry: 'TH',
  yearsAsExpat: 5,
  bio: BIO,
  profilePhoto: 'a'.repeat(32),
  languages: ['fr', 'th'],
  helpTypes: ['housing_search'],
  acceptedTerms: true,
  ...identity,
});

async function accountByEmail(email: string): Promise<(Account & { _id: string; _rev: string }) | undefined> {
  const key = await getOrUndefined(store.db<{ uid: string }>('accounts'), accountIds.email(email));
  return key ? getOrUndefined(store.db<Account>('accounts'), accountIds.account(key.uid)) : undefined;
}

async function sessionsOf(uid: string): Promise<number> {
  const { rows } = await store.db('accounts').view('sessions', 'by_uid', { key: uid });
  return rows.length;
}

async function databases(): Promise<string[]> {
  return store.server.db.list();
}

/** A client account with a password, written directly (one hash instead of a registration). */
async function passwordAccount(uid: string, email: string, password: string) {
  const now = new Date().toISOString();
  await store.db('accounts').insert({ _id: accountIds.email(email), type: 'email_key', uid });
  const account: Account & { _id: string } = {
    _id: accountIds.account(uid),
    type: 'account',
    uid,
    email,
    emailLower: email,
    role: 'client',
    passwordHash: await hashPassword(password),
    provider: 'password',
    displayName: 'Test',
    firstName: 'Test',
    preferredLanguage: 'fr',
    isActive: true,
    isApproved: true,
    isBanned: false,
    isVerifiedEmail: true,
    createdAt: now,
    updatedAt: now,
  };
  await store.db('accounts').insert(account);
  return account;
}

describe('CSRF protection', () => {
  it('refuses a state-changing request without the header, on /api and on /db', async () => {
    const login = await auth('/login', { body: { email: 'a@b.fr', password: 'secret1' }, csrf: false });
    expect(login.status).toBe(403);
    expect(login.json.error?.code).toBe('csrf');

    const user = await mintUser(store, 'csrf-user');
    const push = await call(`/db/${user.db}/_bulk_docs`, {
      body: { docs: [] },
      cookie: user.cookie,
      csrf: false,
    });
    expect(push.status).toBe(403);
    // The gateway answers in CouchDB's words: `{ error, reason }`.
    expect(push.json).toMatchObject({ error: 'csrf', reason: expect.any(String) });
    const withHeader = await call(`/db/${user.db}/_bulk_docs`, { body: { docs: [] }, cookie: user.cookie });
    expect(withHeader.status).toBe(201);

    // Reads need no header.
    expect((await call('/api/auth/me', { cookie: user.cookie, csrf: false })).status).toBe(200);
  });
});

describe('registration rules', () => {
  it('refuses a missing, unknown or admin role', async () => {
    for (const role of [undefined, 'pirate', 'admin']) {
      const answer = await auth('/register', { body: { ...client('role@example.com'), role } });
      expect(answer.status).toBe(400);
      expect(answer.json.error?.code).toBe('role_invalid');
    }
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    // client
    ['client', { firstName: '' }, 'firstName', 'required'],
    ['client', { firstName: 'L' }, 'firstName', 'first_name_too_short'],
    ['client', { email: '' }, 'email', 'email_required'],
    ['client', { email: 'lea@example' }, 'email', 'email_invalid'],
    ['client', { email: 'le a@example.com' }, 'email', 'email_invalid'],
    ['client', { password: '' }, 'password', 'password_required'],
    ['client', { password: '12345' }, 'password', 'password_too_short'],
    ['client', { languages: [] }, 'languages', 'languages_required'],
    ['client', { languages: ['klingon'] }, 'languages', 'language_invalid'],
    ['client', { acceptedTerms: false }, 'acceptedTerms', 'terms_required'],
    ['client', { phone: '12' }, 'phone', 'phone_invalid'],
    // expat
    ['expat', { lastName: '' }, 'lastName', 'required'],
    ['expat', { phone: '' }, 'phone', 'required'],
    ['expat', { phone: '+66 1' }, 'phone', 'phone_invalid'],
    ['expat', { residenceCountry: '' }, 'residenceCountry', 'required'],
    ['expat', { presenceCountry: 'ZZ' }, 'presenceCountry', 'country_invalid'],
    ['expat', { interventionCountry: '' }, 'interventionCountry', 'required'],
    ['expat', { helpTypes: [] }, 'helpTypes', 'help_types_required'],
    ['expat', { bio: 'Trop court.' }, 'bio', 'bio_too_short'],
    ['expat', { profilePhoto: '' }, 'profilePhoto', 'photo_required'],
    ['expat', { yearsAsExpat: 0 }, 'yearsAsExpat', 'years_abroad_min'],
    ['expat', { dateOfBirth: '1985-02-30' }, 'dateOfBirth', 'date_invalid'],
    ['expat', { address: '' }, 'address', 'required'],
    ['expat', { idNumber: '' }, 'idNumber', 'required'],
    ['expat', { idDocument: '' }, 'idDocument', 'required'],
    ['expat', { bankAccountNumber: '' }, 'bankAccountNumber', 'required'],
    ['expat', { ifsc: 'SBIN1001234' }, 'ifsc', 'ifsc_invalid'],
    ['expat', { acceptedTerms: undefined }, 'acceptedTerms', 'terms_required'],
    // lawyer
    ['lawyer', { whatsapp: '' }, 'whatsapp', 'required'],
    ['lawyer', { practiceCountries: [] }, 'practiceCountries', 'practice_countries_required'],
    ['lawyer', { specialties: [] }, 'specialties', 'specialties_required'],
    ['lawyer', { education: [] }, 'education', 'education_required'],
    ['lawyer', { languages: [] }, 'languages', 'languages_required'],
    ['lawyer', { bio: 'x'.repeat(49) }, 'bio', 'bio_too_short'],
    ['lawyer', { profilePhoto: undefined }, 'profilePhoto', 'photo_required'],
    ['lawyer', { dateOfBirth: '' }, 'dateOfBirth', 'required'],
    ['lawyer', { ifsc: '' }, 'ifsc', 'required'],
  ];
  it.each(cases)('%s %o → 400 validation, %s: %s', async (role, change, field, code) => {
    const base =
      role === 'client'
        ? client('rule@example.com')
        : role === 'lawyer'
          ? lawyer('rule@example.com')
          : expat('rule@example.com');
    const answer = await auth('/register', { body: { ...base, ...change } });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({ code: 'validation', fields: { [field]: code } });
    expect(Object.keys(answer.json.error?.fields ?? {})).toEqual([field]);
  });

  it('refuses photo ids that were never uploaded', async () => {
    const answer = await auth('/register', { body: lawyer('ghost@example.com') });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({
      code: 'validation',
      fields: { profilePhoto: 'photo_invalid', idDocument: 'photo_invalid' },
    });
    expect(await accountByEmail('ghost@example.com')).toBeUndefined();
  });
});

describe('a client', () => {
  const email = 'lea.client@example.com';
  let cookie: string;
  let uid: string;

  it('registers: signed in, approved, with a user database, a profile, a log entry and a verification link', async () => {
    const longAgent = 'Mozilla/5.0 '.repeat(20);
    const answer = await auth('/register', {
      body: { ...client(`  Lea.Client@Example.COM\u200B `), remember: false },
      headers: {
        'user-agent': longAgent,
        'x-client-context': JSON.stringify({
          viewport: '390x844',
          screenSize: '390x844',
          device: { type: 'mobile', os: 'iOS', browser: 'Safari' },
          isOnline: true,
          connectionSpeed: '4g',
          password: 'never-logged',
        }),
      },
    });
    expect(answer.status).toBe(201);
    const user = answer.json.user as Record<string, unknown>;
    expect(user).toMatchObject({
      role: 'client',
      email,
      displayName: 'Léa',
      preferredLanguage: 'en',
      isApproved: true,
      isVerifiedEmail: false,
      provider: 'password',
    });
    uid = user.uid as string;
    expect(user.db).toBe(userDbName(uid));
    expect(user).not.toHaveProperty('passwordHash');
    // A browser-session cookie: HttpOnly, SameSite=Lax, no Max-Age, not Secure over plain http.
    expect(answer.setCookie).toMatch(/HttpOnly/i);
    expect(answer.setCookie).toMatch(/SameSite=Lax/i);
    expect(answer.setCookie).not.toMatch(/Max-Age|Expires/i);
    expect(answer.setCookie).not.toMatch(/Secure/i);
    cookie = answer.cookie!;

    const me = await auth('/me', { cookie });
    expect(me.status).toBe(200);
    expect(me.json.user).toMatchObject({ uid, email });

    const account = (await accountByEmail(email))!;
    expect(account).toMatchObject({ uid, role: 'client', isApproved: true, isActive: true, isBanned: false });
    // The suite's cost (PASSWORD_HASH_COST); the service's default, 2^17, in tests/unit/passwords.test.ts.
    expect(account.passwordHash).toMatch(
      new RegExp(`^scrypt\\$${2 ** Number(process.env.PASSWORD_HASH_COST)}\\$8\\$1\\$`),
    );
    expect(JSON.stringify(account)).not.toContain('secret-client-1');

    const security = await store.server.request({ db: userDbName(uid), path: '_security' });
    expect(security).toMatchObject({ members: { names: [uid] } });
    const profile = await store.db(userDbName(uid)).get(PROFILE_ID);
    expect(profile).toMatchObject({
      type: 'profile',
      uid,
      role: 'client',
      email,
      firstName: 'Léa',
      phone: '+33612345678',
      phoneCountryCode: '+33',
      phoneNumber: '612345678',
      languages: ['fr', 'en'],
      isApproved: true,
    });

    const logs = await store.db('logs').list({ include_docs: true });
    const registered = logs.rows
      .map((row) => row.doc as Record<string, unknown>)
      .find((doc) => doc.type === 'register' && (doc.data as { uid?: string })?.uid === uid)!;
    expect(registered).toMatchObject({
      category: 'authentication',
      viewport: '390x844',
      device: { type: 'mobile', os: 'iOS', browser: 'Safari' },
      connectionSpeed: '4g',
      isOnline: true,
    });
    expect(registered.userAgent).toHaveLength(120);
    expect(registered.timestamp).toEqual(expect.any(String));
    expect(JSON.stringify(logs)).not.toContain('never-logged');
    expect(JSON.stringify(logs)).not.toContain('secret-client-1');

    const tokens = await store.db('accounts').view('tokens', 'by_uid', { key: [uid, 'verify_email'] });
    expect(tokens.rows).toHaveLength(1);
  });

  it('cannot register the same address again, whatever its spelling; the code tells how the address signs in', async () => {
    const again = await auth('/register', { body: client(' LEA.client@example.com ') });
    expect(again.status).toBe(409);
    expect(again.json.error?.code).toBe('email_in_use_password');

    const now = new Date().toISOString();
    for (const [provider, code] of [
      ['google', 'email_in_use_google'],
      ['facebook', 'email_in_use_provider'],
    ] as const) {
      const other = `${provider}-user@example.com`;
      await store
        .db('accounts')
        .insert({ _id: accountIds.email(other), type: 'email_key', uid: `${provider}-uid` });
      await store.db('accounts').insert({
        _id: accountIds.account(`${provider}-uid`),
        type: 'account',
        uid: `${provider}-uid`,
        email: other,
        emailLower: other,
        role: 'client',
        provider,
        createdAt: now,
      });
      const answer = await auth('/register', { body: client(other) });
      expect(answer.status).toBe(409);
      expect(answer.json.error?.code).toBe(code);
    }
    // `/methods` tells a stranger nothing: the same answer for every address (sign-in-throttle tests).
    const methods = await auth('/methods', { body: { email: 'GOOGLE-user@example.com' } });
    expect(methods.json).toEqual({ methods: ['password'] });
    expect((await auth('/methods', { body: { email } })).json).toEqual(methods.json);
    expect((await auth('/methods', { body: { email: 'nobody@example.com' } })).json).toEqual(methods.json);
    expect((await auth('/methods', { body: { email: 'nobody' } })).json.error).toMatchObject({
      code: 'validation',
      fields: { email: 'email_invalid' },
    });
  });

  it('signs in; a wrong password and an unknown address get the same answer', async () => {
    const wrong = await auth('/login', { body: { email, password: 'wrong-password' } });
    const unknown = await auth('/login', {
      body: { email: 'nobody@example.com', password: 'secret-client-1' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json.error?.code).toBe('invalid_credentials');

    const both = await auth('/login', { body: { email: ' ', password: '' } });
    expect(both.status).toBe(400);
    expect(both.json.error?.code).toBe('email_password_required');
    for (const [body, field, code] of [
      [{ email: '', password: 'secret1' }, 'email', 'email_required'],
      [{ email: 'lea@', password: 'secret1' }, 'email', 'email_invalid'],
      [{ email, password: '' }, 'password', 'password_required'],
      [{ email, password: '12345' }, 'password', 'password_too_short'],
    ] as const) {
      const answer = await auth('/login', { body });
      expect(answer.status).toBe(400);
      expect(answer.json.error).toMatchObject({ code: 'validation', fields: { [field]: code } });
    }

    // "Remember me" over https (behind the trusted proxy): a 30-day, Secure cookie.
    const login = await auth('/login', {
      body: { email: 'Lea.Client@example.com', password: 'secret-client-1', remember: true },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(login.status).toBe(200);
    expect(login.json.user).toMatchObject({ uid, email });
    expect(login.setCookie).toMatch(/Max-Age=2592000/);
    expect(login.setCookie).toMatch(/Secure/);
    expect(login.setCookie).toMatch(/HttpOnly/i);
    expect((await auth('/me', { cookie: login.cookie })).status).toBe(200);
    expect((await accountByEmail(email))!.lastLoginAt).toEqual(expect.any(String));

    const logs = await store.db('logs').list({ include_docs: true });
    const types = logs.rows.map((row) => (row.doc as unknown as { type: string }).type);
    expect(types).toEqual(expect.arrayContaining(['login', 'login_failed']));
    expect(JSON.stringify(logs)).not.toContain('wrong-password');
  });

  it('changes the e-mail only with the current password, to a valid and unused address', async () => {
    const wrong = await auth('/email', {
      body: { password: 'nope-nope', newEmail: 'lea2@example.com' },
      cookie,
    });
    expect(wrong.status).toBe(403);
    expect(wrong.json.error?.code).toBe('invalid_credentials');
    const invalid = await auth('/email', {
      body: { password: 'secret-client-1', newEmail: 'lea2@' },
      cookie,
    });
    expect(invalid.json.error).toMatchObject({ code: 'validation', fields: { newEmail: 'email_invalid' } });
    const taken = await auth('/email', {
      body: { password: 'secret-client-1', newEmail: 'google-user@example.com' },
      cookie,
    });
    expect(taken.status).toBe(409);
    expect(taken.json.error?.code).toBe('email_taken');
    const anonymous = await auth('/email', {
      body: { password: 'secret-client-1', newEmail: 'x@example.com' },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error?.code).toBe('not_signed_in');

    const changed = await auth('/email', {
      body: { password: 'secret-client-1', newEmail: 'Lea.New@example.com' },
      cookie,
    });
    expect(changed.status).toBe(200);
    expect(changed.json.user).toMatchObject({ email: 'lea.new@example.com', isVerifiedEmail: false });
    expect(await getOrUndefined(store.db('accounts'), accountIds.email(email))).toBeUndefined();
    expect(await getOrUndefined(store.db('accounts'), accountIds.email('lea.new@example.com'))).toMatchObject(
      {
        uid,
      },
    );
    expect(await store.db(userDbName(uid)).get(PROFILE_ID)).toMatchObject({ email: 'lea.new@example.com' });
  });

  it('changes the password only with the current one; other devices are signed out', async () => {
    const other = await createSession(store, uid, { remember: true });
    const otherCookie = `${SESSION_COOKIE}=${other.token}`;
    expect((await auth('/me', { cookie: otherCookie })).status).toBe(200);

    const wrong = await auth('/password', {
      body: { password: 'nope-nope', newPassword: 'another-1' },
      cookie,
    });
    expect(wrong.status).toBe(403);
    expect(wrong.json.error?.code).toBe('invalid_credentials');
    const short = await auth('/password', {
      body: { password: 'secret-client-1', newPassword: '123' },
      cookie,
    });
    expect(short.json.error).toMatchObject({
      code: 'validation',
      fields: { newPassword: 'password_too_short' },
    });

    const changed = await auth('/password', {
      body: { password: 'secret-client-1', newPassword: 'another-secret-2' },
      cookie,
    });
    expect(changed.status).toBe(204);
    expect((await auth('/me', { cookie })).status).toBe(200);
    expect((await auth('/me', { cookie: otherCookie })).status).toBe(401);
    const old = await auth('/login', { body: { email: 'lea.new@example.com', password: 'secret-client-1' } });
    expect(old.status).toBe(401);
    const fresh = await auth('/login', {
      body: { email: 'lea.new@example.com', password: 'another-secret-2' },
    });
    expect(fresh.status).toBe(200);
  });

  it('updates whitelisted profile fields only, and refuses the others', async () => {
    const refused = await auth('/profile', {
      method: 'PATCH',
      body: { firstName: 'Zoé', role: 'admin', isApproved: true, email: 'x@example.com' },
      cookie,
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({
      code: 'validation',
      fields: { role: 'field_not_allowed', isApproved: 'field_not_allowed', email: 'field_not_allowed' },
    });
    expect(await store.db(userDbName(uid)).get(PROFILE_ID)).toMatchObject({
      firstName: 'Léa',
      role: 'client',
    });

    const badPhone = await auth('/profile', { method: 'PATCH', body: { phone: '+33 1' }, cookie });
    expect(badPhone.json.error).toMatchObject({ code: 'validation', fields: { phone: 'phone_invalid' } });

    const updated = await auth('/profile', {
      method: 'PATCH',
      body: { firstName: ' Zoé ', phone: '+1 415 555 2671', bio: 'Expatriée au Canada.', languages: ['fr'] },
      cookie,
    });
    expect(updated.status).toBe(200);
    expect(updated.json.user).toMatchObject({ firstName: 'Zoé', displayName: 'Zoé', role: 'client' });
    expect(updated.json.profile).toMatchObject({
      firstName: 'Zoé',
      displayName: 'Zoé',
      phone: '+14155552671',
      phoneCountryCode: '+1',
      phoneNumber: '4155552671',
      bio: 'Expatriée au Canada.',
      languages: ['fr'],
    });
    expect((await auth('/me', { cookie })).json.user).toMatchObject({ displayName: 'Zoé' });
  });

  it('uploads a photo, serves it, and puts it in the profile; the previous one is removed', async () => {
    const notImage = await call('/api/auth/photo', {
      method: 'POST',
      body: Buffer.from('GIF89a....'),
      cookie,
    });
    expect(notImage.status).toBe(400);
    expect(notImage.json.error).toMatchObject({ code: 'validation', fields: { photo: 'photo_invalid' } });
    const tooBig = await call('/api/auth/photo', {
      method: 'POST',
      body: Buffer.concat([jpeg(), Buffer.alloc(2 * 1024 * 1024)]),
      cookie,
    });
    expect(tooBig.status).toBe(413);

    const first = await upload('profile', jpeg(1), cookie);
    expect(first.url).toBe(`/api/photos/${first.photoId}`);
    const served = await fetch(server.url + first.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(jpeg(1))).toBe(true);
    expect((await fetch(`${server.url}/api/photos/${'f'.repeat(32)}`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/photos/not-an-id`)).status).toBe(404);

    const set = await auth('/profile', { method: 'PATCH', body: { profilePhoto: first.url }, cookie });
    expect(set.status).toBe(200);
    expect(set.json.profile).toMatchObject({
      profilePhoto: first.url,
      photoURL: first.url,
      avatar: first.url,
    });

    const second = await upload('profile', png(), cookie);
    await auth('/profile', { method: 'PATCH', body: { photoURL: second.photoId }, cookie });
    expect((await fetch(server.url + first.url)).status).toBe(404);
    expect((await fetch(server.url + second.url!)).headers.get('content-type')).toBe('image/png');

    // Someone else's photo cannot be taken.
    const stranger = await mintUser(store, 'photo-stranger');
    const theirs = await upload('profile', jpeg(3), stranger.cookie);
    const taken = await auth('/profile', { method: 'PATCH', body: { avatar: theirs.photoId }, cookie });
    expect(taken.json.error).toMatchObject({ code: 'validation', fields: { avatar: 'photo_invalid' } });
  });

  it('lets the owner edit whitelisted profile fields through the gateway, and nothing else', async () => {
    const db = userDbName(uid);
    const current = await store.db<Record<string, unknown>>(db).get(PROFILE_ID);
    const push = (doc: Record<string, unknown>) =>
      call(`/db/${db}/_bulk_docs`, { body: { docs: [doc] }, cookie });
    const approval = await push({ ...current, isApproved: false, role: 'admin' });
    expect((approval.json as unknown as { reason?: string }[])[0]!.reason).toMatch(
      /written by the service only/,
    );
    const deletion = await push({ ...current, _deleted: true });
    expect((deletion.json as unknown as { reason?: string }[])[0]!.reason).toMatch(/cannot be deleted/);
    const bio = await push({ ...current, bio: 'Édité hors ligne.', updatedAt: new Date().toISOString() });
    expect((bio.json as unknown as { ok?: boolean }[])[0]!.ok).toBe(true);
    expect(await store.db(db).get(PROFILE_ID)).toMatchObject({ bio: 'Édité hors ligne.', role: 'client' });

    const fresh = await mintUser(store, 'no-profile-yet');
    const now = new Date().toISOString();
    const create = await call(`/db/${fresh.db}/_bulk_docs`, {
      cookie: fresh.cookie,
      body: {
        docs: [
          {
            _id: PROFILE_ID,
            type: 'profile',
            uid: fresh.uid,
            role: 'admin',
            email: fresh.email,
            preferredLanguage: 'fr',
            firstName: 'X',
            displayName: 'X',
            languages: ['fr'],
            isApproved: true,
            createdAt: now,
            updatedAt: now,
          },
        ],
      },
    });
    expect((create.json as unknown as { reason?: string }[])[0]!.reason).toMatch(
      /created by the service only/,
    );
  });
});

describe('registration that fails half-way', () => {
  it('leaves no account, e-mail key, database or session when the user database cannot be created', async () => {
    const email = 'half.made@example.com';
    const before = await databases();
    vi.spyOn(registrationSteps, 'createUserDatabase').mockRejectedValueOnce(new Error('disk full'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failed = await auth('/register', { body: client(email) });
    expect(failed.status).toBe(500);
    expect(failed.cookie).toBeUndefined();
    expect(await getOrUndefined(store.db('accounts'), accountIds.email(email))).toBeUndefined();
    const all = await store.db('accounts').list({ include_docs: true });
    const named = all.rows.filter((row) => (row.doc as { email?: string } | undefined)?.email === email);
    expect(
      await presentIds(
        store,
        'accounts',
        named.map((row) => row.id),
      ),
    ).toEqual([]);
    expect(await databases()).toEqual(before);

    // The address is free again.
    vi.restoreAllMocks();
    const retried = await auth('/register', { body: client(email) });
    expect(retried.status).toBe(201);
  });

  it('also removes the identity record and gives the uploads back when the last step fails', async () => {
    const email = 'half.lawyer@example.com';
    const photo = await upload('profile');
    const idDoc = await upload('id_document', png());
    const before = await databases();
    vi.spyOn(registrationSteps, 'startSession').mockRejectedValueOnce(new Error('store unreachable'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failed = await auth('/register', { body: lawyer(email, photo.photoId, idDoc.photoId) });
    expect(failed.status).toBe(500);
    expect(await accountByEmail(email)).toBeUndefined();
    expect(await getOrUndefined(store.db('accounts'), accountIds.email(email))).toBeUndefined();
    expect(await databases()).toEqual(before);
    const kyc = await store.db('admin').list({ startkey: 'kyc:', endkey: 'kyc:\ufff0' });
    expect(
      await presentIds(
        store,
        'admin',
        kyc.rows.map((row) => row.id),
      ),
    ).toEqual([]);
    for (const id of [photo.photoId, idDoc.photoId]) {
      const doc = await store.db<{ owner?: string }>('accounts').get(`photo:${id}`);
      expect(doc.owner).toBeUndefined();
    }
  });
});

describe('a lawyer', () => {
  const email = 'marie.lawyer@example.com';
  let uid: string;
  let photoId: string;
  let idDocumentId: string;

  it('registers not approved, with identity data kept server-side and photos claimed', async () => {
    photoId = (await upload('profile')).photoId;
    idDocumentId = (await upload('id_document', png())).photoId;
    const answer = await auth('/register', { body: lawyer(email, photoId, idDocumentId) });
    expect(answer.status).toBe(201);
    expect(answer.json.user).toMatchObject({
      role: 'lawyer',
      isApproved: false,
      displayName: 'Marie Lefèvre',
    });
    uid = (answer.json.user as { uid: string }).uid;

    const profile = await store.db<Record<string, unknown>>(userDbName(uid)).get(PROFILE_ID);
    expect(profile).toMatchObject({
      role: 'lawyer',
      isApproved: false,
      isOnline: false,
      availability: 'unavailable',
      whatsapp: '+33612345679',
      practiceCountries: ['FR', 'TH'],
      specialties: ['immigration'],
      profilePhoto: `/api/photos/${photoId}`,
      bio: BIO,
    });
    for (const field of ['dateOfBirth', 'address', 'idNumber', 'idDocument', 'bankAccountNumber', 'ifsc']) {
      expect(profile).not.toHaveProperty(field);
    }
    expect(await store.db('admin').get(`kyc:${uid}`)).toMatchObject({
      type: 'kyc',
      uid,
      role: 'lawyer',
      dateOfBirth: '1985-04-12',
      idDocument: idDocumentId,
      bankAccountNumber: '123456789012',
      ifsc: 'SBIN0001234',
      status: 'pending',
    });
    expect(await store.db('accounts').get(`photo:${photoId}`)).toMatchObject({ owner: uid, kind: 'profile' });
    // The profile photo is public; the identity document never is.
    expect((await fetch(`${server.url}/api/photos/${photoId}`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/photos/${idDocumentId}`)).status).toBe(404);
  });

  it('is set offline and unavailable on sign-out, in the record and the published profile', async () => {
    const login = await auth('/login', { body: { email, password: 'secret-lawyer-1' } });
    expect(login.status).toBe(200);
    const db = store.db<Record<string, unknown>>(userDbName(uid));
    const profile = await db.get(PROFILE_ID);
    await db.insert({ ...profile, isOnline: true, availability: 'available' });
    const now = new Date().toISOString();
    const published = {
      _id: uid,
      id: uid,
      type: 'provider',
      role: 'lawyer',
      profession: 'lawyer',
      fullName: 'Marie Lefèvre',
      slug: 'marie-lefevre',
      profilePhoto: `/api/photos/${photoId}`,
      country: 'TH',
      languages: ['fr', 'en'],
      specialties: ['immigration'],
      yearsOfExperience: 12,
      rating: 5,
      reviewCount: 0,
      isActive: true,
      isOnline: true,
      availability: 'available',
      isVisible: true,
      isVerified: true,
      listOrder: providerListOrder({ isOnline: true, rating: 5, reviewCount: 0 }),
      createdAt: now,
      updatedAt: now,
    };
    await store.db('providers').insert(published);

    const out = await auth('/logout', { method: 'POST', cookie: login.cookie });
    expect(out.status).toBe(204);
    expect(out.setCookie).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    expect(await db.get(PROFILE_ID)).toMatchObject({ isOnline: false, availability: 'unavailable' });
    expect(await store.db('providers').get(uid)).toMatchObject({
      isOnline: false,
      availability: 'unavailable',
      listOrder: providerListOrder({ isOnline: false, rating: 5, reviewCount: 0 }),
    });
    const me = await auth('/me', { cookie: login.cookie });
    expect(me.status).toBe(401);
    expect(me.json.error?.code).toBe('not_signed_in');
  });

  it('deletes the account with its password, leaving nothing behind', async () => {
    const login = await auth('/login', { body: { email, password: 'secret-lawyer-1' } });
    const cookie = login.cookie!;
    const wrong = await auth('/account', { method: 'DELETE', body: { password: 'nope-nope' }, cookie });
    expect(wrong.status).toBe(403);
    expect(wrong.json.error?.code).toBe('invalid_credentials');

    const deleted = await auth('/account', {
      method: 'DELETE',
      body: { password: 'secret-lawyer-1' },
      cookie,
    });
    expect(deleted.status).toBe(204);
    expect(deleted.setCookie).toMatch(new RegExp(`${SESSION_COOKIE}=;`));

    expect(await getOrUndefined(store.db('accounts'), accountIds.account(uid))).toBeUndefined();
    expect(await getOrUndefined(store.db('accounts'), accountIds.email(email))).toBeUndefined();
    expect(await sessionsOf(uid)).toBe(0);
    expect(await databases()).not.toContain(userDbName(uid));
    expect(await getOrUndefined(store.db('providers'), uid)).toBeUndefined();
    expect(await getOrUndefined(store.db('accounts'), `photo:${photoId}`)).toBeUndefined();
    expect(await getOrUndefined(store.db('accounts'), `photo:${idDocumentId}`)).toBeUndefined();
    expect(await getOrUndefined(store.db('admin'), `kyc:${uid}`)).toBeUndefined();
    const tokens = await store
      .db('accounts')
      .view('tokens', 'by_uid', { startkey: [uid], endkey: [uid, {}] });
    expect(tokens.rows).toEqual([]);
    expect((await fetch(`${server.url}/api/photos/${photoId}`)).status).toBe(404);

    expect((await auth('/me', { cookie })).status).toBe(401);
    const again = await auth('/login', { body: { email, password: 'secret-lawyer-1' } });
    expect(again.json.error?.code).toBe('invalid_credentials');
    const logs = await store.db('logs').list({ include_docs: true });
    expect(logs.rows.some((row) => (row.doc as unknown as { type: string }).type === 'account_deleted')).toBe(
      true,
    );
  });
});

describe('an expat', () => {
  it('registers not approved, with the expat fields in the profile', async () => {
    const photo = await upload('profile');
    const idDoc = await upload('id_document');
    const answer = await auth('/register', {
      body: { ...expat('paul.expat@example.com'), profilePhoto: photo.photoId, idDocument: idDoc.photoId },
    });
    expect(answer.status).toBe(201);
    const { uid } = answer.json.user as { uid: string };
    expect(answer.json.user).toMatchObject({ role: 'expat', isApproved: false });
    expect(await store.db(userDbName(uid)).get(PROFILE_ID)).toMatchObject({
      interventionCountry: 'TH',
      yearsAsExpat: 5,
      helpTypes: ['housing_search'],
      phone: '+66812345678',
    });
    expect(await store.db('admin').get(`kyc:${uid}`)).toMatchObject({ role: 'expat', status: 'pending' });
  });
});

describe('bans', () => {
  it('refuse a banned user on the next request, and at sign-in', async () => {
    const user = await mintUser(store, 'to-be-banned');
    expect((await auth('/me', { cookie: user.cookie })).status).toBe(200);
    await banUser(store, user.uid);
    const me = await auth('/me', { cookie: user.cookie });
    expect(me.status).toBe(403);
    expect(me.json.error?.code).toBe('account_suspended');
    expect((await call(`/db/${user.db}/_changes`, { cookie: user.cookie })).status).toBe(401);
    const update = await auth('/profile', { method: 'PATCH', body: { bio: 'x' }, cookie: user.cookie });
    expect(update.json.error?.code).toBe('account_suspended');

    await passwordAccount('banned-pw', 'banned@example.com', 'secret-banned');
    await banUser(store, 'banned-pw');
    const login = await auth('/login', { body: { email: 'banned@example.com', password: 'secret-banned' } });
    expect(login.status).toBe(403);
    expect(login.json.error?.code).toBe('account_suspended');
    expect(login.cookie).toBeUndefined();
  });
});

describe('rate limits', () => {
  it('make the address that failed 3 times on an account wait, even with the right password, and not the owner elsewhere', async () => {
    await passwordAccount('limited-1', 'limited@example.com', 'secret-limited');
    const guesser = newAddress();
    for (let i = 0; i < 3; i++) {
      const answer = await auth('/login', {
        body: { email: 'limited@example.com', password: `wrong-${i}-x` },
        address: guesser,
      });
      expect(answer.status).toBe(401);
    }
    const blocked = await auth('/login', {
      body: { email: 'Limited@example.com', password: 'secret-limited' },
      address: guesser,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.json.error?.code).toBe('rate_limited');
    expect(blocked.json.error?.retryAfter).toBeGreaterThan(30);
    expect(Number(blocked.headers.get('retry-after'))).toBe(blocked.json.error?.retryAfter);
    const owner = await auth('/login', {
      body: { email: 'limited@example.com', password: 'secret-limited' },
    });
    expect(owner.status).toBe(200);
  });

  it('answer 429 after 20 failed sign-ins from one address', async () => {
    const address = newAddress();
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        auth('/login', { body: { email: `nobody-${i}@example.com`, password: 'whatever-1' }, address }),
      ),
    );
    expect(attempts.map((a) => a.status)).toEqual(Array(20).fill(401));
    const blocked = await auth('/login', {
      body: { email: 'someone@example.com', password: 'whatever-1' },
      address,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.json.error?.retryAfter).toBeGreaterThan(0);
  });

  it('answer 429 after 60 API calls in a minute, per address and per signed-in user', async () => {
    const address = newAddress();
    for (let i = 0; i < 60; i++) expect((await auth('/me', { address })).status).toBe(401);
    const blocked = await auth('/me', { address });
    expect(blocked.status).toBe(429);
    expect(blocked.json.error).toMatchObject({ code: 'rate_limited', retryAfter: expect.any(Number) });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Health probes and photos are not counted.
    expect((await call('/api/health', { address })).status).toBe(200);

    const user = await mintUser(store, 'busy-user');
    for (let i = 0; i < 60; i++) expect((await auth('/me', { cookie: user.cookie })).status).toBe(200);
    const userBlocked = await auth('/me', { cookie: user.cookie });
    expect(userBlocked.status).toBe(429);
  });

  it('give an admin at the console a budget of 300 calls a minute of its own', async () => {
    const admin = await mintUser(store, 'busy-admin', 'admin');
    const list = () => call('/api/admin/users/clients?limit=1', { cookie: admin.cookie });
    for (let i = 0; i < 300; i++) expect((await list()).status).toBe(200);
    const consoleBlocked = await list();
    expect(consoleBlocked.status).toBe(429);
    expect(consoleBlocked.json.error).toMatchObject({ code: 'rate_limited' });
    // Their calls outside the console still count against the API limit, which is untouched.
    expect((await auth('/me', { cookie: admin.cookie })).status).toBe(200);
    // A client is not an admin because they call the console: 403, counted against their own limit.
    const client = await mintUser(store, 'console-curious');
    for (let i = 0; i < 60; i++)
      expect((await call('/api/admin/users/clients', { cookie: client.cookie })).status).toBe(403);
    expect((await call('/api/admin/users/clients', { cookie: client.cookie })).status).toBe(429);
  });
});
