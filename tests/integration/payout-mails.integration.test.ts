/**
 * The mail a provider gets when a payout is sent, on the real service with a real SMTP server
 * (smtp-server): one mail per payout, in the provider's language, with the amount in its currency
 * and a link to their earnings; an admin's stored template for a language in place of the built-in
 * wording; nothing more from a second run the same day; a mail the SMTP server refused leaves the
 * payout paid and goes out with the next run; a mail a dead run left `sending` is sent once by the
 * next; an affiliate gets none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIds } from '../../src/domain/account';
import type { Account } from '../../src/domain/account';
import type { Language } from '../../src/domain/languages';
import type { PayoutRunSummary } from '../../src/domain/payouts';
import type { PayoutDoc } from '../../server/services/payouts/records';
import { mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { earn, earnAsAffiliate, SHARE } from '../support/payouts';
import { browserCall, mintUser } from '../support/sessions';
import { startSmtpReceiver } from '../support/smtp-receiver';
import type { ReceivedMail, SmtpReceiver } from '../support/smtp-receiver';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let smtp: SmtpReceiver;
let server: TestServer;
let users: RoleUsers;
/** Addresses the SMTP server refuses for now (550). */
const refused = new Set<string>();

beforeAll(async () => {
  smtp = await startSmtpReceiver({
    refuseRecipient: (address) => (refused.has(address) ? 'Mailbox unavailable' : undefined),
  });
  server = await startTestServer({
    env: (url) => ({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'SOS Expat <no-reply@sos-expat.test>',
      PUBLIC_URL: url,
      PAYOUT_DAILY_AT: 'off',
    }),
  });
  users = await mintRoles(server.store, 'pmail');
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const admin = (method: string, path: string, body?: unknown) =>
  browserCall(server.url, method, path, users.admin.cookie, body);

async function run(): Promise<PayoutRunSummary> {
  const answer = await admin('POST', '/api/admin/payouts/run', {});
  expect(answer.status).toBe(200);
  return (answer.json as { run: PayoutRunSummary }).run;
}

/** A lawyer with one consultation's share to be paid, speaking `language`. */
async function provider(uid: string, language: Language, firstName: string) {
  const user = await mintUser(server.store, uid, 'lawyer');
  const accounts = server.store.db<Account>('accounts');
  const account = await accounts.get(accountIds.account(uid));
  await accounts.insert({ ...account, preferredLanguage: language, firstName });
  await earn(server.store, uid);
  return user;
}

const payoutMailsTo = (email: string) =>
  smtp.mails.filter(
    (mail: ReceivedMail) => mail.to.includes(email) && mail.headers.get('x-sos-expat-mail') === 'payout_sent',
  );

const money = (language: Language) =>
  new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(SHARE / 100);

const payoutOf = async (uid: string) => {
  const { rows } = await server.store.db<PayoutDoc>('payouts').list({ include_docs: true });
  return rows.map((row) => row.doc!).find((doc) => doc.type === 'payout' && doc.providerId === uid)!;
};

describe('the payout mail', () => {
  it('goes once to each provider paid, in their language, an admin’s template in place of the built-in one', async () => {
    const saved = await admin('PUT', '/api/admin/comms/templates/payout_sent/fr', {
      subject: '{{firstName}}, {{amount}} versés',
      text: '{{greeting}}\n\nVersé le {{paidDate}} : {{amount}}.\nVos gains : {{earningsLink}}\n',
      rev: null,
    });
    expect(saved.status).toBe(200);
    const german = await provider('pmail-de', 'de', 'Jonas');
    const french = await provider('pmail-fr', 'fr', 'Inès');
    // An affiliate, and the provider of its client's consultation, who has no account.
    const withoutAccount = 'affiliate-lawyer-PMAIL-PARTNER';
    const affiliate = await earnAsAffiliate(server.store, 'PMAIL-PARTNER', withoutAccount);

    const first = await run();
    expect(first.payouts.map((payout) => [payout.providerId, payout.state]).sort()).toEqual(
      [
        [affiliate, 'paid'],
        [withoutAccount, 'paid'],
        [french.uid, 'paid'],
        [german.uid, 'paid'],
      ].sort(),
    );

    const [de] = payoutMailsTo(german.email);
    expect(de!.subject).toBe(`Auszahlung über ${money('de')} veranlasst – SOS Expat`);
    expect(de!.text).toContain('Guten Tag Jonas,');
    expect(de!.text).toContain(`Ausgezahlter Betrag: ${money('de')}`);
    const today = new Intl.DateTimeFormat('de', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date());
    expect(de!.text).toContain(`Datum der Auszahlung: ${today}`);
    expect(de!.text).toContain(`${server.url}/dashboard?tab=calls`);
    expect(de!.html).toContain('lang="de"');
    expect(de!.headers.get('message-id')).toMatch(/^<payout\./);

    const [fr] = payoutMailsTo(french.email);
    expect(fr!.subject).toBe(`Inès, ${money('fr')} versés`);
    expect(fr!.text).toContain(`Bonjour Inès,\n\nVersé le `);
    expect(fr!.text).toContain(`Vos gains : ${server.url}/dashboard?tab=calls`);

    expect((await payoutOf(german.uid)).mail).toMatchObject({ state: 'sent', attempts: 1 });
    // An affiliate is never mailed; a payee whose account is gone is skipped.
    expect((await payoutOf(affiliate)).mail).toBeUndefined();
    expect((await payoutOf(withoutAccount)).mail).toMatchObject({ state: 'skipped' });

    // A second run the same day pays and mails nothing more.
    expect((await run()).payouts).toEqual([]);
    expect(payoutMailsTo(german.email)).toHaveLength(1);
    expect(payoutMailsTo(french.email)).toHaveLength(1);
  });

  it('a mail the SMTP server refused leaves the payout paid, and goes out with the next run', async () => {
    const english = await provider('pmail-en', 'en', 'Emma');
    refused.add(english.email);
    const first = await run();
    expect(first.payouts).toEqual([expect.objectContaining({ providerId: english.uid, state: 'paid' })]);
    const failed = await payoutOf(english.uid);
    expect(failed.state).toBe('paid');
    expect(failed.mail).toMatchObject({
      state: 'failed',
      attempts: 1,
      error: expect.stringContaining('550'),
    });
    expect(payoutMailsTo(english.email)).toEqual([]);

    refused.delete(english.email);
    expect((await run()).payouts).toEqual([]);
    const [mail] = payoutMailsTo(english.email);
    expect(mail!.subject).toBe(`Payout of ${money('en')} sent – SOS Expat`);
    expect(mail!.text).toContain('Hello Emma,');
    const sent = await payoutOf(english.uid);
    expect(sent.mail).toMatchObject({ state: 'sent', attempts: 2 });
    // The marks never touch the payout itself: its paid time stays what the dashboard shows.
    expect(sent.updatedAt).toBe(failed.updatedAt);
    await run();
    expect(payoutMailsTo(english.email)).toHaveLength(1);
  });

  it('a mail a dead run left `sending` is sent once by the next run, with the same Message-ID', async () => {
    const russian = await provider('pmail-ru', 'ru', 'Анна');
    refused.add(russian.email);
    await run();
    refused.delete(russian.email);
    // As a run killed during the SMTP transaction leaves it.
    const payouts = server.store.db<PayoutDoc>('payouts');
    const paid = await payoutOf(russian.uid);
    await payouts.insert({ ...paid, mail: { state: 'sending', attempts: 1, by: 'a-dead-process' } });
    await run();
    const mails = payoutMailsTo(russian.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Выплата ${money('ru')} отправлена – SOS Expat`);
    expect(mails[0]!.headers.get('message-id')).toBe(
      `<${paid._id.replace(/[^A-Za-z0-9_-]+/g, '.')}@sos-expat.test>`,
    );
    await run();
    expect(payoutMailsTo(russian.email)).toHaveLength(1);
  });
});
