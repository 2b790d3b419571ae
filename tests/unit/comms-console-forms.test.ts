import { describe, expect, it } from 'vitest';
import { checkBroadcastInput, checkSegmentInput } from '../../src/domain/comms';
import {
  newNotificationForm,
  notificationBody,
  notificationFieldId,
} from '../../src/features/admin/comms/notification-form';
import { rulesOf, segmentFieldId, segmentForm } from '../../src/features/admin/comms/segment-form';

describe('the segment form', () => {
  it('leaves out the rules left empty or on "any", and reads a saved segment back', () => {
    const form = {
      ...segmentForm(),
      name: 'Anglophones',
      roles: ['client' as const],
      hasBooked: 'no' as const,
    };
    expect(rulesOf(form)).toEqual({ roles: ['client'], hasBooked: false });
    const rules = {
      languages: ['en' as const],
      signedUpAfter: '2026-01-01T00:00:00.000Z',
      providerOnline: true,
    };
    const again = segmentForm({ name: 'x', rules });
    expect(again.signedUpAfter).toBe('2026-01-01');
    expect(again.providerOnline).toBe('yes');
    expect(checkSegmentInput({ name: 'x', rules: rulesOf(again) })).toEqual({
      ok: true,
      value: { name: 'x', rules },
    });
  });

  it('names each control after the field the service refuses', () => {
    expect(segmentFieldId('rules.signedUpBefore')).toBe('segment-rules-signedUpBefore');
  });
});

describe('the notification composer', () => {
  it('sends French, and another language only once something is typed in it', () => {
    const form = newNotificationForm('seg-1');
    form.texts.fr = { title: 'Titre', body: 'Corps' };
    form.texts.en = { title: 'Title', body: '' };
    const body = notificationBody(form);
    expect(body.target).toEqual({ kind: 'segment', segmentId: 'seg-1' });
    expect(Object.keys(body.texts)).toEqual(['fr', 'en']);
    const check = checkBroadcastInput(body);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.fields).toEqual({ 'texts.en.body': 'required' });
    expect(notificationFieldId('texts.en.body')).toBe('notification-texts-en-body');
  });

  it('sends a schedule typed in local time as an instant, and none when sent now', () => {
    const form = newNotificationForm('seg-1');
    form.texts.fr = { title: 'Titre', body: 'Corps' };
    form.scheduledAt = '2026-12-01T09:30';
    expect(notificationBody(form).scheduledAt).toBeUndefined();
    form.later = true;
    expect(notificationBody(form).scheduledAt).toBe(new Date('2026-12-01T09:30').toISOString());
    const check = checkBroadcastInput(notificationBody(form), new Date('2026-11-29T12:00:00Z'));
    expect(check.ok && check.value.scheduledAt).toBe(new Date('2026-12-01T09:30').toISOString());
  });
});
