/**
 * Mail links on the real app: with `SMTP_URL` pointing at a real SMTP server (smtp-server), the
 * verification and reset mails arrive in the user's language with links that work once; a reset
 * request never tells whether the address has an account. Without SMTP (demo mode) the mails are
 * written under DATA_DIR/mail and listed at `/mailbox`, which does not exist when SMTP is set.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_VALUE } from '../../src/domain/account';
import { getAccount } from '../../server/services/accounts';
import { verifyPassword } from '../../server/services/passwords';
import { createSession, readSession } from '../../server/services/sessions';
import { createPasswordAccount } from '../support/accounts';
import { startSmtpReceiver } from '../support/smtp-receiver';
import type { ReceivedMail, SmtpReceiver } from '../support/smtp-receiver';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let smtp: SmtpReceiver;
let server: TestServer;
let demo: TestServer;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({
    env: (url) => ({ SMTP_URL: smtp.url, MAIL_FROM: 'SOS Expat <no-reply@sos-expat.test>', PUBLIC_URL: url }),
  });
  demo = await startTestServer({ env: (url) => ({ PUBLIC_URL: url }) });
});
afterAll(async () => {
  await server?.close();
  await demo?.close();
  await smtp?.close();
});

function post(base: TestServer, route: string, body: unknown = {}, cookie?: string) {
  return fetch(`${base.url}/api/auth${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [CSRF_HEADER]: CSRF_VALUE,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** The token of the link to `page` in both parts of a mail (the same link in text and HTML). */
