/**
 * A hard bounce the mail provider reports after a campaign mail was accepted (issue 17), on the real
 * app with a real SMTP server (smtp-server) and signed reports (`POST /api/mail/events`): the
 * recipient turns `bounced` with the reason, the campaign's counts move one from sent to bounced and
 * its deliverability figures agree; the report replayed changes nothing; a complaint or a soft bounce
 * leaves the recipient `sent`; an unknown Message-ID changes nothing; a replay finishes what a crash
 * cut (after the event, after the flip); a report that lands while the sender is taking its final
 * count is in the counts the campaign ends with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignCounts, CampaignView, MailDeliveryView } from '../../src/domain/comms-campaigns';
import type { DeliverabilityFigures } from '../../src/domain/comms-deliverability';
import { signMailEvents } from '../../server/http/mail-events';
import { campaignSender } from '../../server/services/comms/campaign-sender';
import { campaignDocId, mailDeliveryDocId } from '../../server/services/comms/campaign-records';
import type { CampaignDoc, MailDeliveryDoc } from '../../server/services/comms/campaign-records';
import { createCampaign } from '../../server/services/comms/campaigns';
import { recordMailEvent } from '../../server/services/comms/mail-events';
import { REPORTED_BOUNCE } from '../../server/services/comms/provider-reports';
import { COMMS_DB } from '../../server/services/comms/records';
import type { SegmentView } from '../../server/services/comms/segments';
import { upsertDoc } from '../../server/store/store';
import type { Store } from '../../server/store/store';
import { mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { mintAudienceUser } from '../support/comms';
import { browserCall } from '../support/sessions';
import { startSmtpReceiver } from '../support/smtp-receiver';
import type { SmtpReceiver } from '../support/smtp-receiver';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

const SECRET = 'a-mail-events-secret-of-at-least-32-chars';
const RECIPIENTS = ['lb-ok', 'lb-bounce', 'lb-complain', 'lb-event-only', 'lb-flip-only'];
const RACERS = ['lb-race-a', 'lb-race-b', 'lb-race-c'];
let smtp: SmtpReceiver;
let server: TestServer;
let users: RoleUsers;
let campaign: CampaignView;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({
    env: (url) => ({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'SOS Expat <news@sos-expat.test>',
      PUBLIC_URL: url,
      CAMPAIGN_RATE_PER_MINUTE: '100000',
      MAIL_EVENTS_SECRET: SECRET,
    }),
  });
  users = await mintRoles(server.store, 'late');
  for (const uid of RECIPIENTS) await mintAudienceUser(server.store, uid, { country: 'IS' });
  for (const uid of RACERS) await mintAudienceUser(server.store, uid, { country: 'FI' });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const call = (method: string, path: string, body?: unknown) =>
  browserCall(server.url, method, path, users.admin.cookie, body);

async function segmentOf(country: string): Promise<string> {
  const created = await call('POST', '/api/admin/comms/segments', {
    name: country,
    rules: { countries: [country] },
  });
  return (created.json as { segment: SegmentView }).segment.id;
}

const campaignNow = async (id: string) =>
  ((await call('GET', `/api/admin/comms/campaigns/${id}`)).json as { campaign: CampaignView }).campaign;
const rowOf = async (id: string, uid: string) =>
  (
    (await call('GET', `/api/admin/comms/campaigns/${id}/recipients`)).json as { items: MailDeliveryView[] }
  ).items.find((row) => row.uid === uid)!;
const figuresOf = async (id: string) =>
  (
    (await call('GET', `/api/admin/comms/campaigns/${id}/deliverability`)).json as {
      figures: DeliverabilityFigures;
    }
  ).figures;
const comms = () => server.store.db<CampaignDoc | MailDeliveryDoc>(COMMS_DB);
const revOf = async (id: string) => (await comms().get(id))._rev;

const addressOf = (uid: string) => `${uid}@example.test`;
const messageIdOf = (uid: string) =>
  smtp.mails.find((mail) => mail.to.includes(addressOf(uid)))!.headers.get('message-id')!;
const event = (uid: string, kind: 'hard' | 'soft' | 'complaint', at = new Date(Date.now() - 60_000)) => ({
  ...(kind === 'complaint' ? { type: 'complaint' } : { type: 'bounce', bounceType: kind }),
  messageId: messageIdOf(uid),
  email: addressOf(uid),
  at: at.toISOString(),
});

async function report(body: unknown): Promise<unknown> {
  const text = JSON.stringify(body);
  const answer = await fetch(`${server.url}/api/mail/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-mail-events-signature': signMailEvents(SECRET, text) },
    body: text,
  });
  expect(answer.status).toBe(200);
  return answer.json();
}

const counts = (sent: number, bounced: number): CampaignCounts => ({
  queued: 0,
  sent,
  failed: 0,
  bounced,
  suppressed: 0,
});

describe('a hard bounce reported later', () => {
  it('turns the recipient bounced and moves it from sent to bounced in the counts', async () => {
    const segmentId = await segmentOf('IS');
    const created = await call('POST', '/api/admin/comms/campaigns', {
      segmentId,
      texts: { fr: { subject: 'Nouveautés', body: 'Bonjour.' } },
    });
    expect(created.status).toBe(202);
    await campaignSender(server.store, server.config).idle();
    campaign = await campaignNow((created.json as { campaign: CampaignView }).campaign.id);
    expect(campaign).toMatchObject({ state: 'complete', counts: counts(5, 0) });
    const sentAt = (await rowOf(campaign.id, 'lb-bounce')).sentAt;

    const at = new Date(Date.now() - 120_000);
    expect(await report({ events: [event('lb-bounce', 'hard', at)] })).toEqual({
      recorded: 1,
      duplicates: 0,
      unmatched: 0,
    });
    expect(await rowOf(campaign.id, 'lb-bounce')).toMatchObject({
      state: 'bounced',
      failure: REPORTED_BOUNCE,
      sentAt,
    });
    const stored = (await comms().get(mailDeliveryDocId(campaign.id, 'lb-bounce'))) as MailDeliveryDoc;
    expect(stored.failedAt).toBe(at.toISOString());
    expect((await campaignNow(campaign.id)).counts).toEqual(counts(4, 1));
    expect(await figuresOf(campaign.id)).toMatchObject({
      attempted: 5,
      sent: 4,
      failed: 0,
      hardBounces: 1,
      bounceRate: 1 / 5,
    });
    const recent = (
      (await call('GET', '/api/admin/comms/deliverability')).json as { figures: DeliverabilityFigures }
    ).figures;
    expect(recent).toMatchObject({ attempted: 5, sent: 4, hardBounces: 1 });
  });

  it('changes nothing when the same report comes again', async () => {
    const ids = [campaignDocId(campaign.id), mailDeliveryDocId(campaign.id, 'lb-bounce')];
    const before = await Promise.all(ids.map(revOf));
    const body = { events: [event('lb-bounce', 'hard')] };
    expect(await report(body)).toEqual({ recorded: 0, duplicates: 1, unmatched: 0 });
    expect(await report(body)).toEqual({ recorded: 0, duplicates: 1, unmatched: 0 });
    expect(await Promise.all(ids.map(revOf))).toEqual(before);
    expect((await campaignNow(campaign.id)).counts).toEqual(counts(4, 1));
    expect((await figuresOf(campaign.id)).hardBounces).toBe(1);
  });

  it('leaves a recipient sent for a complaint or a soft bounce (the mail was delivered)', async () => {
    const before = await revOf(campaignDocId(campaign.id));
    expect(await report({ events: [event('lb-complain', 'complaint'), event('lb-ok', 'soft')] })).toEqual({
      recorded: 2,
      duplicates: 0,
      unmatched: 0,
    });
    expect((await rowOf(campaign.id, 'lb-complain')).state).toBe('sent');
    expect((await rowOf(campaign.id, 'lb-ok')).state).toBe('sent');
    expect(await revOf(campaignDocId(campaign.id))).toBe(before);
    expect(await figuresOf(campaign.id)).toMatchObject({
      sent: 4,
      hardBounces: 1,
      softBounces: 1,
      complaints: 1,
    });
  });

  it('changes nothing for a Message-ID that is not one of its mails', async () => {
    const before = await revOf(campaignDocId(campaign.id));
    const known = event('lb-ok', 'hard');
    const strangers = [
      { ...known, messageId: `<campaign.nosuchcampaign.lb-ok@sos-expat.test>` },
      { ...known, messageId: `<campaign.${campaign.id}.nobody@sos-expat.test>` },
      { ...known, messageId: '<someone.else@example.test>' },
    ];
    expect(await report({ events: strangers })).toEqual({ recorded: 0, duplicates: 0, unmatched: 3 });
    expect((await rowOf(campaign.id, 'lb-ok')).state).toBe('sent');
    expect(await revOf(campaignDocId(campaign.id))).toBe(before);
  });

  it('finishes on replay what a crash cut after the event, or after the flip', async () => {
    // Cut after the event: recorded (and the address suppressed), the delivery still sent.
    const eventOnly = event('lb-event-only', 'hard');
    await recordMailEvent(server.store, {
      kind: 'hard_bounce',
      source: 'provider',
      messageId: eventOnly.messageId,
      email: eventOnly.email,
      campaignId: campaign.id,
      uid: 'lb-event-only',
      at: eventOnly.at,
    });
    // Cut after the flip: the event recorded and the delivery bounced, the counts not recounted.
    const flipOnly = event('lb-flip-only', 'hard');
    await recordMailEvent(server.store, {
      kind: 'hard_bounce',
      source: 'provider',
      messageId: flipOnly.messageId,
      email: flipOnly.email,
      campaignId: campaign.id,
      uid: 'lb-flip-only',
      at: flipOnly.at,
    });
    await upsertDoc<MailDeliveryDoc>(
      server.store,
      COMMS_DB,
      mailDeliveryDocId(campaign.id, 'lb-flip-only'),
      (doc) =>
        doc ? { ...doc, state: 'bounced', failure: REPORTED_BOUNCE, failedAt: flipOnly.at } : undefined,
    );
    expect((await campaignNow(campaign.id)).counts).toEqual(counts(4, 1));

    expect(await report({ events: [eventOnly, flipOnly] })).toEqual({
      recorded: 0,
      duplicates: 2,
      unmatched: 0,
    });
    expect((await rowOf(campaign.id, 'lb-event-only')).state).toBe('bounced');
    expect((await campaignNow(campaign.id)).counts).toEqual(counts(2, 3));
    expect(await figuresOf(campaign.id)).toMatchObject({ attempted: 5, sent: 2, hardBounces: 3 });
  });

  it('is in the final counts when it lands while the sender is counting them', async () => {
    const segmentId = await segmentOf('FI');
    const created = await createCampaign(server.store, {
      input: { segmentId, texts: { fr: { subject: 'Course', body: 'Bonjour.' } } },
      by: users.admin.uid,
    });
    // The sender's final count has read every delivery `sent` when the report comes and is done.
    let answer: unknown;
    const racing: Store = {
      ...server.store,
      db: <T extends object>(name: string) => {
        const scope = server.store.db<T>(name);
        const fetchDocs = async (...args: Parameters<typeof scope.fetch>) => {
          const read = await scope.fetch(...args);
          const keys = (args[0] as { keys: string[] }).keys;
          // The passes read deliveries by id too: the final count is the read that finds them all sent.
          const allSent = read.rows.every(
            (row) => 'doc' in row && (row.doc as { state?: string } | null)?.state === 'sent',
          );
          if (answer === undefined && allSent && keys.some((key) => key.startsWith(`mail:${created.id}:`))) {
            answer = await report(event('lb-race-b', 'hard'));
          }
          return read;
        };
        return name === COMMS_DB ? { ...scope, fetch: fetchDocs as typeof scope.fetch } : scope;
      },
    };
    const sender = campaignSender(racing, server.config);
    sender.kick(created.id);
    await sender.idle();
    expect(answer).toEqual({ recorded: 1, duplicates: 0, unmatched: 0 });
    expect((await rowOf(created.id, 'lb-race-b')).state).toBe('bounced');
    expect(await campaignNow(created.id)).toMatchObject({ state: 'complete', counts: counts(2, 1) });
  });
});
