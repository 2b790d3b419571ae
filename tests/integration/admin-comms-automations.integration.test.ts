/**
 * Automations (`/api/admin/comms/automations…`) on the real app with a real SMTP server (smtp-server):
 * admins only; bad input refused with a code per field; a stale save refused; each trigger messages
 * each person once after its delay and not before, only for events after it was switched on, only
 * while its condition holds (a client who booked meanwhile gets nothing), in their language (French
 * when none was written in it), never to a suppressed address; a switched-off automation sends
 * nothing; runs at once send once. Time is the runner's `now` and the dates written in the store:
 * the automation's `enabledAt`, sign-ups, failures and approvals in the past.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIds } from '../../src/domain/account';
import type { AutomationListItem, AutomationSendView } from '../../src/domain/comms-automations';
import type { NotificationDoc } from '../../src/domain/mine';
import { userDbName } from '../../src/domain/user-db';
import type { StoredAccount } from '../../server/services/accounts';
import { evaluateAutomations } from '../../server/services/comms/automation-runner';
import { automationDocId } from '../../server/services/comms/automation-records';
import type { AutomationDoc } from '../../server/services/comms/automation-records';
import { upsertDoc } from '../../server/store/store';
import { auditOf, expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { mintAudienceUser } from '../support/comms';
import type { Audience } from '../support/comms';
import { storeOrder } from '../support/orders';
import { browserCall } from '../support/sessions';
import { startSmtpReceiver } from '../support/smtp-receiver';
import type { ReceivedMail, SmtpReceiver } from '../support/smtp-receiver';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

const DAY = 86_400_000;
let smtp: SmtpReceiver;
let server: TestServer;
let users: RoleUsers;

const MAIL_TEXTS = {
  fr: { subject: 'Besoin d’aide ?', body: 'Bonjour,\n\nUn expert vous répond en quelques minutes.' },
  en: { subject: 'Need a hand?', body: 'Hello,\n\nAn expert answers within minutes.' },
  de: { subject: 'Brauchen Sie Hilfe?', body: 'Hallo,\n\nEin Experte antwortet in wenigen Minuten.' },
};

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({
    env: (url) => ({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'SOS Expat <news@sos-expat.test>',
      PUBLIC_URL: url,
      CAMPAIGN_RATE_PER_MINUTE: '100000',
    }),
  });
  users = await mintRoles(server.store, 'auto');
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const call = (method: string, path: string, body?: unknown, cookie = users.admin.cookie) =>
  browserCall(server.url, method, path, cookie, body);
const errorOf = (answer: { json: unknown }) =>
  (answer.json as { error: { code: string; fields?: Record<string, string> } }).error;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const run = (now = new Date()) => evaluateAutomations(server.store, server.config, { now });

async function create(body: Record<string, unknown>): Promise<AutomationListItem> {
  const answer = await call('POST', '/api/admin/comms/automations', body);
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return (answer.json as { automation: AutomationListItem }).automation;
}
const read = async (id: string) =>
  ((await call('GET', `/api/admin/comms/automations/${id}`)).json as { automation: AutomationListItem })
    .automation;
const sendsOf = async (id: string) =>
  (
    (await call('GET', `/api/admin/comms/automations/${id}/sends?limit=100`)).json as {
      items: AutomationSendView[];
    }
  ).items;

/** As if it had been switched on `days` ago (the store's own record: no route changes that time). */
async function switchedOnAgo(id: string, days: number): Promise<void> {
  await upsertDoc<AutomationDoc>(server.store, 'comms', automationDocId(id), (doc) =>
    doc ? { ...doc, enabledAt: ago(days) } : undefined,
  );
}

async function person(uid: string, facts: Audience & { approvedAt?: string; firstOnlineAt?: string }) {
  await mintAudienceUser(server.store, uid, facts);
  if (facts.approvedAt || facts.firstOnlineAt) {
    const accounts = server.store.db<StoredAccount>('accounts');
    const account = await accounts.get(accountIds.account(uid));
    await accounts.insert({
      ...account,
      ...(facts.approvedAt ? { approvedAt: facts.approvedAt } : {}),
      ...(facts.firstOnlineAt ? { firstOnlineAt: facts.firstOnlineAt } : {}),
    });
  }
}

/** The mails of an automation, by recipient. */
function mailsOf(id: string): Map<string, ReceivedMail[]> {
  const byRecipient = new Map<string, ReceivedMail[]>();
  for (const mail of smtp.mails) {
    if (!mail.headers.get('message-id')?.includes(`automation-send.${id}.`)) continue;
    for (const to of mail.to) byRecipient.set(to, [...(byRecipient.get(to) ?? []), mail]);
  }
  return byRecipient;
}

