/**
 * Mail campaigns and suppression (src/domain/comms-campaigns.ts and the server's pure parts): the
 * input checks, the text each recipient reads, the signed unsubscribe token, the mail's RFC 8058
 * headers and footer, and the configuration of the throttle and the signing secret.
 */
import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_BODY_MAX,
  CAMPAIGN_SUBJECT_MAX,
  campaignTextFor,
  checkCampaignInput,
  checkSuppressionInput,
  suppressionSearch,
} from '../../src/domain/comms-campaigns';
import { readConfig } from '../../server/config/env';
import { campaignBody, campaignFieldId, newCampaignForm } from '../../src/features/admin/comms/campaign-form';
import { localToInstant } from '../../src/features/admin/comms/schedule-form';
import { campaignMail } from '../../server/services/comms/campaign-mail';
import { campaignMessageId, countedAs } from '../../server/services/comms/campaign-records';
import { readUnsubscribeToken, unsubscribeToken } from '../../server/services/comms/unsubscribe-token';

const NOW = new Date('2026-11-29T12:00:00.000Z');
const FR = { subject: 'Nouveautés', body: 'Bonjour,\n\nUn message.' };

describe('campaign input', () => {
  it('keeps valid input, trimmed, with a schedule as an ISO instant', () => {
    expect(
      checkCampaignInput(
        {
          segmentId: 'abc-123',
          texts: {
            fr: { subject: '  Nouveautés ', body: ' Bonjour ' },
            de: { subject: 'Neu', body: 'Hallo' },
          },
          scheduledAt: '2026-11-30T09:00:00+01:00',
        },
        NOW,
      ),
    ).toEqual({
      ok: true,
      value: {
        segmentId: 'abc-123',
        texts: { fr: { subject: 'Nouveautés', body: 'Bonjour' }, de: { subject: 'Neu', body: 'Hallo' } },
        scheduledAt: '2026-11-30T08:00:00.000Z',
      },
    });
    expect(checkCampaignInput({ segmentId: 'a', texts: { fr: FR }, scheduledAt: null }, NOW)).toEqual({
      ok: true,
      value: { segmentId: 'a', texts: { fr: FR } },
    });
  });

  it('names each problem: French required, lengths, one-line subject, unknown fields, schedule', () => {
    expect(checkCampaignInput('x', NOW)).toEqual({ ok: false, fields: { body: 'value_invalid' } });
    expect(
      checkCampaignInput(
        {
          segmentId: 'UPPER',
          texts: {
            en: { subject: 'x'.repeat(CAMPAIGN_SUBJECT_MAX + 1), body: 'y'.repeat(CAMPAIGN_BODY_MAX + 1) },
            es: { subject: 'two\nlines', body: 'ok', extra: 1 },
            it: FR,
          },
          scheduledAt: '2026-11-29T11:59:59Z',
          colour: 'red',
        },
        NOW,
      ),
    ).toEqual({
      ok: false,
      fields: {
        segmentId: 'value_invalid',
        'texts.fr': 'required',
        'texts.en.subject': 'too_long',
        'texts.en.body': 'too_long',
        'texts.es.subject': 'value_invalid',
        'texts.es.extra': 'unknown_field',
        'texts.it': 'unknown_field',
        scheduledAt: 'in_past',
        colour: 'unknown_field',
      },
    });
    const fields = (value: unknown) => {
      const checked = checkCampaignInput({ segmentId: 'a', texts: { fr: FR }, scheduledAt: value }, NOW);
      return checked.ok ? undefined : checked.fields;
    };
    expect(fields('2027-12-01T00:00:00Z')).toEqual({ scheduledAt: 'too_far' });
    expect(fields('next week')).toEqual({ scheduledAt: 'value_invalid' });
    expect(fields(1234)).toEqual({ scheduledAt: 'value_invalid' });
    expect(checkCampaignInput({ texts: 'hello' }, NOW)).toEqual({
      ok: false,
      fields: { segmentId: 'required', texts: 'required' },
    });
  });

  it('gives each recipient their language, else French', () => {
    const texts = { fr: FR, en: { subject: 'News', body: 'Hello' } };
    expect(campaignTextFor(texts, 'en')).toEqual({ language: 'en', text: texts.en });
    expect(campaignTextFor(texts, 'ru')).toEqual({ language: 'fr', text: FR });
  });
});

describe('suppression input', () => {
  it('normalises the address and defaults the reason to admin', () => {
    expect(checkSuppressionInput({ email: ' Anna@Example.TEST\u200B ' })).toEqual({
      ok: true,
      value: { email: 'anna@example.test', reason: 'admin' },
    });
    expect(checkSuppressionInput({ email: 'a@b.test', reason: 'bounce', note: ' 550 ' })).toEqual({
      ok: true,
      value: { email: 'a@b.test', reason: 'bounce', note: '550' },
    });
  });

  it('refuses a bad address, a reason only the system gives, a long note, unknown fields', () => {
    expect(
      checkSuppressionInput({ email: 'nope', reason: 'unsubscribed', note: 'x'.repeat(201), by: 'me' }),
    ).toEqual({
      ok: false,
      fields: { email: 'value_invalid', reason: 'value_invalid', note: 'too_long', by: 'unknown_field' },
    });
    expect(checkSuppressionInput({})).toEqual({ ok: false, fields: { email: 'required' } });
  });

  it('searches by the start of a normalised address', () => {
    expect(suppressionSearch('  ANNA@ ')).toBe('anna@');
    expect(suppressionSearch('')).toBeUndefined();
    expect(suppressionSearch(undefined)).toBeUndefined();
  });
});

