/**
 * A/B tests of mail campaigns on the real app with a real SMTP server (smtp-server): the test share
 * is split evenly and each recipient is in exactly one group; the rest gets nothing until the winner
 * is known (at the end of the test, or chosen early by an admin), then the winner's text; every
 * recipient gets exactly one mail in all. A recipient who did not consent to tracking gets no pixel
 * and no tracked link; a consenting one's open and click count once however often repeated; a
 * tracked link only ever leads to a link written in the campaign, and a forged one is a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbResults } from '../../src/domain/comms-ab';
import type { CampaignView, MailDeliveryView } from '../../src/domain/comms-campaigns';
import { defaultSettings } from '../../src/domain/mine';
import { userDbName } from '../../src/domain/user-db';
import { campaignSender } from '../../server/services/comms/campaign-sender';
import { campaignDocId } from '../../server/services/comms/campaign-records';
import type { CampaignDoc } from '../../server/services/comms/campaign-records';
import type { SegmentView } from '../../server/services/comms/segments';
import { clickToken } from '../../server/services/comms/tracking';
import { unsubscribeKey } from '../../server/services/comms/unsubscribe-token';
import { upsertDoc } from '../../server/store/store';
import { auditOf, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { mintAudienceUser } from '../support/comms';
import { browserCall } from '../support/sessions';
import { startSmtpReceiver } from '../support/smtp-receiver';
import type { ReceivedMail, SmtpReceiver } from '../support/smtp-receiver';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

const PEOPLE = 20;
const OFFER = 'https://sos-expat.test/offre?ref=news';
const A = { fr: { subject: 'Offre A', body: `Bonjour,\n\nVoir ${OFFER}.` } };
const B = { fr: { subject: 'Offre B', body: `Bonjour !\n\nDécouvrez ${OFFER} dès maintenant.` } };
let smtp: SmtpReceiver;
let server: TestServer;
let users: RoleUsers;
let segment: SegmentView;
const consenting = new Set<string>();

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
  users = await mintRoles(server.store, 'abtest');
  for (let i = 0; i < PEOPLE; i++) {
    const uid = `ab-${String(i).padStart(2, '0')}`;
    await mintAudienceUser(server.store, uid, { language: 'fr', country: 'SE' });
    const settings = defaultSettings('fr', new Date().toISOString());
    // 14 users consented to tracking; 6 did not: 3 saved settings without it, 3 saved none at all.
    // The groups are drawn from a hash of the campaign's (random) id, so the test cannot choose them:
    // with at most 6 who did not consent, the 8 tested always hold someone who did.
    const consents = i % 3 !== 2;
    if (consents) consenting.add(`${uid}@example.test`);
    if (consents || i % 6 === 2) {
      await server.store.db(userDbName(uid)).insert({
        _id: 'settings',
        ...settings,
        privacy: { ...settings.privacy, ...(consents ? { mailTracking: true } : {}) },
      });
    }
  }
  const created = await call('POST', '/api/admin/comms/segments', {
    name: 'Sweden',
    rules: { countries: ['SE'] },
  });
  segment = (created.json as { segment: SegmentView }).segment;
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const call = (method: string, path: string, body?: unknown) =>
  browserCall(server.url, method, path, users.admin.cookie, body);
const campaignOf = async (id: string) =>
  ((await call('GET', `/api/admin/comms/campaigns/${id}`)).json as { campaign: CampaignView }).campaign;
const recipientsOf = async (id: string) =>
  (
    (await call('GET', `/api/admin/comms/campaigns/${id}/recipients?limit=100`)).json as {
      items: MailDeliveryView[];
    }
  ).items;
const resultsOf = async (id: string) =>
  ((await call('GET', `/api/admin/comms/campaigns/${id}/ab`)).json as { results: AbResults }).results;
const mailsOf = (id: string) =>
  smtp.mails.filter((mail) => mail.headers.get('message-id')?.includes(`campaign.${id}.`));
const idle = () => campaignSender(server.store, server.config).idle();

async function start(ab: Record<string, unknown>): Promise<string> {
  const answer = await call('POST', '/api/admin/comms/campaigns', { segmentId: segment.id, texts: A, ab });
  expect(answer.status, JSON.stringify(answer.json)).toBe(202);
  const { id } = (answer.json as { campaign: CampaignView }).campaign;
  await idle();
  return id;
}

/** Each address's mails for a campaign: exactly one each is what the tests expect. */
function byRecipient(id: string): Map<string, ReceivedMail[]> {
  const map = new Map<string, ReceivedMail[]>();
  for (const mail of mailsOf(id)) for (const to of mail.to) map.set(to, [...(map.get(to) ?? []), mail]);
  return map;
}

