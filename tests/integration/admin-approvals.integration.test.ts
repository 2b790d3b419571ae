/**
 * The approval queue of the admin console against the real service: lawyers and expats who
 * registered through the real endpoints wait, oldest first, with their age and everything they
 * submitted (bank details masked); an admin approves (publishes) or rejects with a reason, which is
 * kept on the account, audited once and mailed once, through a real SMTP server, in the provider's
 * own language. An approval is mailed once too: a repeated approval sends nothing more, a mail the
 * SMTP server refused is sent by the next approval request, a new approval after a withdrawal is
 * mailed again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from '../support/settled';
import { accountIds } from '../../src/domain/account';
import type { Account } from '../../src/domain/account';
import type { ApprovalRequestView } from '../../src/domain/approval';
import { getOrUndefined } from '../../server/store/store';
import { auditOf, expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import {
  BANK_ACCOUNT_STORED,
  BANK_ACCOUNT_TAIL,
  PENDING_IDENTITY,
  registerPendingProvider,
} from '../support/pending-providers';
import type { PendingProvider } from '../support/pending-providers';
import { banUser, browserCall } from '../support/sessions';
import { startSmtpReceiver } from '../support/smtp-receiver';
import type { ReceivedMail, SmtpReceiver } from '../support/smtp-receiver';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

type Page = { items: ApprovalRequestView[]; next?: string };
type ApprovalAnswer = { isApproved: boolean; published: boolean; mailed: boolean };
type RejectAnswer = { request: ApprovalRequestView; changed: boolean; mailed: boolean };
type ErrorAnswer = { error: { code: string; fields?: Record<string, string> } };

let server: TestServer;
let smtp: SmtpReceiver;
let users: RoleUsers;
let oldest: PendingProvider;
let german: PendingProvider;
let approved: PendingProvider;
let banned: PendingProvider;
let expat: PendingProvider;
/** Every answer the admin got, to check that no bank number ever leaves whole. */
const answers: string[] = [];
/** Addresses the SMTP server refuses for now (550). */
const refused = new Set<string>();

const HOUR = 3_600_000;

async function setCreatedAt(uid: string, hoursAgo: number) {
  const db = server.store.db<Account>('accounts');
  const account = await db.get(accountIds.account(uid));
  await db.insert({ ...account, createdAt: new Date(Date.now() - hoursAgo * HOUR).toISOString() });
}

async function call<T>(method: string, path: string, body?: unknown, cookie = users.admin.cookie) {
  const answer = await browserCall(server.url, method, path, cookie, body);
  answers.push(JSON.stringify(answer.json));
  return answer as { status: number; json: T };
}

const queue = (query: string) => call<Page>('GET', `/api/admin/approvals?${query}`);
const reject = (uid: string, reason: unknown) =>
  call<RejectAnswer & ErrorAnswer>('POST', `/api/admin/providers/${uid}/rejection`, { reason });
/** The rejection mails a provider received (registration also sends a verification mail). */
const isRejectionOf = (provider: PendingProvider) => (mail: ReceivedMail) =>
  mail.to.includes(provider.email) && mail.headers.get('x-sos-expat-mail') === 'provider_rejected';
const rejectionMails = (provider: PendingProvider) => smtp.mails.filter(isRejectionOf(provider));
const approve = (uid: string, approved = true) =>
  call<ApprovalAnswer & ErrorAnswer>('POST', `/api/admin/providers/${uid}/approval`, { approved });
const isApprovalOf = (provider: PendingProvider) => (mail: ReceivedMail) =>
  mail.to.includes(provider.email) && mail.headers.get('x-sos-expat-mail') === 'provider_approved';
const approvalMails = (provider: PendingProvider) => smtp.mails.filter(isApprovalOf(provider));
const account = (uid: string) => server.store.db<Account>('accounts').get(accountIds.account(uid));