describe('unsubscribe tokens', () => {
  const KEY = 'k'.repeat(40);
  const claim = { email: 'anna@example.test', campaignId: '20261129-abc', language: 'de' as const };

  it('carry the address, campaign and language, and hold only under their key', () => {
    const token = unsubscribeToken(KEY, claim);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.20261129-abc\.de\.[A-Za-z0-9_-]{32}$/);
    expect(readUnsubscribeToken(KEY, token)).toEqual(claim);
    expect(readUnsubscribeToken('other'.repeat(10), token)).toBeUndefined();
  });

  it('refuse any change to what they name', () => {
    const token = unsubscribeToken(KEY, claim);
    const [, campaignId, language, signature] = token.split('.');
    const other = Buffer.from('boris@example.test').toString('base64url');
    expect(readUnsubscribeToken(KEY, `${other}.${campaignId}.${language}.${signature}`)).toBeUndefined();
    expect(readUnsubscribeToken(KEY, token.replace('.de.', '.fr.'))).toBeUndefined();
    expect(readUnsubscribeToken(KEY, token.slice(0, -1))).toBeUndefined();
    expect(readUnsubscribeToken(KEY, 42)).toBeUndefined();
    expect(readUnsubscribeToken(KEY, 'a.b.c')).toBeUndefined();
  });
});

describe('a campaign mail', () => {
  const link = 'https://sos-expat.example/unsubscribe?token=abc.def';

  it('carries the one-click headers and the link in both parts, in the recipient’s language', () => {
    const mail = campaignMail('de', { subject: 'Neu', body: 'Hallo <Welt>,\n\nZweiter Absatz.' }, link);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.subject).toBe('Neu');
    expect(mail.text).toContain('Hallo <Welt>,\n\nZweiter Absatz.');
    expect(mail.text).toContain(`Von diesen Nachrichten abmelden: ${link}`);
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain('Hallo &lt;Welt&gt;,');
    expect(mail.html).toContain(`href="${link}"`);
  });

  it('has a Message-ID fixed by campaign and recipient', () => {
    expect(campaignMessageId('c1', 'u1', 'SOS Expat <news@sos-expat.test>')).toBe(
      '<campaign.c1.u1@sos-expat.test>',
    );
    expect(campaignMessageId('c1', 'u1', 'news@mail.test')).toBe('<campaign.c1.u1@mail.test>');
    expect(countedAs('sending')).toBe('queued');
    expect(countedAs('suppressed')).toBe('suppressed');
  });
});

describe('campaign configuration', () => {
  it('reads the throttle and the secret, and refuses malformed ones', () => {
    const fine = readConfig({ CAMPAIGN_RATE_PER_MINUTE: '600', UNSUBSCRIBE_SECRET: 's'.repeat(32) });
    expect(fine.problems).toEqual([]);
    expect(fine.config.campaigns).toEqual({
      ratePerMinute: 600,
      unsubscribeSecret: 's'.repeat(32),
      mailEventsSecret: undefined,
    });
    const defaults = readConfig({});
    expect(defaults.config.campaigns).toEqual({
      ratePerMinute: 120,
      unsubscribeSecret: undefined,
      mailEventsSecret: undefined,
    });
    expect(defaults.notes.some((note) => note.startsWith('unsubscribe links:'))).toBe(true);
    const bad = readConfig({ CAMPAIGN_RATE_PER_MINUTE: '0', UNSUBSCRIBE_SECRET: 'tiny-secret' });
    expect(bad.problems).toEqual([
      expect.stringContaining('CAMPAIGN_RATE_PER_MINUTE is malformed'),
      expect.stringContaining('UNSUBSCRIBE_SECRET is too short'),
    ]);
    // The secret itself is never repeated in what the operator (and the logs) see.
    expect(bad.problems.join(' ')).not.toContain('tiny-secret');
  });
});

describe('the campaign composer', () => {
  it('sends French, another language once typed in, and a schedule only when sending later', () => {
    const form = newCampaignForm('seg-1');
    form.texts.fr = FR;
    form.texts.de = { subject: 'Neu', body: '' };
    expect(campaignBody(form)).toEqual({
      segmentId: 'seg-1',
      texts: { fr: FR, de: { subject: 'Neu', body: '' } },
    });
    // A half-written language is refused at its empty field, not dropped.
    expect(checkCampaignInput(campaignBody(form), NOW)).toEqual({
      ok: false,
      fields: { 'texts.de.body': 'required' },
    });
    const later = { ...form, texts: { ...form.texts, de: { subject: '', body: '' } }, later: true };
    later.scheduledAt = '2026-12-01T09:30';
    expect(campaignBody(later).scheduledAt).toBe(new Date('2026-12-01T09:30').toISOString());
    expect(campaignFieldId('texts.fr.subject')).toBe('campaign-texts-fr-subject');
    expect(localToInstant('')).toBe('');
  });
});
