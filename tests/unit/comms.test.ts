/**
 * The rules of communications (src/domain/comms.ts): a segment's rules and an announcement's texts
 * and schedule as checked before anything is saved or sent (the schedule as a campaign's,
 * src/domain/comms-schedule.ts), the text each recipient reads, the notification's
 * schema as the gateway and the browser check it, and how the dashboard shows an announcement.
 */
import { describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  announcementFor,
  announcementNotificationId,
  checkBroadcastInput,
  checkSegmentInput,
  checkSegmentRules,
} from '../../src/domain/comms';
import { COMMS_SCHEDULE_MAX_DAYS } from '../../src/domain/comms-schedule';
import { createMineValidator } from '../../src/domain/mine-validation';
import { announcementText, notificationText } from '../../src/features/dashboard/dashboard-model';

const FR = { title: 'Bonjour', body: 'Un message.' };

describe('segment rules', () => {
  it('keeps valid rules, normalised (days as instants, lists without repeats)', () => {
    expect(
      checkSegmentRules({
        roles: ['client', 'client', 'expat'],
        languages: ['fr'],
        countries: ['FR', 'ES'],
        signedUpAfter: '2025-01-01',
        lastConsultationBefore: '2026-03-01T12:00:00+01:00',
        hasBooked: false,
        providerOnline: null,
      }),
    ).toEqual({
      ok: true,
      value: {
        roles: ['client', 'expat'],
        languages: ['fr'],
        countries: ['FR', 'ES'],
        signedUpAfter: '2025-01-01T00:00:00.000Z',
        lastConsultationBefore: '2026-03-01T11:00:00.000Z',
        hasBooked: false,
      },
    });
    expect(checkSegmentRules(undefined)).toEqual({ ok: true, value: {} });
  });

  it('names each refused field', () => {
    expect(
      checkSegmentRules({
        roles: ['admin'],
        countries: 'FR',
        signedUpAfter: '2026-02-30',
        signedUpBefore: 'soon',
        providerApproved: 'yes',
        colour: 'red',
      }),
    ).toEqual({
      ok: false,
      fields: {
        'rules.roles': 'value_invalid',
        'rules.countries': 'value_invalid',
        'rules.signedUpAfter': 'value_invalid',
        'rules.signedUpBefore': 'value_invalid',
        'rules.providerApproved': 'value_invalid',
        'rules.colour': 'unknown_field',
      },
    });
    expect(checkSegmentRules({ signedUpAfter: '2026-01-01', signedUpBefore: '2026-01-01' })).toEqual({
      ok: false,
      fields: { 'rules.signedUpBefore': 'empty_range' },
    });
    expect(checkSegmentInput({ name: '', rules: {} })).toEqual({ ok: false, fields: { name: 'required' } });
  });
});

describe('announcements', () => {
  it('need French and keep within their limits', () => {
    const target = { kind: 'user', uid: 'u1' };
    expect(checkBroadcastInput({ target, texts: { fr: FR } })).toEqual({
      ok: true,
      value: { target, texts: { fr: FR } },
    });
    expect(checkBroadcastInput({ target, texts: { de: FR } })).toEqual({
      ok: false,
      fields: { 'texts.fr': 'required' },
    });
    const long = {
      fr: { title: 'x'.repeat(ANNOUNCEMENT_TITLE_MAX + 1), body: 'x'.repeat(ANNOUNCEMENT_BODY_MAX + 1) },
    };
    expect(checkBroadcastInput({ target, texts: long })).toEqual({
      ok: false,
      fields: { 'texts.fr.title': 'too_long', 'texts.fr.body': 'too_long' },
    });
    expect(checkBroadcastInput({ target: { kind: 'user', uid: '../x' }, texts: { fr: FR } })).toEqual({
      ok: false,
      fields: { target: 'value_invalid' },
    });
  });

  it('may be scheduled, in the future and at most a year ahead, as a campaign', () => {
    const now = new Date('2026-11-29T12:00:00.000Z');
    const target = { kind: 'segment', segmentId: 'seg-1' };
    const check = (scheduledAt: unknown) =>
      checkBroadcastInput({ target, texts: { fr: FR }, scheduledAt }, now);
    expect(check('2026-11-30T09:30:00+01:00')).toEqual({
      ok: true,
      value: { target, texts: { fr: FR }, scheduledAt: '2026-11-30T08:30:00.000Z' },
    });
    // None, null or empty: sent at once.
    for (const none of [undefined, null, '']) {
      expect(check(none)).toEqual({ ok: true, value: { target, texts: { fr: FR } } });
    }
    const refused = (scheduledAt: unknown) => {
      const checked = check(scheduledAt);
      return checked.ok ? undefined : checked.fields;
    };
    expect(refused('2026-11-29T12:00:00Z')).toEqual({ scheduledAt: 'in_past' });
    expect(refused('2025-01-01T00:00:00Z')).toEqual({ scheduledAt: 'in_past' });
    const last = new Date(now.getTime() + COMMS_SCHEDULE_MAX_DAYS * 86_400_000);
    expect(check(last.toISOString()).ok).toBe(true);
    expect(refused(new Date(last.getTime() + 1000).toISOString())).toEqual({ scheduledAt: 'too_far' });
    for (const bad of ['tomorrow', '2026-12-01', 1_800_000_000_000, { at: 'now' }, 'x'.repeat(41)]) {
      expect(refused(bad), JSON.stringify(bad)).toEqual({ scheduledAt: 'value_invalid' });
    }
    expect(checkBroadcastInput({ target, texts: {}, scheduledAt: 'soon', when: 1 }, now)).toEqual({
      ok: false,
      fields: { 'texts.fr': 'required', scheduledAt: 'value_invalid', when: 'unknown_field' },
    });
  });

  it('reach each recipient in their language, else in French', () => {
    const texts = { fr: FR, en: { title: 'Hello', body: 'A message.' } };
    expect(announcementFor(texts, 'en')).toEqual({ language: 'en', text: texts.en });
    expect(announcementFor(texts, 'ru')).toEqual({ language: 'fr', text: FR });
  });

  it('are notifications the gateway and the browser accept, within the same limits', () => {
    const validate = createMineValidator();
    const at = '2026-11-29T10:00:00.000Z';
    const note = (params: Record<string, unknown>, kind = 'announcement') => ({
      id: announcementNotificationId('20261129100000000-abcdef0123'),
      type: 'notification',
      kind,
      params,
      isRead: false,
      createdAt: at,
      updatedAt: at,
    });
    expect(validate(note({ title: 'x'.repeat(120), body: 'y'.repeat(1000) })).ok).toBe(true);
    expect(validate(note({ title: 'x', body: 'y'.repeat(1001) })).ok).toBe(false);
    expect(validate(note({ title: 'x'.repeat(121), body: 'y' })).ok).toBe(false);
    expect(validate(note({ title: 'x', body: 'y', link: 'https://example.test' })).ok).toBe(false);
    expect(validate(note({ title: 'x' })).ok).toBe(false);
    // Other kinds keep their 200 characters.
    expect(validate(note({ providerName: 'x'.repeat(201) }, 'call_started')).ok).toBe(false);
    expect(validate(note({ providerName: 'x'.repeat(200) }, 'call_started')).ok).toBe(true);
  });

  it('show their own title and body, not a translated text', () => {
    const doc = { kind: 'announcement' as const, params: FR };
    expect(announcementText(doc)).toEqual(FR);
    expect(announcementText({ kind: 'call_started', params: { providerName: 'Léa' } })).toBeUndefined();
    expect(notificationText(doc, 'fr', (key) => key).key).toBe('announcement');
  });
});
