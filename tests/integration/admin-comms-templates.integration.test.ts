/**
 * Mail templates of the admin console (`/api/admin/comms/templates…`) on the real app with a real
 * SMTP server (smtp-server): admins only; an admin's French verification and reset templates are
 * what a French user receives, variables filled, while an English user still gets the built-in
 * English mail; after a reset to the built-in wording the French mail is the built-in one again.
 * Bad templates are refused field by field, a save from a stale revision is refused, each change
 * is audited, and the preview fills a template with sample values. The approval and payout mails
 * are templates too: their variables checked, previewed, and an approved provider gets the stored
 * template of their language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_VALUE } from '../../src/domain/account';
import type { MailPreview, MailTemplateSummary, MailTemplateView } from '../../src/domain/mail-templates';
import { auditOf, expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { createPasswordAccount } from '../support/accounts';
import { registerPendingProvider } from '../support/pending-providers';
import { browserCall } from '../support/sessions';
import { startSmtpReceiver } from '../support/smtp-receiver';
import type { SmtpReceiver } from '../support/smtp-receiver';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let smtp: SmtpReceiver;
let server: TestServer;
let users: RoleUsers;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({
    env: (url) => ({ SMTP_URL: smtp.url, MAIL_FROM: 'SOS Expat <no-reply@sos-expat.test>', PUBLIC_URL: url }),
  });
  users = await mintRoles(server.store, 'tpl');
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const FR_VERIFICATION = '/api/admin/comms/templates/verification/fr';

const admin = (method: string, path: string, body?: unknown) =>
  browserCall(server.url, method, path, users.admin.cookie, body);

const errorOf = (json: unknown) =>
  (json as { error: { code: string; fields?: Record<string, string> } }).error;

function authPost(route: string, body: unknown, cookie?: string) {
  return fetch(`${server.url}/api/auth${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_VALUE, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

async function verificationMailOf(email: string, language: 'fr' | 'en', firstName: string) {
  const user = await createPasswordAccount(server.store, { email, language, firstName });
  expect((await authPost('/verification/send', {}, user.cookie)).status).toBe(202);
  return smtp.waitFor((mail) => mail.to.includes(user.email));
}

describe('mail templates', () => {
  it('are for admins only', async () => {
    const body = { subject: 'x', text: '{{link}}', rev: null };
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/comms/templates');
    await expectAdminOnly(server.url, users, 'GET', FR_VERIFICATION);
    await expectAdminOnly(server.url, users, 'PUT', FR_VERIFICATION, body);
    await expectAdminOnly(server.url, users, 'DELETE', FR_VERIFICATION);
    await expectAdminOnly(server.url, users, 'POST', `${FR_VERIFICATION}/preview`, body);
  });

  it('list every kind in every language, and show the built-in wording as a template', async () => {
    const list = await admin('GET', '/api/admin/comms/templates');
    expect(list.status).toBe(200);
    const items = (list.json as { items: MailTemplateSummary[] }).items;
    expect(items).toHaveLength(45); // 9 kinds in 5 languages
    expect(items.every((item) => !item.customised)).toBe(true);
    const keys = items.map((item) => `${item.kind}:${item.language}`);
    expect(keys).toEqual(
      expect.arrayContaining(['contact_reply:ru', 'provider_approved:de', 'payout_sent:es', 'campaign:fr']),
    );

    const read = await admin('GET', FR_VERIFICATION);
    const template = (read.json as { template: MailTemplateView }).template;
    expect(template).toMatchObject({ kind: 'verification', language: 'fr', customised: false, rev: null });
    expect(template.subject).toBe('Confirmez votre adresse e-mail – SOS Expat');
    expect(template.text).toContain('{{link}}');
    expect(template.builtIn).toEqual({ subject: template.subject, text: template.text });

    expect((await admin('GET', '/api/admin/comms/templates/newsletter/fr')).status).toBe(404);
    expect((await admin('GET', '/api/admin/comms/templates/verification/it')).status).toBe(404);
  });

  it('refuse a bad template field by field, and write nothing', async () => {
    const save = (body: unknown) => admin('PUT', FR_VERIFICATION, body);
    const unknown = await save({ subject: 'Bonjour {{prenom}}', text: 'Lien : {{link}}', rev: null });
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown.json)).toEqual(
      expect.objectContaining({ code: 'validation', fields: { subject: 'unknown_variable' } }),
    );
    const missing = await save({ subject: 'Confirmez', text: 'Bonjour {{firstName}}', rev: null });
    expect([missing.status, errorOf(missing.json).fields]).toEqual([400, { text: 'missing_variable' }]);
    const long = await save({ subject: 'x'.repeat(201), text: '{{link}}', rev: null });
    expect(errorOf(long.json).fields).toEqual({ subject: 'too_long' });
    const noRev = await save({ subject: 'Confirmez', text: '{{link}}' });
    expect(errorOf(noRev.json).fields).toEqual({ rev: 'required' });
    const html = await save({ subject: 'Confirmez', text: '{{link}}', html: '<b>x</b>', rev: null });
    expect(errorOf(html.json).fields).toEqual({ html: 'unknown_field' });
    const notJson = await fetch(`${server.url}${FR_VERIFICATION}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_VALUE, cookie: users.admin.cookie },
      body: '{"subject": ',
    });
    expect(notJson.status).toBe(400);
    const huge = await save({ subject: 'Confirmez', text: `{{link}}${'é'.repeat(40_000)}`, rev: null });
    expect(huge.status).toBe(413);

    const read = await admin('GET', FR_VERIFICATION);
    expect((read.json as { template: MailTemplateView }).template.customised).toBe(false);
  });

  it('preview a template with sample values, escaped in the HTML', async () => {
    const preview = await admin('POST', `${FR_VERIFICATION}/preview`, {
      subject: 'Bienvenue {{firstName}}',
      text: 'Bonjour {{firstName}} <b>!</b>\n\nConfirmez ici : {{link}}\nValable {{validity}}.',
    });
    expect(preview.status).toBe(200);
    const { subject, text, html } = (preview.json as { preview: MailPreview }).preview;
    expect(subject).toBe('Bienvenue Camille');
    expect(text).toContain(`Confirmez ici : ${server.url}/verify-email?token=exemple-de-jeton`);
    expect(text).toContain('Valable 48\u00a0heures.');
    expect(html).toContain('Bonjour Camille &lt;b&gt;!&lt;/b&gt;');
    expect(html).toContain(`<a href="${server.url}/verify-email?token=exemple-de-jeton"`);
    const refused = await admin('POST', `${FR_VERIFICATION}/preview`, { subject: 'x', text: 'sans lien' });
    expect([refused.status, errorOf(refused.json).fields]).toEqual([400, { text: 'missing_variable' }]);
  });

  it('send the French user the edited mail, the English user the built-in one, until reset', async () => {
    const saved = await admin('PUT', FR_VERIFICATION, {
      subject: 'Bienvenue {{firstName}} – confirmez votre adresse',
      text: '{{greeting}}\n\nUn clic pour confirmer : {{link}}\n\nValable {{validity}}.\n',
      rev: null,
    });
    expect(saved.status).toBe(200);
    const template = (saved.json as { template: MailTemplateView }).template;
    expect(template).toMatchObject({ customised: true, updatedBy: users.admin.uid });
    expect(template.updatedByName).toEqual(expect.any(String));
    expect(template.rev).toEqual(expect.any(String));

    const french = await verificationMailOf('edited.fr@example.test', 'fr', 'Inès');
    expect(french.subject).toBe('Bienvenue Inès – confirmez votre adresse');
    expect(french.text.trimEnd()).toMatch(
      new RegExp(
        `^Bonjour Inès,\\n\\nUn clic pour confirmer : ${server.url}/verify-email\\?token=[\\w-]+\\n\\nValable 48\u00a0heures\\.$`,
      ),
    );
    expect(french.html).toMatch(new RegExp(`<a href="${server.url}/verify-email\\?token=[\\w-]+"`));
    expect(french.headers.get('x-sos-expat-mail')).toBe('verification');

    // Registration sends the verification mail: the edited one, in French.
    const registered = await registerPendingProvider(server.url, {
      role: 'lawyer',
      email: 'inscrit.fr@example.test',
      language: 'fr',
      firstName: 'Hugo',
    });
    const atSignUp = await smtp.waitFor((mail) => mail.to.includes(registered.email));
    expect(atSignUp.subject).toBe('Bienvenue Hugo – confirmez votre adresse');
    expect(atSignUp.text).toContain(`Un clic pour confirmer : ${server.url}/verify-email?token=`);

    const english = await verificationMailOf('builtin.en@example.test', 'en', 'Oliver');
    expect(english.subject).toBe('Confirm your e-mail address – SOS Expat');
    expect(english.text).toContain('Hello Oliver,');

    // A stale save (edited from the built-in wording, or from an older revision) is refused.
    const staleFromBuiltIn = await admin('PUT', FR_VERIFICATION, {
      subject: 'Autre',
      text: '{{link}}',
      rev: null,
    });
    expect([staleFromBuiltIn.status, errorOf(staleFromBuiltIn.json).code]).toEqual([409, 'template_changed']);
    const second = await admin('PUT', FR_VERIFICATION, {
      subject: 'Confirmez, {{firstName}}',
      text: '{{greeting}}\n{{link}}\n',
      rev: template.rev,
    });
    expect(second.status).toBe(200);
    const stale = await admin('PUT', FR_VERIFICATION, {
      subject: 'Autre',
      text: '{{link}}',
      rev: template.rev,
    });
    expect([stale.status, errorOf(stale.json).code]).toEqual([409, 'template_changed']);
    const staleReset = await admin('DELETE', `${FR_VERIFICATION}?rev=${encodeURIComponent(template.rev!)}`);
    expect(staleReset.status).toBe(409);

    // A reset (password) template in French is used too.
    const resetSaved = await admin('PUT', '/api/admin/comms/templates/password_reset/fr', {
      subject: 'Nouveau mot de passe pour {{firstName}}',
      text: 'Choisissez-le ici ({{validity}}) : {{link}}',
      rev: null,
    });
    expect(resetSaved.status).toBe(200);
    const resetUser = await createPasswordAccount(server.store, {
      email: 'reset.fr@example.test',
      language: 'fr',
      firstName: 'Paul',
    });
    expect((await authPost('/password-reset/request', { email: resetUser.email })).status).toBe(202);
    const resetMail = await smtp.waitFor((mail) => mail.to.includes(resetUser.email));
    expect(resetMail.subject).toBe('Nouveau mot de passe pour Paul');
    expect(resetMail.text.trimEnd()).toMatch(
      new RegExp(`^Choisissez-le ici \\(1\u00a0heure\\) : ${server.url}/password-reset\\?token=[\\w-]+$`),
    );

    const list = (await admin('GET', '/api/admin/comms/templates')).json as { items: MailTemplateSummary[] };
    const customised = list.items
      .filter((item) => item.customised)
      .map((item) => `${item.kind}:${item.language}`);
    expect(customised.sort()).toEqual(['password_reset:fr', 'verification:fr']);

    const current = (second.json as { template: MailTemplateView }).template;
    const reset = await admin('DELETE', `${FR_VERIFICATION}?rev=${encodeURIComponent(current.rev!)}`);
    expect(reset.status).toBe(200);
    expect((reset.json as { template: MailTemplateView }).template).toMatchObject({
      customised: false,
      rev: null,
      subject: 'Confirmez votre adresse e-mail – SOS Expat',
    });
    const again = await admin('DELETE', FR_VERIFICATION);
    expect(again.status).toBe(200);

    const builtIn = await verificationMailOf('reset.builtin.fr@example.test', 'fr', 'Léa');
    expect(builtIn.subject).toBe('Confirmez votre adresse e-mail – SOS Expat');
    expect(builtIn.text).toContain('Bonjour Léa,');
    expect(builtIn.html).toContain('Confirmer mon adresse e-mail');

    const trail = await auditOf(server.store, 'mail_template', 'verification:fr', 3);
    expect(trail.map((entry) => entry.action)).toEqual([
      'mail_template_update',
      'mail_template_update',
      'mail_template_reset',
    ]);
    expect(trail[0]).toMatchObject({ actor: users.admin.uid, before: null });
    expect(trail[2]).toMatchObject({ after: null, before: { subject: 'Confirmez, {{firstName}}' } });
  });

  it('send a rejected provider the German template with the reason filled, escaped in the HTML', async () => {
    const saved = await admin('PUT', '/api/admin/comms/templates/provider_rejected/de', {
      subject: 'Ihre Registrierung als {{role}}',
      text: '{{greeting}}\n\nLeider nicht freigegeben. Grund:\n{{reason}}\n\nKontakt: {{contactLink}}\n',
      rev: null,
    });
    expect(saved.status).toBe(200);
    const provider = await registerPendingProvider(server.url, {
      role: 'lawyer',
      email: 'abgelehnt.de@example.test',
      language: 'de',
      firstName: 'Jonas',
    });
    const rejected = await admin('POST', `/api/admin/providers/${provider.uid}/rejection`, {
      reason: 'Ausweis <unleserlich> & abgelaufen',
    });
    expect(rejected.status).toBe(200);
    const mail = await smtp.waitFor(
      (m) => m.to.includes(provider.email) && m.headers.get('x-sos-expat-mail') === 'provider_rejected',
    );
    expect(mail.subject).toBe('Ihre Registrierung als Anwalt');
    expect(mail.text.trimEnd()).toBe(
      `Guten Tag Jonas,\n\nLeider nicht freigegeben. Grund:\nAusweis <unleserlich> & abgelaufen\n\nKontakt: ${server.url}/contact`,
    );
    expect(mail.html).toContain('Ausweis &lt;unleserlich&gt; &amp; abgelaufen');
    expect(mail.html).not.toContain('<unleserlich>');
    expect(mail.html).toContain(`<a href="${server.url}/contact"`);
  });

  it('check the approval and payout mails’ variables, and preview them with sample values', async () => {
    const APPROVAL = '/api/admin/comms/templates/provider_approved/es';
    const PAYOUT = '/api/admin/comms/templates/payout_sent/de';
    const refusal = async (path: string, body: unknown) => {
      const answer = await admin('PUT', path, { ...(body as object), rev: null });
      return [answer.status, errorOf(answer.json).fields];
    };
    expect(await refusal(APPROVAL, { subject: 'Hola', text: '{{greeting}}' })).toEqual([
      400,
      { text: 'missing_variable' },
    ]);
    expect(await refusal(APPROVAL, { subject: 'Hola', text: '{{dashboardLink}} {{amount}}' })).toEqual([
      400,
      { text: 'unknown_variable' },
    ]);
    expect(await refusal(PAYOUT, { subject: 'Geld', text: 'Ihre Einnahmen: {{earningsLink}}' })).toEqual([
      400,
      { text: 'missing_variable' },
    ]);
    expect(await refusal(PAYOUT, { subject: '{{reason}}', text: '{{amount}}' })).toEqual([
      400,
      { subject: 'unknown_variable' },
    ]);

    const builtIn = (await admin('GET', PAYOUT)).json as { template: MailTemplateView };
    expect(builtIn.template.subject).toBe('Auszahlung über {{amount}} veranlasst – SOS Expat');
    const payout = await admin('POST', `${PAYOUT}/preview`, {
      subject: builtIn.template.subject,
      text: builtIn.template.text,
    });
    const payoutPreview = (payout.json as { preview: MailPreview }).preview;
    expect(payoutPreview.subject).toMatch(/^Auszahlung über 249,90\s€ veranlasst – SOS Expat$/);
    expect(payoutPreview.text).toContain('Datum der Auszahlung: 21. November 2026');
    expect(payoutPreview.text).toContain(`${server.url}/dashboard?tab=calls`);

    const approval = await admin('POST', `${APPROVAL}/preview`, {
      subject: 'Bienvenido, {{firstName}}',
      text: '{{greeting}}\n\nYa puede conectarse: {{dashboardLink}}',
    });
    const approvalPreview = (approval.json as { preview: MailPreview }).preview;
    expect(approvalPreview.subject).toBe('Bienvenido, Lucía');
    expect(approvalPreview.text).toBe(
      `Hola, Lucía:\n\nYa puede conectarse: ${server.url}/dashboard?tab=availability\n`,
    );
    expect(approvalPreview.html).toContain(`<a href="${server.url}/dashboard?tab=availability"`);
  });

  it('send an approved provider the stored template of their language', async () => {
    const saved = await admin('PUT', '/api/admin/comms/templates/provider_approved/es', {
      subject: '¡Bienvenido, {{firstName}}!',
      text: '{{greeting}}\n\nSu perfil de {{role}} está publicado: {{dashboardLink}}\n',
      rev: null,
    });
    expect(saved.status).toBe(200);
    const provider = await registerPendingProvider(server.url, {
      role: 'lawyer',
      email: 'aprobado.es@example.test',
      language: 'es',
      firstName: 'Diego',
    });
    const approved = await admin('POST', `/api/admin/providers/${provider.uid}/approval`, { approved: true });
    expect(approved.json).toMatchObject({ isApproved: true, mailed: true });
    const mail = await smtp.waitFor(
      (m) => m.to.includes(provider.email) && m.headers.get('x-sos-expat-mail') === 'provider_approved',
    );
    expect(mail.subject).toBe('¡Bienvenido, Diego!');
    expect(mail.text.trimEnd()).toBe(
      `Hola, Diego:\n\nSu perfil de abogado está publicado: ${server.url}/dashboard?tab=availability`,
    );
  });
});