const linkIn = (mail: ReceivedMail, pattern: RegExp) => pattern.exec(mail.text)?.[0];

describe('an A/B test', () => {
  it('refuses a bad test with a code per field', async () => {
    const answer = await call('POST', '/api/admin/comms/campaigns', {
      segmentId: segment.id,
      texts: A,
      ab: { textsB: A, share: 80, measure: 'likes', durationHours: 0, colour: 'red' },
    });
    expect(answer.status).toBe(400);
    expect((answer.json as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      'ab.textsB': 'same_as_a',
      'ab.share': 'value_invalid',
      'ab.measure': 'value_invalid',
      'ab.durationHours': 'value_invalid',
      'ab.colour': 'unknown_field',
    });
  });

  let id: string;
  /** The variant whose reader opens and clicks, so the one that wins when the test ends. */
  let leader: 'a' | 'b';

  it('mails the test share only, split evenly, each recipient in one group, tracking only with consent', async () => {
    id = await start({ textsB: B, share: 40, measure: 'clicks', durationHours: 24 });
    const campaign = await campaignOf(id);
    expect(campaign.state).toBe('sending');
    expect(campaign.ab?.testEndsAt).toBeDefined();
    expect(campaign.ab?.winner).toBeUndefined();
    const recipients = await recipientsOf(id);
    expect(recipients).toHaveLength(PEOPLE);
    const groups = { a: 0, b: 0, rest: 0 };
    for (const r of recipients) groups[r.group!] += 1;
    expect(groups).toEqual({ a: 4, b: 4, rest: 12 });
    for (const r of recipients) expect(r.state).toBe(r.group === 'rest' ? 'queued' : 'sent');

    const mails = byRecipient(id);
    expect(mails.size).toBe(8);
    for (const r of recipients.filter((one) => one.group !== 'rest')) {
      const [mail, ...more] = mails.get(r.email)!;
      expect(more).toEqual([]);
      expect(mail!.subject).toBe(r.group === 'a' ? 'Offre A' : 'Offre B');
      if (consenting.has(r.email)) {
        expect(mail!.html).toMatch(/<img src="[^"]+\/m\/o\/[^"]+\.gif"/);
        expect(mail!.text).not.toContain(OFFER);
        expect(linkIn(mail!, /http:\/\/[^\s]+\/m\/c\/[A-Za-z0-9._-]+/)).toBeDefined();
      } else {
        expect(mail!.html).not.toContain('/m/o/');
        expect(mail!.html).not.toContain('/m/c/');
        expect(mail!.text).toContain(OFFER);
      }
    }
  });

  it('counts a consenting recipient’s open and click once, and redirects only to the campaign’s link', async () => {
    const recipients = await recipientsOf(id);
    const reader = recipients.find((r) => r.group !== 'rest' && consenting.has(r.email));
    expect(reader).toBeDefined();
    leader = reader!.group as 'a' | 'b';
    const other = leader === 'a' ? 'b' : 'a';
    const mail = byRecipient(id).get(reader!.email)![0]!;
    const pixel = /<img src="([^"]+)"/.exec(mail.html)![1]!.replace(/&amp;/g, '&');
    // Text A ends a sentence with the link: what is read here keeps the full stop, as some mail
    // readers do, and the link still works.
    const click = linkIn(mail, /http:\/\/[^\s]+\/m\/c\/[A-Za-z0-9._-]+/)!;
    if (leader === 'a') expect(click.endsWith('.')).toBe(true);
    for (let i = 0; i < 3; i++) {
      const opened = await fetch(pixel);
      expect([opened.status, opened.headers.get('content-type')]).toEqual([200, 'image/gif']);
      const followed = await fetch(click, { redirect: 'manual' });
      expect([followed.status, followed.headers.get('location')]).toEqual([302, OFFER]);
    }
    const results = await resultsOf(id);
    expect(results.variants[leader]).toMatchObject({ sent: 4, opens: 1, clicks: 1 });
    expect(results.variants[other]).toMatchObject({ sent: 4, opens: 0, clicks: 0 });
    expect(results.variants.a.tracked + results.variants.b.tracked + results.untracked).toBe(8);
    expect(results.leader).toBe(leader);

    // Forged, altered, or naming a link the campaign does not have: 400, nothing recorded.
    expect((await fetch(click.replace(/.{4}$/, 'AAAA'), { redirect: 'manual' })).status).toBe(400);
    const [origin, token] = click.split('/m/c/') as [string, string];
    const altered = `${origin}/m/c/${token.replace(/\.0\./, '.1.')}`;
    expect(altered).not.toBe(click);
    expect((await fetch(altered, { redirect: 'manual' })).status).toBe(400);
    const key = await unsubscribeKey(server.store, server.config);
    const noSuchLink = `${server.url}/m/c/${clickToken(key, { campaignId: id, uid: reader!.uid, link: 3 })}`;
    expect((await fetch(noSuchLink, { redirect: 'manual' })).status).toBe(400);
    expect((await fetch(pixel.replace(/.{8}\.gif$/, 'AAAAAAAA.gif'))).status).toBe(400);

    // A non-consenting recipient has no tracked mail: an open (if a token were made) is not counted.
    expect((await resultsOf(id)).variants[leader].opens).toBe(1);
  });

  it('sends the winner to the rest only once the test ended: each recipient one mail in all', async () => {
    expect(mailsOf(id)).toHaveLength(8);
    // The test's time runs out (as if 24 hours had passed), and the sender is woken as at a restart.
    await upsertDoc<CampaignDoc>(server.store, 'comms', campaignDocId(id), (current) =>
      current?.ab
        ? { ...current, ab: { ...current.ab, testEndsAt: new Date(Date.now() - 1000).toISOString() } }
        : undefined,
    );
    campaignSender(server.store, server.config).kick(id);
    await idle();
    const campaign = await campaignOf(id);
    expect(campaign).toMatchObject({ state: 'complete', ab: { winner: leader, winnerBy: 'system' } });
    expect(campaign.counts).toMatchObject({ queued: 0, sent: PEOPLE });
    const mails = byRecipient(id);
    expect(mails.size).toBe(PEOPLE);
    const recipients = await recipientsOf(id);
    for (const r of recipients) {
      expect(mails.get(r.email), r.email).toHaveLength(1);
      const mail = mails.get(r.email)![0]!;
      expect(mail.subject).toBe((r.group === 'rest' ? leader : r.group) === 'a' ? 'Offre A' : 'Offre B');
      // Whatever the draw, all 20 are here: the 6 who did not consent have no pixel and no tracked link.
      expect(mail.html.includes('/m/o/'), r.email).toBe(consenting.has(r.email));
      expect(mail.text.includes(OFFER), r.email).toBe(!consenting.has(r.email));
    }
    expect((await resultsOf(id)).rest).toEqual({ total: 12, sent: 12 });
    expect((await auditOf(server.store, 'campaign', id, 2)).map((e) => [e.action, e.actor])).toEqual([
      ['campaign_send', users.admin.uid],
      ['campaign_ab_winner', 'system'],
    ]);
  });

  it('lets an admin choose the winner early, once', async () => {
    const early = await start({ textsB: B, share: 10, measure: 'opens', durationHours: 48 });
    expect(mailsOf(early)).toHaveLength(2);
    const bad = await call('POST', `/api/admin/comms/campaigns/${early}/ab/winner`, { variant: 'c' });
    expect(bad.status).toBe(400);
    const chosen = await call('POST', `/api/admin/comms/campaigns/${early}/ab/winner`, { variant: 'a' });
    expect(chosen.status).toBe(200);
    const again = await call('POST', `/api/admin/comms/campaigns/${early}/ab/winner`, { variant: 'b' });
    expect([again.status, (again.json as { error: { code: string } }).error.code]).toEqual([
      409,
      'ab_closed',
    ]);
    await idle();
    const campaign = await campaignOf(early);
    expect(campaign).toMatchObject({ state: 'complete', ab: { winner: 'a', winnerBy: users.admin.uid } });
    const mails = byRecipient(early);
    expect(mails.size).toBe(PEOPLE);
    const recipients = await recipientsOf(early);
    for (const r of recipients) {
      expect(mails.get(r.email)).toHaveLength(1);
      expect(mails.get(r.email)![0]!.subject).toBe(r.group === 'b' ? 'Offre B' : 'Offre A');
    }
    expect((await resultsOf(early)).rest).toEqual({ total: PEOPLE - 2, sent: PEOPLE - 2 });
  });
});
