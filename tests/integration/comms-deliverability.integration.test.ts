/**
 * Deliverability of mail campaigns on the real app with a real SMTP server (smtp-server): a 550 at
 * RCPT TO is a hard bounce (delivery `bounced`, address suppressed with its campaign, audited), so the
 * next campaign skips it; the mail provider's signed reports (`POST /api/mail/events`) of a complaint
 * or a hard bounce suppress the address and count once however often they are replayed, a bad or
 * stale signature is refused; a campaign's figures and the last 30 days' figures have the right rates,
 * and the events list is searchable by address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignView, MailDeliveryView, SuppressionView } from '../../src/domain/comms-campaigns';
import type { DeliverabilityFigures, MailEventView } from '../../src/domain/comms-deliverability';
import { signMailEvents } from '../../server/http/mail-events';
import { campaignSender } from '../../server/services/comms/campaign-sender';
import type { SegmentView } from '../../server/services/comms/segments';
import { auditOf, expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { mintAudienceUser } from '../support/comms';
import { browserCall } from '../support/sessions';
import { startSmtpReceiver } from '../support/smtp-receiver';
import type { SmtpReceiver } from '../support/smtp-receiver';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

const SECRET = 'a-mail-events-secret-of-at-least-32-chars';
const GONE = 'd-gone@example.test';
let smtp: SmtpReceiver;
let server: TestServer;
let users: RoleUsers;
let segment: SegmentView;

beforeAll(async () => {
  smtp = await startSmtpReceiver({
    refuseRecipient: (address) => (address === GONE ? 'No such user here' : undefined),
  });
  server = await startTestServer({
    env: (url) => ({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'SOS Expat <news@sos-expat.test>',
      PUBLIC_URL: url,
      CAMPAIGN_RATE_PER_MINUTE: '100000',
      MAIL_EVENTS_SECRET: SECRET,
    }),
  });
  users = await mintRoles(server.store, 'deliv');
  for (const uid of ['d-ok', 'd-gone', 'd-complain', 'd-late-bounce']) {
    await mintAudienceUser(server.store, uid, { language: 'fr', country: 'NO' });
  }
  const created = await call('POST', '/api/admin/comms/segments', {
    name: 'Norway',
    rules: { countries: ['NO'] },
  });
  segment = (created.json as { segment: SegmentView }).segment;
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const call = (method: string, path: string, body?: unknown) =>
  browserCall(server.url, method, path, users.admin.cookie, body);

async function sendAndWait(subject: string): Promise<CampaignView> {
  const answer = await call('POST', '/api/admin/comms/campaigns', {
    segmentId: segment.id,
    texts: { fr: { subject, body: 'Bonjour.' } },
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(202);
  const { id } = (answer.json as { campaign: CampaignView }).campaign;
  await campaignSender(server.store, server.config).idle();
  return ((await call('GET', `/api/admin/comms/campaigns/${id}`)).json as { campaign: CampaignView })
    .campaign;
}

const recipientsOf = async (id: string) =>
  ((await call('GET', `/api/admin/comms/campaigns/${id}/recipients`)).json as { items: MailDeliveryView[] })
    .items;
const suppressed = async () =>
  ((await call('GET', '/api/admin/comms/suppression')).json as { items: SuppressionView[] }).items;
const messageIdOf = (to: string, subject: string) =>
  smtp.mails.find((mail) => mail.to.includes(to) && mail.subject === subject)!.headers.get('message-id')!;

function postEvents(body: unknown, signature?: string) {
  const text = JSON.stringify(body);
  return fetch(`${server.url}/api/mail/events`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-mail-events-signature': signature ?? signMailEvents(SECRET, text),
    },
    body: text,
  });
}

let first: CampaignView;

describe('deliverability', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/comms/deliverability');
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/comms/deliverability/events');
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/comms/campaigns/abc/deliverability');
  });

  it('turns a 550 at RCPT TO into a hard bounce: bounced, suppressed, audited', async () => {
    first = await sendAndWait('Premier envoi');
    expect(first.counts).toEqual({ queued: 0, sent: 3, failed: 0, bounced: 1, suppressed: 0 });
    const gone = (await recipientsOf(first.id)).find((r) => r.uid === 'd-gone')!;
    expect(gone.state).toBe('bounced');
    expect(gone.failure).toMatch(/550.*No such user here/);
    expect(await suppressed()).toMatchObject([
      { email: GONE, reason: 'hard_bounce', by: 'system', campaignId: first.id },
    ]);
    expect(await auditOf(server.store, 'suppression', GONE, 1)).toMatchObject([
      { actor: 'system', action: 'suppression_add' },
    ]);
  });

  it('takes signed provider reports once, suppressing for a complaint or a hard bounce', async () => {
    const complaint = {
      type: 'complaint',
      messageId: messageIdOf('d-complain@example.test', 'Premier envoi'),
      email: 'd-complain@example.test',
      at: new Date().toISOString(),
    };
    const bounce = {
      type: 'bounce',
      bounceType: 'hard',
      messageId: messageIdOf('d-late-bounce@example.test', 'Premier envoi'),
      email: 'D-Late-Bounce@example.test',
      at: new Date().toISOString(),
    };
    const soft = {
      ...bounce,
      bounceType: 'soft',
      messageId: messageIdOf('d-ok@example.test', 'Premier envoi'),
    };
    const answer = await postEvents({ events: [complaint, bounce, soft] });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ recorded: 3, duplicates: 0, unmatched: 0 });
    // Replayed, one by one and together: nothing more.
    const again = await postEvents(complaint);
    expect(await again.json()).toEqual({ recorded: 0, duplicates: 1, unmatched: 0 });
    expect(await (await postEvents({ events: [complaint, bounce] })).json()).toEqual({
      recorded: 0,
      duplicates: 2,
      unmatched: 0,
    });
    const stranger = await postEvents({ ...complaint, messageId: '<someone.else@example.test>' });
    expect(await stranger.json()).toEqual({ recorded: 0, duplicates: 0, unmatched: 1 });

    const reasons = Object.fromEntries((await suppressed()).map((s) => [s.email, s.reason]));
    expect(reasons).toEqual({
      [GONE]: 'hard_bounce',
      'd-complain@example.test': 'complaint',
      'd-late-bounce@example.test': 'hard_bounce',
    });
    expect(await auditOf(server.store, 'suppression', 'd-complain@example.test', 1)).toHaveLength(1);
  });

  it('refuses a missing, wrong or stale signature, and a malformed body', async () => {
    const event = {
      type: 'complaint',
      messageId: messageIdOf('d-ok@example.test', 'Premier envoi'),
      email: 'd-ok@example.test',
      at: new Date().toISOString(),
    };
    const text = JSON.stringify(event);
    const wrong = await postEvents(event, signMailEvents('another-secret-of-at-least-32-characters', text));
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('invalid_signature');
    const stale = await postEvents(event, signMailEvents(SECRET, text, new Date(Date.now() - 3_600_000)));
    expect(stale.status).toBe(401);
    const none = await fetch(`${server.url}/api/mail/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: text,
    });
    expect(none.status).toBe(401);
    const malformed = await postEvents({ events: [event, { ...event, type: 'spam' }] });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({
      error: { code: 'validation', fields: { 'events.1': 'value_invalid' } },
    });
    const tooMany = await postEvents({ events: Array.from({ length: 101 }, () => event) });
    expect(tooMany.status).toBe(400);
    expect((await suppressed()).map((s) => s.email)).not.toContain('d-ok@example.test');
  });

  it('counts per campaign and over 30 days, with rates, and lists the events by address', async () => {
    const figures = (
      (await call('GET', `/api/admin/comms/campaigns/${first.id}/deliverability`)).json as {
        figures: DeliverabilityFigures;
      }
    ).figures;
    // The late hard bounce moved its recipient from sent to bounced.
    expect(figures).toEqual({
      attempted: 4,
      sent: 2,
      failed: 0,
      hardBounces: 2,
      softBounces: 1,
      complaints: 1,
      suppressed: 0,
      bounceRate: 3 / 4,
      complaintRate: 1 / 2,
      failureRate: 0,
    });
    const recent = (
      (await call('GET', '/api/admin/comms/deliverability')).json as {
        figures: DeliverabilityFigures & { since: string };
      }
    ).figures;
    expect(recent).toMatchObject({ attempted: 4, sent: 2, hardBounces: 2, softBounces: 1, complaints: 1 });

    const events = (
      (await call('GET', '/api/admin/comms/deliverability/events')).json as {
        items: MailEventView[];
      }
    ).items;
    expect(events.map((e) => [e.email, e.kind, e.source]).sort()).toEqual(
      [
        [GONE, 'hard_bounce', 'smtp'],
        ['d-complain@example.test', 'complaint', 'provider'],
        ['d-late-bounce@example.test', 'hard_bounce', 'provider'],
        ['d-ok@example.test', 'soft_bounce', 'provider'],
      ].sort(),
    );
    const searched = (
      (await call('GET', '/api/admin/comms/deliverability/events?q=D-GONE')).json as {
        items: MailEventView[];
      }
    ).items;
    expect(searched).toMatchObject([
      { email: GONE, kind: 'hard_bounce', campaignId: first.id, uid: 'd-gone' },
    ]);
    expect(searched[0]!.detail).toMatch(/550/);
  });

  it('skips every suppressed address in the next campaign', async () => {
    const second = await sendAndWait('Deuxième envoi');
    expect(second.counts).toEqual({ queued: 0, sent: 1, failed: 0, bounced: 0, suppressed: 3 });
    expect(smtp.mails.filter((m) => m.subject === 'Deuxième envoi').flatMap((m) => m.to)).toEqual([
      'd-ok@example.test',
    ]);
  });
});
