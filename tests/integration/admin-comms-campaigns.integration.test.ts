/**
 * Mail campaigns and the suppression list (`/api/admin/comms/campaigns…`, `/api/admin/comms/
 * suppression…`, `/unsubscribe`) on the real app with a real SMTP server (smtp-server): admins only;
 * bad input refused before anything is written; a campaign to a segment reaches each recipient once,
 * in their language or else in French, with RFC 8058 unsubscribe headers and a link; the one-click
 * POST puts the address on the suppression list, so the next campaign skips it while a password
 * reset still reaches it; an address the SMTP server refuses (550 at RCPT TO) ends `bounced` with the
 * server's reason, and is suppressed (comms-deliverability.integration.test.ts says more).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIds } from '../../src/domain/account';
import type { CampaignView, MailDeliveryView, SuppressionView } from '../../src/domain/comms-campaigns';
import type { StoredAccount } from '../../server/services/accounts';
import { campaignSender } from '../../server/services/comms/campaign-sender';
import { readCampaign } from '../../server/services/comms/campaigns';
import type { SegmentView } from '../../server/services/comms/segments';
import { requestPasswordReset } from '../../server/services/verification';
import { createPasswordAccount } from '../support/accounts';
import { auditOf, expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { mintAudienceUser } from '../support/comms';
import { browserCall } from '../support/sessions';
import { startSmtpReceiver } from '../support/smtp-receiver';
import type { ReceivedMail, SmtpReceiver } from '../support/smtp-receiver';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

const REFUSED = 'c-refused@example.test';
let smtp: SmtpReceiver;
let server: TestServer;
let users: RoleUsers;
let segment: SegmentView;
let reader: { uid: string; email: string };

const TEXTS = {
  fr: { subject: 'Nouveautés de novembre', body: 'Bonjour,\n\nLes consultations vidéo arrivent.' },
  en: { subject: 'What’s new in November', body: 'Hello,\n\nVideo consultations are coming.' },
  de: { subject: 'Neu im November', body: 'Hallo,\n\nVideoberatungen kommen.' },
};

beforeAll(async () => {
  smtp = await startSmtpReceiver({
    refuseRecipient: (address) => (address === REFUSED ? 'Mailbox unavailable' : undefined),
  });
  server = await startTestServer({
    env: (url) => ({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'SOS Expat <news@sos-expat.test>',
      PUBLIC_URL: url,
      CAMPAIGN_RATE_PER_MINUTE: '100000',
    }),
  });
  users = await mintRoles(server.store, 'camp');
  const facts = [
    ['c-fr', { language: 'fr', country: 'PT' }],
    ['c-en', { language: 'en', country: 'PT' }],
    ['c-de', { role: 'lawyer', language: 'de', country: 'PT', approved: true }],
    ['c-es', { language: 'es', country: 'PT' }],
    ['c-refused', { language: 'en', country: 'PT' }],
    ['c-banned', { language: 'en', country: 'PT', banned: true }],
    ['c-outsider', { language: 'en', country: 'IT' }],
  ] as const;
  for (const [uid, fact] of facts) await mintAudienceUser(server.store, uid, fact);
  // One with a password, so that a reset mail can reach it; German, in the segment's country.
  const withPassword = await createPasswordAccount(server.store, {
    email: 'Reader.De@example.test',
    language: 'de',
  });
  const accounts = server.store.db<StoredAccount>('accounts');
  const account = await accounts.get(accountIds.account(withPassword.uid));
  await accounts.insert({ ...account, listing: { ...account.listing, country: 'PT' } } as StoredAccount);
  reader = withPassword;
  const created = await call('POST', '/api/admin/comms/segments', {
    name: 'Portugal',
    rules: { countries: ['PT'] },
  });
  segment = (created.json as { segment: SegmentView }).segment;
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const call = (method: string, path: string, body?: unknown, cookie = users.admin.cookie) =>
  browserCall(server.url, method, path, cookie, body);
const errorOf = (answer: { json: unknown }) =>
  (answer.json as { error: { code: string; fields?: Record<string, string> } }).error;
const campaignOf = async (id: string) =>
  ((await call('GET', `/api/admin/comms/campaigns/${id}`)).json as { campaign: CampaignView }).campaign;
const recipientsOf = async (id: string) =>
  (
    (await call('GET', `/api/admin/comms/campaigns/${id}/recipients?limit=100`)).json as {
      items: MailDeliveryView[];
    }
  ).items;

async function sendAndWait(body: unknown): Promise<CampaignView> {
  const answer = await call('POST', '/api/admin/comms/campaigns', body);
  expect(answer.status, JSON.stringify(answer.json)).toBe(202);
  const { id } = (answer.json as { campaign: CampaignView }).campaign;
  await campaignSender(server.store, server.config).idle();
  return campaignOf(id);
}

const mailsOf = (campaign: CampaignView) =>
  smtp.mails.filter((mail) => mail.headers.get('message-id')?.includes(`campaign.${campaign.id}.`));

/** The unsubscribe link of a mail: the same in the header, the text and the HTML. */
function unsubscribeLink(mail: ReceivedMail): string {
  const header = /^<([^>]+)>$/.exec(mail.headers.get('list-unsubscribe') ?? '')?.[1];
  expect(header).toMatch(new RegExp(`^${server.url}/unsubscribe\\?token=[A-Za-z0-9_.%-]+$`));
  expect(mail.text).toContain(header);
  expect(mail.html).toContain(header!.replace(/&/g, '&amp;'));
  return header!;
}

