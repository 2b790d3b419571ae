/**
 * A mail campaign killed in the middle of an SMTP transaction: the test's SMTP server (smtp-server)
 * receives message k whole and holds it, never answering; the service (as `npm start` runs it) and
 * its embedded store are then killed with SIGKILL, and started again on the same data. The campaign
 * is resumed at start; the delivery left `sending` is mailed again (same Message-ID), and every
 * recipient ends with exactly one accepted mail, in their language or else in French; nobody outside
 * the segment gets one; the record ends complete with every recipient counted as sent.
 *
 * (What this cannot show, by construction: a crash in the few milliseconds between the SMTP server's
 * 250 and the service's write of `sent`, which sends that one mail twice; see campaign-sender.ts.)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CampaignView, MailDeliveryView } from '../../src/domain/comms-campaigns';
import type { Language } from '../../src/domain/languages';
import type { SegmentView } from '../../server/services/comms/segments';
import { migrate } from '../../server/store/migrate';
import { mintAudienceUser } from '../support/comms';
import { killService, startService } from '../support/service-process';
import type { RunningService } from '../support/service-process';
import { browserCall, mintUser } from '../support/sessions';
import { startSmtpReceiver } from '../support/smtp-receiver';
import type { SmtpReceiver } from '../support/smtp-receiver';
import { startTestStore } from '../support/test-server';

const RECIPIENTS = 60;
const OUTSIDERS = 4;
/** The message held in DATA when the service is killed. */
const HELD = 23;
const LANGUAGES: Language[] = ['fr', 'en', 'es', 'ru', 'de'];
const TEXTS = {
  fr: { subject: 'Maintenance dimanche', body: 'Le service sera interrompu dimanche à 3 h.' },
  en: { subject: 'Maintenance on Sunday', body: 'The service will be down on Sunday at 3 am.' },
  de: { subject: 'Wartung am Sonntag', body: 'Der Dienst ist am Sonntag um 3 Uhr nicht erreichbar.' },
};

const running: RunningService[] = [];
let dataDir: string;
let smtp: SmtpReceiver;
let holding = true;

afterAll(async () => {
  for (const service of running) service.child.kill('SIGKILL');
  await smtp?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const start = async () => {
  const service = await startService({
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    PAYOUT_DAILY_AT: 'off',
    BACKUP_DAILY_AT: 'off',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'SOS Expat <news@sos-expat.test>',
    CAMPAIGN_RATE_PER_MINUTE: '60000',
    UNSUBSCRIBE_SECRET: 'a-test-secret-of-at-least-thirty-two-characters',
    API_RATE_LIMIT_PER_MINUTE: '1000000',
  });
  running.push(service);
  return service;
};

/** Polls `read` until it answers; a timeout says what the service printed meanwhile. */
async function until<T>(
  read: () => Promise<T | undefined>,
  service: RunningService,
  what: string,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() - started > 60_000) {
      throw new Error(
        `Timed out waiting for ${what}; the service printed:\n${service.output().slice(-4000)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a mail campaign killed during an SMTP transaction', () => {
  it('mails every recipient exactly once after a restart', async () => {
    smtp = await startSmtpReceiver({ holdData: (count) => holding && count === HELD });
    dataDir = await mkdtemp(path.join(tmpdir(), 'sos-expat-campaign-crash-'));
    const setup = await startTestStore(dataDir);
    await migrate(setup.store);
    const admin = await mintUser(setup.store, 'campaign-admin', 'admin');
    const languageOf = new Map<string, Language>();
    for (let i = 0; i < RECIPIENTS; i++) {
      const uid = `mail-user-${String(i).padStart(3, '0')}`;
      const language = LANGUAGES[i % LANGUAGES.length]!;
      await mintAudienceUser(setup.store, uid, {
        role: i % 4 === 3 ? 'expat' : 'client',
        language,
        country: 'PT',
      });
      languageOf.set(`${uid}@example.test`, language);
    }
    for (let i = 0; i < OUTSIDERS; i++)
      await mintAudienceUser(setup.store, `mail-outsider-${i}`, { country: 'IT' });
    await setup.store.close();

    const first = await start();
    const call = (service: RunningService, method: string, url: string, body?: unknown) =>
      browserCall(service.url, method, url, admin.cookie, body);
    const segment = (
      (
        await call(first, 'POST', '/api/admin/comms/segments', {
          name: 'Portugal',
          rules: { countries: ['PT'] },
        })
      ).json as { segment: SegmentView }
    ).segment;
    const sent = await call(first, 'POST', '/api/admin/comms/campaigns', {
      segmentId: segment.id,
      texts: TEXTS,
    });
    expect(sent.status).toBe(202);
    const { id } = (sent.json as { campaign: CampaignView }).campaign;

    // Message k is received whole and left unanswered: its delivery is `sending`, the ones before sent.
    await until(async () => (smtp.held.length === 1 ? true : undefined), first, 'the held message');
    const held = smtp.held[0]!;
    const inFlight = (
      (await call(first, 'GET', `/api/admin/comms/campaigns/${id}/recipients?state=sending`)).json as {
        items: MailDeliveryView[];
      }
    ).items;
    expect(inFlight.map((delivery) => delivery.email)).toEqual(held.to);
    expect(smtp.mails).toHaveLength(HELD - 1);
    await killService(first);
    holding = false;

    // Started again: the unfinished campaign is resumed at start and completes.
    const second = await start();
    const progress = async () =>
      ((await call(second, 'GET', `/api/admin/comms/campaigns/${id}`)).json as { campaign: CampaignView })
        .campaign;
    const done = await until(
      async () => {
        const campaign = await progress();
        return campaign.state === 'complete' ? campaign : undefined;
      },
      second,
      'the resumed campaign to complete',
    );
    expect(second.output()).toContain('[comms] resumed 1 mail campaign(s)');
    expect(done).toMatchObject({
      total: RECIPIENTS,
      counts: { queued: 0, sent: RECIPIENTS, failed: 0, suppressed: 0 },
    });
    second.child.kill('SIGTERM');
    await second.exited;

    // Exactly one accepted mail per recipient, in their language; the held one again, same Message-ID.
    const byRecipient = new Map<string, string[]>();
    for (const mail of smtp.mails) {
      for (const to of mail.to) byRecipient.set(to, [...(byRecipient.get(to) ?? []), mail.subject]);
    }
    expect(byRecipient.size).toBe(RECIPIENTS);
    for (const [email, language] of languageOf) {
      const expected = language === 'en' || language === 'de' ? TEXTS[language] : TEXTS.fr;
      expect(byRecipient.get(email), email).toEqual([expected.subject]);
    }
    const resent = smtp.mails.filter((mail) => mail.to[0] === held.to[0]);
    expect(resent.map((mail) => mail.headers.get('message-id'))).toEqual([held.headers.get('message-id')]);
    for (let i = 0; i < OUTSIDERS; i++)
      expect(byRecipient.has(`mail-outsider-${i}@example.test`)).toBe(false);
  }, 240_000);
});