const base = {
  name: 'Relance inscription',
  trigger: 'signed_up_not_booked',
  delay: { value: 7, unit: 'days' },
  channel: 'mail',
  texts: MAIL_TEXTS,
};

describe('automations', () => {
  it('are for admins only', async () => {
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/comms/automations');
    await expectAdminOnly(server.url, users, 'POST', '/api/admin/comms/automations', base);
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/comms/automations/abc');
    await expectAdminOnly(server.url, users, 'PUT', '/api/admin/comms/automations/abc', base);
    await expectAdminOnly(server.url, users, 'POST', '/api/admin/comms/automations/abc/enable');
    await expectAdminOnly(server.url, users, 'POST', '/api/admin/comms/automations/abc/disable');
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/comms/automations/abc/sends');
  });

  it('refuses bad input with a code per field and writes nothing', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{ ...base, texts: { en: MAIL_TEXTS.en } }, { 'texts.fr': 'required' }],
      [
        { ...base, name: ' ', trigger: 'birthday' },
        { name: 'required', trigger: 'value_invalid' },
      ],
      [{ ...base, delay: { value: 366, unit: 'days' } }, { 'delay.value': 'too_far' }],
      [{ ...base, delay: { value: 1.5, unit: 'hours' } }, { 'delay.value': 'value_invalid' }],
      [{ ...base, delay: { value: 2, unit: 'weeks' } }, { 'delay.unit': 'value_invalid' }],
      [{ ...base, channel: 'sms' }, { channel: 'value_invalid' }],
      [
        { ...base, texts: { fr: { subject: 'x'.repeat(151), body: '' } } },
        { 'texts.fr.subject': 'too_long', 'texts.fr.body': 'required' },
      ],
      // A notification's texts are a title and a body, with the notifications' limits.
      [
        { ...base, channel: 'notification' },
        { 'texts.fr.subject': 'unknown_field', 'texts.fr.title': 'required' },
      ],
      [
        { ...base, enabled: 'yes', colour: 'red' },
        { enabled: 'value_invalid', colour: 'unknown_field' },
      ],
      [{ ...base, rev: '1-abc' }, { rev: 'unknown_field' }],
    ];
    for (const [body, fields] of cases) {
      const answer = await call('POST', '/api/admin/comms/automations', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(answer)).toMatchObject({ code: 'validation', fields });
    }
    const notObject = await call('POST', '/api/admin/comms/automations', ['x']);
    expect([notObject.status, errorOf(notObject).code]).toEqual([400, 'validation']);
    const unknown = await call('GET', '/api/admin/comms/automations/no-such-one');
    expect([unknown.status, errorOf(unknown).code]).toEqual([404, 'not_found']);
    const badState = await call('GET', '/api/admin/comms/automations/abc/sends?state=lost');
    expect([badState.status, errorOf(badState).fields]).toEqual([400, { state: 'value_invalid' }]);
    const list = await call('GET', '/api/admin/comms/automations');
    expect((list.json as { items: unknown[] }).items).toEqual([]);
  });

  it('are edited from the revision read, switched on and off, each change audited', async () => {
    const made = await create({ ...base, name: 'Brouillon' });
    expect(made).toMatchObject({ enabled: false, counts: { sent: 0, failed: 0, suppressed: 0, queued: 0 } });
    expect(made.enabledAt).toBeUndefined();
    const path = `/api/admin/comms/automations/${made.id}`;
    const edit = { ...base, name: 'Relance J+3' };
    const rev = made.rev;
    const noRev = await call('PUT', path, edit);
    expect([noRev.status, errorOf(noRev).fields]).toEqual([400, { rev: 'required' }]);
    const saved = await call('PUT', path, { ...edit, rev });
    expect(saved.status).toBe(200);
    const stale = await call('PUT', path, { ...edit, name: 'Autre', rev });
    expect([stale.status, errorOf(stale).code]).toEqual([409, 'automation_changed']);
    const on = await call('POST', `${path}/enable`);
    const enabled = (on.json as { automation: AutomationListItem }).automation;
    expect(enabled).toMatchObject({ name: 'Relance J+3', enabled: true });
    expect(Date.parse(enabled.enabledAt!)).toBeGreaterThan(Date.now() - 60_000);
    await call('POST', `${path}/enable`); // already on: nothing changes, nothing audited
    await call('POST', `${path}/disable`);
    expect((await read(made.id)).enabled).toBe(false);
    const actions = (await auditOf(server.store, 'automation', made.id, 4)).map((entry) => entry.action);
    expect(actions).toEqual([
      'automation_create',
      'automation_update',
      'automation_enable',
      'automation_disable',
    ]);
  });

  it('mails a client who has not booked, once, after the delay, in their language; never to a suppressed address', async () => {
    const automation = await create({ ...base, enabled: true });
    await switchedOnAgo(automation.id, 30);
    await person('su-fr', { language: 'fr', createdAt: ago(10) });
    await person('su-en', { language: 'en', createdAt: ago(9) });
    await person('su-es', { language: 'es', createdAt: ago(8) }); // no Spanish text: French
    await person('su-young', { language: 'de', createdAt: ago(3) }); // not yet due
    await person('su-before', { language: 'en', createdAt: ago(40) }); // before it was switched on
    await person('su-booked', { language: 'en', createdAt: ago(10) });
    await storeOrder(server.store, {
      orderId: 'ord-su-booked',
      clientUid: 'su-booked',
      providerId: 'p1',
      state: 'paid',
    });
    await person('su-lawyer', { role: 'lawyer', language: 'en', createdAt: ago(10) }); // clients only
    await person('su-banned', { language: 'en', createdAt: ago(10), banned: true });
    await person('su-stop', { language: 'en', createdAt: ago(10) });
    const suppressed = await call('POST', '/api/admin/comms/suppression', { email: 'su-stop@example.test' });
    expect(suppressed.status).toBe(201);

    // Two runs at once, then a third: each claim is created once, so each mail goes once.
    await Promise.all([run(), run()]);
    await run();
    let mails = mailsOf(automation.id);
    expect([...mails.keys()].sort()).toEqual(
      ['su-en@example.test', 'su-es@example.test', 'su-fr@example.test'].sort(),
    );
    for (const list of mails.values()) expect(list).toHaveLength(1);
    const only = (to: string) => mails.get(to)![0]!;
    expect(only('su-fr@example.test').subject).toBe(MAIL_TEXTS.fr.subject);
    expect(only('su-en@example.test').subject).toBe(MAIL_TEXTS.en.subject);
    expect(only('su-es@example.test').subject).toBe(MAIL_TEXTS.fr.subject);
    const english = only('su-en@example.test');
    expect(english.text).toContain('An expert answers within minutes.');
    expect(english.headers.get('x-sos-expat-mail')).toBe('automation');
    expect(english.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(english.headers.get('list-unsubscribe')).toMatch(
      /^<http:\/\/127\.0\.0\.1:\d+\/unsubscribe\?token=/,
    );

    // Four days later the young one is due (7 days after signing up), and only they are mailed.
    await run(new Date(Date.now() + 5 * DAY));
    mails = mailsOf(automation.id);
    expect(mails.get('su-young@example.test')?.map((mail) => mail.subject)).toEqual([MAIL_TEXTS.de.subject]);
    expect([...mails.values()].every((list) => list.length === 1)).toBe(true);

    const figures = await read(automation.id);
    expect(figures.counts).toEqual({ sent: 4, failed: 0, suppressed: 1, queued: 0 });
    expect(figures.lastRunAt).toBeDefined();
    const sends = await sendsOf(automation.id);
    expect(sends.map((send) => send.uid).sort()).toEqual(['su-en', 'su-es', 'su-fr', 'su-stop', 'su-young']);
    expect(sends.find((send) => send.uid === 'su-stop')).toMatchObject({ state: 'suppressed' });
    expect(sends.find((send) => send.uid === 'su-es')).toMatchObject({ state: 'sent', language: 'es' });
  });

  it('mails each client once when runs race, a mail being marked sent while another run looks, 5 rounds', async () => {
    for (let round = 0; round < 5; round++) {
      const automation = await create({ ...base, name: `Course ${round}`, enabled: true });
      await switchedOnAgo(automation.id, 30);
      const uids = Array.from({ length: 8 }, (_, index) => `race-${round}-${index}`);
      for (const uid of uids) await person(uid, { language: 'en', createdAt: ago(10) });
      await Promise.all([run(), run(), run()]);
      await run();
      const mails = mailsOf(automation.id);
      for (const uid of uids) expect(mails.get(`${uid}@example.test`), uid).toHaveLength(1);
      expect([...mails.values()].every((list) => list.length === 1)).toBe(true);
      await call('POST', `/api/admin/comms/automations/${automation.id}/disable`);
    }
  });

  it('mails the client of each failed consultation once, unless they booked again since', async () => {
    const automation = await create({
      ...base,
      name: 'Consultation échouée',
      trigger: 'consultation_failed',
      delay: { value: 2, unit: 'hours' },
      enabled: true,
    });
    await switchedOnAgo(automation.id, 5);
    const failed = (orderId: string, clientUid: string, at: string) =>
      storeOrder(server.store, {
        orderId,
        clientUid,
        providerId: 'p1',
        state: 'failed',
        payment: { state: 'released', releasedAt: at },
        createdAt: at,
      });
    await person('cf-de', { language: 'de', createdAt: ago(20) });
    await failed('ord-cf-de-1', 'cf-de', ago(1));
    await failed('ord-cf-de-2', 'cf-de', ago(2)); // a second failure: a second message
    await person('cf-again', { language: 'en', createdAt: ago(20) });
    await failed('ord-cf-again', 'cf-again', ago(2));
    await storeOrder(server.store, {
      orderId: 'ord-cf-again-ok',
      clientUid: 'cf-again',
      providerId: 'p1',
      state: 'paid',
      createdAt: ago(1),
    });
    await person('cf-recent', { language: 'en', createdAt: ago(20) });
    await failed('ord-cf-recent', 'cf-recent', new Date(Date.now() - 3_600_000).toISOString()); // 1 h ago
    await person('cf-old', { language: 'en', createdAt: ago(20) });
    await failed('ord-cf-old', 'cf-old', ago(6)); // before it was switched on

    await run();
    await run();
    const mails = mailsOf(automation.id);
    expect([...mails.keys()]).toEqual(['cf-de@example.test']);
    expect(mails.get('cf-de@example.test')!.map((mail) => mail.subject)).toEqual([
      MAIL_TEXTS.de.subject,
      MAIL_TEXTS.de.subject,
    ]);
    const ids = new Set(mails.get('cf-de@example.test')!.map((mail) => mail.headers.get('message-id')));
    expect(ids.size).toBe(2);
    // Two hours after it failed, the recent one is due.
    await run(new Date(Date.now() + 2 * 3_600_000));
    expect(mailsOf(automation.id).get('cf-recent@example.test')).toHaveLength(1);
  });

  it('notifies a provider approved who never went online, in their language, once', async () => {
    const automation = await create({
      name: 'Jamais en ligne',
      trigger: 'provider_approved_never_online',
      delay: { value: 3, unit: 'days' },
      channel: 'notification',
      texts: {
        fr: { title: 'Passez en ligne', body: 'Les clients vous attendent.' },
        ru: { title: 'Выйдите в сеть', body: 'Клиенты ждут вас.' },
      },
      enabled: true,
    });
    await switchedOnAgo(automation.id, 10);
    await person('po-ru', { role: 'lawyer', language: 'ru', approved: true, approvedAt: ago(4) });
    await person('po-fr', { role: 'expat', language: 'en', approved: true, approvedAt: ago(4) });
    await person('po-was-online', {
      role: 'lawyer',
      approved: true,
      approvedAt: ago(4),
      firstOnlineAt: ago(3),
    });
    await person('po-online', { role: 'expat', approved: true, approvedAt: ago(4), online: true });
    await person('po-fresh', { role: 'lawyer', approved: true, approvedAt: ago(1) });
    await Promise.all([run(), run()]);
    await run();
    const notes = async (uid: string) => {
      const { rows } = await server.store.db<NotificationDoc>(userDbName(uid)).list({
        startkey: 'notification:auto:',
        endkey: 'notification:auto:\ufff0',
        include_docs: true,
      });
      return rows.map((row) => row.doc!.params);
    };
    expect(await notes('po-ru')).toEqual([{ title: 'Выйдите в сеть', body: 'Клиенты ждут вас.' }]);
    expect(await notes('po-fr')).toEqual([{ title: 'Passez en ligne', body: 'Les clients vous attendent.' }]);
    expect(await notes('po-was-online')).toEqual([]);
    expect(await notes('po-online')).toEqual([]);
    expect(await notes('po-fresh')).toEqual([]);
    expect((await read(automation.id)).counts).toEqual({ sent: 2, failed: 0, suppressed: 0, queued: 0 });
  });

  it('sends nothing while switched off, and nothing from before it was switched back on', async () => {
    const automation = await create({ ...base, name: 'Éteinte' });
    await switchedOnAgo(automation.id, 30); // an old switching on, then off: nothing is due
    await person('off-1', { language: 'fr', createdAt: ago(10) });
    await run();
    expect(mailsOf(automation.id).size).toBe(0);
    await call('POST', `/api/admin/comms/automations/${automation.id}/enable`);
    await run(new Date(Date.now() + 30 * DAY));
    expect(mailsOf(automation.id).size).toBe(0); // off-1 signed up before it was switched on
    expect((await read(automation.id)).counts.sent).toBe(0);
  });
});