describe('mail campaigns', () => {
  it('are for admins only', async () => {
    const body = { segmentId: segment.id, texts: { fr: TEXTS.fr } };
    await expectAdminOnly(server.url, users, 'POST', '/api/admin/comms/campaigns', body);
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/comms/campaigns');
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/comms/campaigns/abc');
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/comms/campaigns/abc/recipients');
    await expectAdminOnly(server.url, users, 'POST', '/api/admin/comms/campaigns/abc/cancel');
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/comms/suppression');
    await expectAdminOnly(server.url, users, 'POST', '/api/admin/comms/suppression', { email: 'a@b.test' });
    await expectAdminOnly(server.url, users, 'DELETE', '/api/admin/comms/suppression/a@b.test');
  });

  it('has no provider report endpoint while MAIL_EVENTS_SECRET is unset', async () => {
    const answer = await fetch(`${server.url}/api/mail/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(answer.status).toBe(404);
  });

  it('refuses bad input with a code per field and writes nothing', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{ segmentId: segment.id, texts: { en: TEXTS.en } }, { 'texts.fr': 'required' }],
      [
        { segmentId: segment.id, texts: { fr: { subject: 'x'.repeat(151), body: '' } } },
        { 'texts.fr.subject': 'too_long', 'texts.fr.body': 'required' },
      ],
      [{ segmentId: 'Not An Id', texts: { fr: TEXTS.fr } }, { segmentId: 'value_invalid' }],
      [
        { texts: { fr: TEXTS.fr }, colour: 'red' },
        { segmentId: 'required', colour: 'unknown_field' },
      ],
      [
        { segmentId: segment.id, texts: { fr: TEXTS.fr, it: TEXTS.fr }, scheduledAt: '2020-01-01T00:00:00Z' },
        { 'texts.it': 'unknown_field', scheduledAt: 'in_past' },
      ],
      [
        { segmentId: segment.id, texts: { fr: TEXTS.fr }, scheduledAt: 'tomorrow' },
        { scheduledAt: 'value_invalid' },
      ],
    ];
    for (const [body, fields] of cases) {
      const answer = await call('POST', '/api/admin/comms/campaigns', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(answer)).toMatchObject({ code: 'validation', fields });
    }
    const notObject = await call('POST', '/api/admin/comms/campaigns', ['x']);
    expect([notObject.status, errorOf(notObject).code]).toEqual([400, 'validation']);
    const unknown = await call('POST', '/api/admin/comms/campaigns', {
      segmentId: 'no-such-segment',
      texts: { fr: TEXTS.fr },
    });
    expect([unknown.status, errorOf(unknown).code]).toEqual([404, 'segment_not_found']);
    const badState = await call('GET', '/api/admin/comms/campaigns/abc/recipients?state=lost');
    expect([badState.status, errorOf(badState).fields]).toEqual([400, { state: 'value_invalid' }]);
    const list = await call('GET', '/api/admin/comms/campaigns');
    expect((list.json as { items: CampaignView[] }).items).toEqual([]);
    expect(smtp.mails).toEqual([]);
  });

  it('mails each recipient once, in their language, with a one-click unsubscribe link', async () => {
    const campaign = await sendAndWait({ segmentId: segment.id, texts: TEXTS });
    expect(campaign).toMatchObject({
      state: 'complete',
      total: 6,
      counts: { queued: 0, sent: 5, failed: 0, bounced: 1, suppressed: 0 },
    });
    const mails = mailsOf(campaign);
    const byRecipient = new Map<string, ReceivedMail[]>();
    for (const mail of mails)
      for (const to of mail.to) byRecipient.set(to, [...(byRecipient.get(to) ?? []), mail]);
    expect([...byRecipient.keys()].sort()).toEqual(
      [
        'c-de@example.test',
        'c-en@example.test',
        'c-es@example.test',
        'c-fr@example.test',
        reader.email,
      ].sort(),
    );
    for (const list of byRecipient.values()) expect(list).toHaveLength(1);
    const subjectOf = (to: string) => byRecipient.get(to)![0]!.subject;
    expect(subjectOf('c-fr@example.test')).toBe(TEXTS.fr.subject);
    expect(subjectOf('c-en@example.test')).toBe(TEXTS.en.subject);
    expect(subjectOf('c-de@example.test')).toBe(TEXTS.de.subject);
    expect(subjectOf('c-es@example.test')).toBe(TEXTS.fr.subject); // no Spanish text: French
    const german = byRecipient.get('c-de@example.test')![0]!;
    expect(german.text).toContain('Videoberatungen kommen.');
    expect(german.html).toContain('<html lang="de">');
    expect(german.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(german.headers.get('x-sos-expat-mail')).toBe('campaign');
    unsubscribeLink(german);

    // The refused address: bounced, with the SMTP server's answer.
    const recipients = await recipientsOf(campaign.id);
    expect(recipients.map((r) => [r.uid, r.state]).sort()).toEqual(
      [
        ['c-de', 'sent'],
        ['c-en', 'sent'],
        ['c-es', 'sent'],
        ['c-fr', 'sent'],
        ['c-refused', 'bounced'],
        [reader.uid, 'sent'],
      ].sort(),
    );
    const refused = recipients.find((r) => r.uid === 'c-refused')!;
    expect(refused.failure).toMatch(/550.*Mailbox unavailable/);
    expect(await auditOf(server.store, 'campaign', campaign.id, 1)).toMatchObject([
      { actor: users.admin.uid, action: 'campaign_send' },
    ]);
  });

  it('lets a recipient unsubscribe with one POST; the next campaign skips them, a reset still reaches them', async () => {
    const [first] = (
      (await call('GET', '/api/admin/comms/campaigns')).json as { items: CampaignView[] }
    ).items.slice(-1);
    const mail = mailsOf(first!).find((m) => m.to.includes(reader.email))!;
    const link = unsubscribeLink(mail);

    // The page the link opens asks first (a link scanner's GET changes nothing), in German.
    const page = await fetch(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Keine Newsletter mehr an reader.de@example.test senden?');
    expect(html).toContain('<form method="post"');
    const before = (await call('GET', '/api/admin/comms/suppression')).json as { items: SuppressionView[] };
    expect(before.items.map((item) => item.email)).toEqual(['c-refused@example.test']);

    // A forged token does nothing.
    const forged = await fetch(link.replace(/.{4}$/, 'AAAA'), { method: 'POST' });
    expect(forged.status).toBe(400);

    // The mail client's one-click POST (RFC 8058): no session, no CSRF header.
    const oneClick = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('Erledigt');
    const listed = (await call('GET', '/api/admin/comms/suppression?q=READER')).json as {
      items: SuppressionView[];
    };
    expect(listed.items).toMatchObject([
      { email: 'reader.de@example.test', reason: 'unsubscribed', by: 'recipient', campaignId: first!.id },
    ]);

    const second = await sendAndWait({ segmentId: segment.id, texts: { fr: TEXTS.fr } });
    // The bounced address is suppressed too.
    expect(second.counts).toEqual({ queued: 0, sent: 4, failed: 0, bounced: 0, suppressed: 2 });
    expect(mailsOf(second).flatMap((m) => m.to)).not.toContain(reader.email);
    const skipped = (await recipientsOf(second.id)).find((r) => r.uid === reader.uid);
    expect(skipped?.state).toBe('suppressed');

    // Transactional mail does not read the suppression list.
    expect(await requestPasswordReset(server.store, server.config, reader.email)).toBe('sent');
    const reset = await smtp.waitFor(
      (m) => m.to.includes(reader.email) && m.headers.get('x-sos-expat-mail') === 'password_reset',
    );
    expect(reset.text).toContain('/password-reset?token=');
  });

  it('sends a scheduled campaign when due, and a cancelled one never', async () => {
    const soon = new Date(Date.now() + 1500).toISOString();
    const scheduled = await call('POST', '/api/admin/comms/campaigns', {
      segmentId: segment.id,
      texts: { fr: { subject: 'Programmé', body: 'Plus tard.' } },
      scheduledAt: soon,
    });
    expect(scheduled.status).toBe(202);
    const { id } = (scheduled.json as { campaign: CampaignView }).campaign;
    expect(await campaignOf(id)).toMatchObject({ state: 'scheduled', scheduledAt: soon, total: 0 });

    const later = await call('POST', '/api/admin/comms/campaigns', {
      segmentId: segment.id,
      texts: { fr: { subject: 'Annulé', body: 'Jamais.' } },
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const cancelledId = (later.json as { campaign: CampaignView }).campaign.id;
    const cancelled = await call('POST', `/api/admin/comms/campaigns/${cancelledId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect((cancelled.json as { campaign: CampaignView }).campaign.state).toBe('cancelled');
    const again = await call('POST', `/api/admin/comms/campaigns/${cancelledId}/cancel`);
    expect([again.status, errorOf(again).code]).toEqual([409, 'campaign_closed']);

    for (let i = 0; i < 100 && (await campaignOf(id)).state !== 'complete'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await campaignOf(id)).toMatchObject({ state: 'complete', counts: { sent: 4, suppressed: 2 } });
    expect(smtp.mails.filter((m) => m.subject === 'Programmé')).toHaveLength(4);
    expect(smtp.mails.filter((m) => m.subject === 'Annulé')).toEqual([]);
    expect((await auditOf(server.store, 'campaign', cancelledId, 2)).map((e) => e.action)).toEqual([
      'campaign_schedule',
      'campaign_cancel',
    ]);
  });

  it('mails each recipient once when two instances carry out a scheduled campaign as it comes due, 3 rounds', async () => {
    const uids = Array.from({ length: 24 }, (_, index) => `c-mt-${index}`);
    for (const uid of uids) await mintAudienceUser(server.store, uid, { language: 'en', country: 'MT' });
    const created = await call('POST', '/api/admin/comms/segments', {
      name: 'Malte',
      rules: { countries: ['MT'] },
    });
    const malta = (created.json as { segment: SegmentView }).segment;
    // Another instance on the same store: its own sender, started (and so resuming) before the time.
    const other = { ...server.store };
    for (let round = 0; round < 3; round++) {
      const answer = await call('POST', '/api/admin/comms/campaigns', {
        segmentId: malta.id,
        texts: {
          fr: { subject: `Deux instances ${round}`, body: 'Une fois chacun.' },
          en: { subject: `Two instances ${round}`, body: 'Once each.' },
        },
        scheduledAt: new Date(Date.now() + 1200).toISOString(),
      });
      expect(answer.status).toBe(202);
      const { id } = (answer.json as { campaign: CampaignView }).campaign;
      await campaignSender(other, server.config).resume();
      // Read from the store: polling the admin API this long would meet its rate limit.
      for (let i = 0; i < 600 && (await readCampaign(server.store, id)).state !== 'complete'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await Promise.all([
        campaignSender(server.store, server.config).idle(),
        campaignSender(other, server.config).idle(),
      ]);
      const mails = smtp.mails.filter((mail) => mail.subject === `Two instances ${round}`);
      expect(mails.flatMap((mail) => mail.to).sort()).toEqual(
        uids.map((uid) => `${uid}@example.test`).sort(),
      );
      expect(await campaignOf(id)).toMatchObject({
        state: 'complete',
        total: 24,
        counts: { queued: 0, sent: 24, failed: 0, bounced: 0, suppressed: 0 },
      });
    }
  });
});

describe('the campaign layout', () => {
  it('lays each mail in the layout an admin stored for its language, the built-in one elsewhere, until reset', async () => {
    const path = '/api/admin/comms/templates/campaign/fr';
    const layout = {
      subject: '[SOS Expat] {{campaignSubject}}',
      text: 'Chère abonnée, cher abonné,\n\n{{campaignText}}\n\nNe plus recevoir nos nouvelles : {{unsubscribeLink}}',
    };
    const refused = await call('PUT', path, { ...layout, subject: 'Nos nouvelles', rev: null });
    expect([refused.status, errorOf(refused).fields]).toEqual([400, { subject: 'missing_variable' }]);
    const saved = await call('PUT', path, { ...layout, rev: null });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const texts = { fr: TEXTS.fr, en: TEXTS.en };

    const laidOut = await sendAndWait({ segmentId: segment.id, texts });
    const to = (campaign: CampaignView, address: string) =>
      mailsOf(campaign).find((mail) => mail.to.includes(address))!;
    const french = to(laidOut, 'c-fr@example.test');
    expect(french.subject).toBe(`[SOS Expat] ${TEXTS.fr.subject}`);
    expect(french.text).toMatch(
      /^Chère abonnée, cher abonné,\n\nBonjour,\n\nLes consultations vidéo arrivent\.\n\nNe plus recevoir nos nouvelles : http/,
    );
    expect(french.html).toContain('<p style="margin:0 0 16px">Les consultations vidéo arrivent.</p>');
    expect(unsubscribeLink(french)).toContain('/unsubscribe?token=');
    const english = to(laidOut, 'c-en@example.test');
    expect(english.subject).toBe(TEXTS.en.subject);
    expect(english.text).toContain('Unsubscribe from these messages: http');

    const { template } = (await call('GET', path)).json as { template: { rev: string } };
    expect((await call('DELETE', `${path}?rev=${encodeURIComponent(template.rev)}`)).status).toBe(200);
    const after = await sendAndWait({ segmentId: segment.id, texts });
    expect(to(after, 'c-fr@example.test').subject).toBe(TEXTS.fr.subject);
    expect(to(after, 'c-fr@example.test').text).toContain('Se désabonner de ces messages: http');
  });
});

describe('the suppression list', () => {
  it('is edited by admins, checked, paged and audited', async () => {
    const bad = await call('POST', '/api/admin/comms/suppression', {
      email: 'not-an-address',
      reason: 'spam',
    });
    expect([bad.status, errorOf(bad).fields]).toEqual([
      400,
      { email: 'value_invalid', reason: 'value_invalid' },
    ]);
    const added = await call('POST', '/api/admin/comms/suppression', {
      email: '  C-FR@Example.test ',
      reason: 'bounce',
      note: 'Hard bounce reported by the provider',
    });
    expect(added.status).toBe(201);
    expect((added.json as { suppression: SuppressionView }).suppression).toMatchObject({
      email: 'c-fr@example.test',
      reason: 'bounce',
      by: users.admin.uid,
    });
    const twice = await call('POST', '/api/admin/comms/suppression', { email: 'c-fr@example.test' });
    expect([twice.status, errorOf(twice).code]).toEqual([409, 'already_suppressed']);

    const page = (await call('GET', '/api/admin/comms/suppression?limit=1')).json as {
      items: SuppressionView[];
      next?: string;
    };
    expect(page.items.map((item) => item.email)).toEqual(['c-fr@example.test']);
    const rest = (await call('GET', `/api/admin/comms/suppression?limit=1&token=${page.next}`)).json as {
      items: SuppressionView[];
    };
    expect(rest.items.map((item) => item.email)).toEqual(['c-refused@example.test']);

    const removed = await call('DELETE', '/api/admin/comms/suppression/reader.de%40example.test');
    expect(removed.status).toBe(200);
    const gone = await call('DELETE', '/api/admin/comms/suppression/reader.de%40example.test');
    expect([gone.status, errorOf(gone).code]).toEqual([404, 'not_found']);
    expect(
      (await auditOf(server.store, 'suppression', 'reader.de@example.test', 2)).map((e) => e.action),
    ).toEqual(['suppression_add', 'suppression_remove']);
    expect((await auditOf(server.store, 'suppression', 'c-fr@example.test', 1))[0]).toMatchObject({
      actor: users.admin.uid,
      action: 'suppression_add',
    });
  });
});