function linkToken(mail: ReceivedMail, base: TestServer, page: string): string {
  const pattern = new RegExp(`${base.url}${page}\\?token=([A-Za-z0-9_-]+)`);
  const inText = pattern.exec(mail.text)?.[1];
  const inHtml = pattern.exec(mail.html)?.[1];
  expect(inText).toBeDefined();
  expect(inHtml).toBe(inText);
  return inText!;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('e-mail verification over SMTP', () => {
  it('sends the mail in the user’s language with a link that verifies the address once', async () => {
    const user = await createPasswordAccount(server.store, {
      email: 'Greta.Verify@example.test',
      language: 'de',
      firstName: 'Greta',
    });
    const sent = await post(server, '/verification/send', {}, user.cookie);
    expect(sent.status).toBe(202);

    const mail = await smtp.waitFor((m) => m.to.includes(user.email) && /Bestätigen/.test(m.subject));
    expect(mail.from).toBe('no-reply@sos-expat.test');
    expect(mail.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse – SOS Expat');
    expect(mail.text).toContain('Guten Tag Greta,');
    expect(mail.text).toContain('48 Stunden');
    expect(mail.html).toContain('<html lang="de">');
    const token = linkToken(mail, server, '/verify-email');

    // Following the link (the page posts its token) verifies the address, for the signed-in user too.
    const confirmed = await post(server, '/verification/confirm', { token }, user.cookie);
    expect(confirmed.status).toBe(200);
    const answer = (await confirmed.json()) as { verified: boolean; user?: { isVerifiedEmail: boolean } };
    expect(answer.verified).toBe(true);
    expect(answer.user?.isVerifiedEmail).toBe(true);
    expect((await getAccount(server.store, user.uid))?.isVerifiedEmail).toBe(true);

    const again = await post(server, '/verification/confirm', { token });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('token_invalid');

    const resend = await post(server, '/verification/send', {}, user.cookie);
    expect(resend.status).toBe(200);
    expect(await resend.json()).toEqual({ status: 'already_verified' });
  });

  it('needs the CSRF header and a signed-in user, refuses a made-up token, waits a minute between two mails', async () => {
    const anonymous = await post(server, '/verification/send');
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe('not_signed_in');

    const noHeader = await fetch(`${server.url}/api/auth/password-reset/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'someone@example.test' }),
    });
    expect(noHeader.status).toBe(403);
    expect(((await noHeader.json()) as { error: { code: string } }).error.code).toBe('csrf');

    const forged = await post(server, '/verification/confirm', { token: 'x'.repeat(43) });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('token_invalid');

    const user = await createPasswordAccount(server.store, { email: 'twice@example.test', language: 'en' });
    expect((await post(server, '/verification/send', {}, user.cookie)).status).toBe(202);
    const first = await smtp.waitFor((m) => m.to.includes(user.email));
    expect(first.subject).toBe('Confirm your e-mail address – SOS Expat');
    const second = await post(server, '/verification/send', {}, user.cookie);
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await second.json()) as { error: { code: string; retryAfter: number } };
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.retryAfter).toBeGreaterThan(0);
  });
});

describe('password reset over SMTP', () => {
  it('answers 202 for an unknown address and sends nothing; refuses a malformed address', async () => {
    const before = smtp.mails.length;
    const unknown = await post(server, '/password-reset/request', { email: 'nobody@example.test' });
    expect(unknown.status).toBe(202);
    expect(await unknown.json()).toEqual({ status: 'accepted' });

    const malformed = await post(server, '/password-reset/request', { email: 'not an address' });
    expect(malformed.status).toBe(400);
    const problem = (await malformed.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(problem.error).toMatchObject({ code: 'validation', fields: { email: 'email_invalid' } });

    await wait(500);
    expect(smtp.mails.length).toBe(before);
  });

  it('mails a link that sets a new password once and signs out the other devices', async () => {
    const user = await createPasswordAccount(server.store, {
      email: 'reset.me@example.test',
      password: 'ancien-secret',
    });
    const otherDevice = await createSession(server.store, user.uid, { remember: true });

    const requested = await post(server, '/password-reset/request', { email: '  Reset.Me@Example.test ' });
    expect(requested.status).toBe(202);
    const mail = await smtp.waitFor((m) => m.to.includes(user.email) && /mot de passe/.test(m.subject));
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe – SOS Expat');
    expect(mail.text).toContain('Bonjour Camille,');
    expect(mail.text).toContain('1\u00a0heure');
    const token = linkToken(mail, server, '/password-reset');

    const tooShort = await post(server, '/password-reset/confirm', { token, password: 'court' });
    expect(tooShort.status).toBe(400);
    expect(((await tooShort.json()) as { error: unknown }).error).toMatchObject({
      code: 'validation',
      fields: { password: 'password_too_short' },
    });

    const done = await post(
      server,
      '/password-reset/confirm',
      { token, password: 'nouveau-secret' },
      user.cookie,
    );
    expect(done.status).toBe(200);
    const account = await getAccount(server.store, user.uid);
    expect(await verifyPassword('nouveau-secret', account?.passwordHash)).toBe(true);
    expect(await verifyPassword('ancien-secret', account?.passwordHash)).toBe(false);
    expect(account?.isVerifiedEmail).toBe(true);
    // The device that reset the password stays signed in; the others are signed out.
    expect((await readSession(server.store, user.token)).kind).toBe('signed_in');
    expect((await readSession(server.store, otherDevice.token)).kind).toBe('none');

    const reused = await post(server, '/password-reset/confirm', { token, password: 'troisieme-secret' });
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { error: { code: string } }).error.code).toBe('token_invalid');
    const unchanged = await getAccount(server.store, user.uid);
    expect(await verifyPassword('nouveau-secret', unchanged?.passwordHash)).toBe(true);

    const events = await server.store
      .db('logs')
      .view('logs', 'by_type_and_time', { startkey: ['password_changed'], endkey: ['password_changed', {}] });
    expect(events.rows.length).toBeGreaterThan(0);
  });

  it('sends no second reset mail within a minute, and the first link keeps working', async () => {
    const user = await createPasswordAccount(server.store, {
      email: 'newest.link@example.test',
      language: 'ru',
    });
    expect((await post(server, '/password-reset/request', { email: user.email })).status).toBe(202);
    const mail = await smtp.waitFor((m) => m.to.includes(user.email));
    expect(mail.subject).toBe('Восстановление пароля – SOS Expat');
    expect(mail.text).toContain('1 час');
    const token = linkToken(mail, server, '/password-reset');
    // A second request within the minute sends nothing, and the first link still works.
    expect((await post(server, '/password-reset/request', { email: user.email })).status).toBe(202);
    await wait(500);
    expect(smtp.mails.filter((m) => m.to.includes(user.email))).toHaveLength(1);
    expect((await post(server, '/password-reset/confirm', { token, password: 'новый-пароль' })).status).toBe(
      200,
    );
  });
});

describe('the demo mailbox', () => {
  it('lists the mails newest first with clickable links when SMTP is not configured', async () => {
    const user = await createPasswordAccount(demo.store, {
      email: 'demo.user@example.test',
      language: 'es',
      firstName: 'Lucía',
    });
    expect((await post(demo, '/verification/send', {}, user.cookie)).status).toBe(202);
    expect((await post(demo, '/password-reset/request', { email: user.email })).status).toBe(202);

    let page = '';
    for (let attempt = 0; attempt < 50 && !page.includes('Restablecimiento'); attempt++) {
      const res = await fetch(`${demo.url}/mailbox`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      page = await res.text();
      if (!page.includes('Restablecimiento')) await wait(100);
    }
    expect(page).toContain('Demo mailbox — mails are not sent');
    expect(page.indexOf('Restablecimiento de su contraseña')).toBeLessThan(
      page.indexOf('Confirme su dirección de correo electrónico'),
    );
    const link = new RegExp(`<a href="(${demo.url}/verify-email\\?token=([A-Za-z0-9_-]+))">`).exec(page);
    expect(link).not.toBeNull();
    expect(page).toContain(`<a href="${demo.url}/password-reset?token=`);

    const files = await readdir(path.join(demo.dataDir, 'mail'));
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(2);
    expect(files.filter((f) => f.endsWith('.json'))).toHaveLength(2);

    const confirmed = await post(demo, '/verification/confirm', { token: link![2] });
    expect(confirmed.status).toBe(200);

    const health = (await (await fetch(`${demo.url}/api/health`)).json()) as { adapters: { mail: string } };
    expect(health.adapters.mail).toBe('simulated');
  });

  it('does not exist when SMTP is configured', async () => {
    const res = await fetch(`${server.url}/mailbox`);
    expect(res.status).not.toBe(200);
    expect(await res.text()).not.toContain('Demo mailbox');
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as { adapters: { mail: string } };
    expect(health.adapters.mail).toBe('smtp');
  });
});