beforeAll(async () => {
  smtp = await startSmtpReceiver({
    refuseRecipient: (address) => (refused.has(address) ? 'Mailbox unavailable' : undefined),
  });
  server = await startTestServer({
    env: (url) => ({ SMTP_URL: smtp.url, MAIL_FROM: 'SOS Expat <no-reply@sos-expat.test>', PUBLIC_URL: url }),
    limits: { api: { limit: 10_000, windowMs: 60_000 } },
  });
  users = await mintRoles(server.store, 'appr');
  const register = (email: string, options: Partial<Parameters<typeof registerPendingProvider>[1]> = {}) =>
    registerPendingProvider(server.url, { role: 'lawyer', email, ...options });
  oldest = await register('oldest@example.test', { firstName: 'Inès' });
  german = await register('deutsch@example.test', { language: 'de', firstName: 'Jonas', lastName: 'Weber' });
  approved = await register('approved@example.test');
  banned = await register('banned@example.test');
  expat = await register('expat@example.test', { role: 'expat', language: 'en', firstName: 'Paul' });
  await setCreatedAt(oldest.uid, 26);
  await setCreatedAt(german.uid, 3);
  await setCreatedAt(approved.uid, 50);
  await setCreatedAt(banned.uid, 60);
  await banUser(server.store, banned.uid);
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('the approval queue', () => {
  it('is for admins only, every endpoint', async () => {
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/approvals?role=lawyer');
    await expectAdminOnly(server.url, users, 'GET', `/api/admin/approvals/${oldest.uid}`);
    await expectAdminOnly(server.url, users, 'POST', `/api/admin/providers/${oldest.uid}/rejection`, {
      reason: 'Pièce illisible',
    });
    await expectAdminOnly(server.url, users, 'POST', `/api/admin/providers/${oldest.uid}/approval`, {
      approved: true,
    });
    // The provider waiting is refused too, and nothing changed.
    const own = await browserCall(server.url, 'GET', '/api/admin/approvals?role=lawyer', oldest.cookie);
    expect(own.status).toBe(403);
    expect((await account(oldest.uid)).approvalRejection).toBeUndefined();
    expect(await auditOf(server.store, 'account', oldest.uid)).toEqual([]);
  });

  it('lists pending lawyers oldest first with their age, never the banned nor the approved', async () => {
    const approval = await call('POST', `/api/admin/providers/${approved.uid}/approval`, { approved: true });
    expect(approval.status).toBe(200);

    // The queue is a view: on a CouchDB cluster it shows the approval a moment after it is made.
    const { status, json } = await settled(
      () => queue('role=lawyer'),
      (answer) => answer.json.items.length === 2,
    );
    expect(status).toBe(200);
    expect(json.items.map((item) => item.uid)).toEqual([oldest.uid, german.uid]);
    const [first, second] = json.items;
    expect(first).toMatchObject({ role: 'lawyer', status: 'pending', email: 'oldest@example.test' });
    expect(first!.ageHours).toBeGreaterThanOrEqual(26);
    expect(first!.overdue).toBe(true);
    expect(second!.ageHours).toBeGreaterThanOrEqual(3);
    expect(second!.ageHours).toBeLessThan(24);
    expect(second!.overdue).toBe(false);

    const expats = await queue('role=expat');
    expect(expats.json.items.map((item) => item.uid)).toEqual([expat.uid]);
    // An expat's request has no 24-hour target of its own.
    await setCreatedAt(expat.uid, 30);
    expect((await queue('role=expat')).json.items[0]!.overdue).toBe(false);

    const newest = await settled(
      () => queue('role=lawyer&dir=desc'),
      (answer) => answer.json.items.length === 2,
    );
    expect(newest.json.items.map((item) => item.uid)).toEqual([german.uid, oldest.uid]);
  });

  it('shows everything the provider submitted, bank details masked', async () => {
    const { json } = await call<{ request: ApprovalRequestView }>(
      'GET',
      `/api/admin/approvals/${oldest.uid}`,
    );
    const request = json.request;
    expect(request.profile).toMatchObject({
      fullName: 'Inès Lefèvre',
      photo: `/api/photos/${oldest.photoId}`,
      bio: expect.stringContaining('droit des étrangers'),
      phone: '+33612345678',
      languages: ['fr', 'en'],
      residenceCountry: 'FR',
      practiceCountries: ['FR', 'TH'],
      specialties: ['immigration'],
      yearsOfExperience: 12,
      graduationYear: 2010,
      education: [{ title: 'Master 2 droit international', institution: 'Paris 1', year: 2010 }],
    });
    expect(request.kyc).toMatchObject({
      status: 'pending',
      dateOfBirth: PENDING_IDENTITY.dateOfBirth,
      address: PENDING_IDENTITY.address,
      idNumber: PENDING_IDENTITY.idNumber,
      bankAccount: `•••• ${BANK_ACCOUNT_TAIL}`,
      ifsc: '•••• 1234',
      document: {
        id: oldest.idDocumentId,
        contentType: 'application/pdf',
        url: `/api/admin/kyc/${oldest.uid}/document`,
      },
    });
    const text = JSON.stringify(json);
    expect(text).not.toContain(BANK_ACCOUNT_STORED);
    expect(text).not.toContain(PENDING_IDENTITY.ifsc);
  });

  it('pages on the server and refuses bad parameters with a code', async () => {
    // On a cluster each view read may come from another copy: one may not show the approval yet.
    const first = await settled(
      () => queue('role=lawyer&limit=1'),
      (answer) => answer.json.items[0]?.uid === oldest.uid,
    );
    expect(first.json.items.map((item) => item.uid)).toEqual([oldest.uid]);
    expect(first.json.next).toEqual(expect.any(String));
    const second = await queue(`role=lawyer&limit=1&token=${first.json.next}`);
    expect(second.json.items.map((item) => item.uid)).toEqual([german.uid]);

    const problems: [string, string][] = [
      ['', 'role'],
      ['role=client', 'role'],
      ['role=lawyer&status=approved', 'status'],
      ['role=lawyer&limit=0', 'limit'],
      ['role=lawyer&token=not-a-token!', 'token'],
    ];
    for (const [query, field] of problems) {
      const answer = (await queue(query)) as unknown as { status: number; json: ErrorAnswer };
      expect([
        query,
        answer.status,
        answer.json.error.code,
        Object.keys(answer.json.error.fields ?? {}),
      ]).toEqual([query, 400, 'validation', [field]]);
    }
    expect((await call<ErrorAnswer>('GET', '/api/admin/approvals/nobody')).status).toBe(404);
    expect((await call<ErrorAnswer>('GET', `/api/admin/approvals/${users.client.uid}`)).status).toBe(404);
  });
});

describe('rejecting a registration', () => {
  it('needs a reason of reasonable length, and a provider still waiting', async () => {
    for (const [reason, code] of [
      [undefined, 'required'],
      ['   ', 'required'],
      [42, 'required'],
      ['x'.repeat(1001), 'too_long'],
    ] as const) {
      const answer = await reject(german.uid, reason);
      expect([answer.status, answer.json.error.fields]).toEqual([400, { reason: code }]);
    }
    expect((await reject('nobody', 'Dossier incomplet')).status).toBe(404);
    const client = await reject(users.client.uid, 'Dossier incomplet');
    expect([client.status, client.json.error.code]).toEqual([409, 'not_provider']);
    const done = await reject(approved.uid, 'Dossier incomplet');
    expect([done.status, done.json.error.code]).toEqual([409, 'already_approved']);
    expect((await account(german.uid)).approvalRejection).toBeUndefined();
    expect(await auditOf(server.store, 'account', german.uid)).toEqual([]);
    expect(rejectionMails(german)).toEqual([]);
  });

  it('is kept on the account, audited once and mailed in the provider’s language', async () => {
    const reason = 'La pièce d’identité est illisible : merci d’envoyer un scan en couleur.';
    const answer = await reject(german.uid, `  ${reason}  `);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      changed: true,
      mailed: true,
      request: {
        uid: german.uid,
        status: 'rejected',
        rejection: { reason, by: users.admin.uid, mailed: true },
      },
    });
    expect((await account(german.uid)).approvalRejection).toMatchObject({
      reason,
      by: users.admin.uid,
      mailedAt: expect.any(String),
    });
    expect(await auditOf(server.store, 'account', german.uid, 1)).toEqual([
      expect.objectContaining({
        actor: users.admin.uid,
        action: 'reject',
        before: { approvalStatus: 'pending' },
        after: { approvalStatus: 'rejected' },
        reason,
      }),
    ]);

    const mail = await smtp.waitFor(isRejectionOf(german));
    expect(mail.subject).toBe('Ihre Registrierung bei SOS Expat wurde nicht freigegeben');
    expect(mail.text).toContain('Guten Tag Jonas,');
    expect(mail.text).toContain(reason);
    expect(mail.text).toContain(`${server.url}/contact`);
    expect(mail.html).toContain('lang="de"');
    expect(mail.html).toContain('La pièce d’identité est illisible');

    // The request leaves the pending queue for the rejected one.
    expect((await queue('role=lawyer')).json.items.map((item) => item.uid)).toEqual([oldest.uid]);
    const rejected = await queue('role=lawyer&status=rejected');
    expect(rejected.json.items.map((item) => item.uid)).toEqual([german.uid]);
    expect(rejected.json.items[0]!.overdue).toBe(false);
  });

  it('a second rejection, or a retried one, changes nothing, audits and mails nothing more', async () => {
    const again = await reject(german.uid, 'Un autre motif');
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ changed: false, mailed: true });
    expect(again.json.request.rejection!.reason).toMatch(/illisible/);
    const both = await Promise.all([reject(german.uid, 'Encore'), reject(german.uid, 'Encore')]);
    expect(both.map((answer) => answer.json.changed)).toEqual([false, false]);
    expect(await auditOf(server.store, 'account', german.uid, 1)).toHaveLength(1);
    expect(rejectionMails(german)).toHaveLength(1);
  });

  it('two admins rejecting at once: one rejection, one entry, one mail', async () => {
    const [a, b] = await Promise.all([reject(expat.uid, 'Motif A'), reject(expat.uid, 'Motif B')]);
    expect([a.json.changed, b.json.changed].sort()).toEqual([false, true]);
    const stored = (await account(expat.uid)).approvalRejection!;
    expect(['Motif A', 'Motif B']).toContain(stored.reason);
    expect(await auditOf(server.store, 'account', expat.uid, 1)).toHaveLength(1);
    const mail = await smtp.waitFor(isRejectionOf(expat));
    expect(mail.subject).toBe('Your SOS Expat registration was not approved');
    expect(mail.text).toContain(stored.reason);
    expect(rejectionMails(expat)).toHaveLength(1);
  });

  it('a later approval ends the rejection and publishes the profile', async () => {
    const answer = await approve(german.uid);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ isApproved: true, published: true, mailed: true });
    const stored = await account(german.uid);
    expect(stored.isApproved).toBe(true);
    // When, for the "approved but never online" automation.
    expect(Date.now() - Date.parse(stored.approvedAt!)).toBeLessThan(60_000);
    expect(stored.approvalRejection).toBeUndefined();
    expect(await getOrUndefined(server.store.db('providers'), german.uid)).toMatchObject({ isVisible: true });
    expect((await queue('role=lawyer&status=rejected')).json.items).toEqual([]);
    expect((await auditOf(server.store, 'account', german.uid, 2)).map((entry) => entry.action)).toEqual([
      'reject',
      'approve',
    ]);
  });

  it('is mailed to the provider in their language, with the link to go online', async () => {
    const mail = await smtp.waitFor(isApprovalOf(german));
    expect(mail.subject).toBe('Ihr Profil bei SOS Expat ist freigegeben');
    expect(mail.text).toContain('Guten Tag Jonas,');
    expect(mail.text).toContain('als Anwalt bei SOS Expat freigegeben');
    expect(mail.text).toContain(`${server.url}/dashboard?tab=availability`);
    expect(mail.html).toContain('lang="de"');
    expect(mail.html).toContain(`<a href="${server.url}/dashboard?tab=availability"`);
    expect(mail.headers.get('message-id')).toMatch(/^<approval\./);
    expect((await account(german.uid)).approvalMail).toMatchObject({ mailedAt: expect.any(String) });
  });

  it('a repeated approval changes nothing and mails nothing more', async () => {
    const { approvedAt } = await account(german.uid);
    const again = await approve(german.uid);
    expect([again.status, again.json.mailed]).toEqual([200, true]);
    expect((await account(german.uid)).approvedAt).toBe(approvedAt);
    expect(approvalMails(german)).toHaveLength(1);
  });

  it('two admins approving at once: one mail, in the provider’s language', async () => {
    const spanish = await registerPendingProvider(server.url, {
      role: 'expat',
      email: 'espanol@example.test',
      language: 'es',
      firstName: 'Lucía',
    });
    const both = await Promise.all([approve(spanish.uid), approve(spanish.uid)]);
    expect(both.map((answer) => answer.status)).toEqual([200, 200]);
    // The one that claimed the mail says so; the other may answer before it went out.
    expect(both.some((answer) => answer.json.mailed)).toBe(true);
    const mail = await smtp.waitFor(isApprovalOf(spanish));
    expect(mail.subject).toBe('Su perfil en SOS Expat ha sido validado');
    expect(mail.text).toContain('Hola, Lucía:');
    expect(mail.text).toContain('como expatriado colaborador en SOS Expat');
    // A moment for a stray second mail to arrive, were there one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(approvalMails(spanish)).toHaveLength(1);
    expect((await approve(spanish.uid)).json.mailed).toBe(true);
    expect(approvalMails(spanish)).toHaveLength(1);
  });

  it('approval of a waiting provider: one audit entry, and out of the queue', async () => {
    const answer = await call('POST', `/api/admin/providers/${oldest.uid}/approval`, { approved: true });
    expect(answer.status).toBe(200);
    expect((await auditOf(server.store, 'account', oldest.uid, 1)).map((entry) => entry.action)).toEqual([
      'approve',
    ]);
    expect((await queue('role=lawyer')).json.items).toEqual([]);
    const bad = await call<ErrorAnswer>('POST', `/api/admin/providers/${oldest.uid}/approval`, {
      approved: 'yes',
    });
    expect([bad.status, bad.json.error.fields]).toEqual([400, { approved: 'value_invalid' }]);
  });

  it('a mail the SMTP server refused never undoes the approval, and goes with the next request', async () => {
    refused.add(expat.email);
    const first = await approve(expat.uid);
    expect([first.status, first.json.isApproved, first.json.mailed]).toEqual([200, true, false]);
    expect((await account(expat.uid)).isApproved).toBe(true);
    expect((await account(expat.uid)).approvalMail).toEqual({ approvedAt: expect.any(String) });
    refused.delete(expat.email);
    const again = await approve(expat.uid);
    expect(again.json.mailed).toBe(true);
    const mail = await smtp.waitFor(isApprovalOf(expat));
    expect(mail.subject).toBe('Your SOS Expat profile is approved');
    expect(mail.text).toContain('Hello Paul,');
    expect(mail.text).toContain('as an expat helper on SOS Expat');
    expect(approvalMails(expat)).toHaveLength(1);
  });

  it('an approval withdrawn then given again is a new decision: mailed again', async () => {
    expect(approvalMails(oldest)).toHaveLength(1);
    expect((await approve(oldest.uid, false)).json).toMatchObject({ isApproved: false, mailed: false });
    expect((await approve(oldest.uid)).json).toMatchObject({ isApproved: true, mailed: true });
    await smtp.waitFor(() => approvalMails(oldest).length === 2);
    expect(approvalMails(oldest).map((mail) => mail.subject)).toEqual([
      'Votre profil SOS Expat est validé',
      'Votre profil SOS Expat est validé',
    ]);
  });

  it('never answered a whole bank number', () => {
    expect(answers.length).toBeGreaterThan(10);
    for (const text of answers) {
      expect(text).not.toContain(BANK_ACCOUNT_STORED);
      expect(text).not.toContain(PENDING_IDENTITY.bankAccountNumber);
      expect(text).not.toContain(PENDING_IDENTITY.ifsc);
    }
  });
});
