import { describe, expect, it } from 'vitest';
import { checkAutomationInput, delayMs } from '../../src/domain/comms-automations';
import { readConfig } from '../../server/config/env';
import {
  automationMessageId,
  automationNotificationId,
  automationSendDocId,
  automationUnsubscribeSource,
} from '../../server/services/comms/automation-records';
import { readUnsubscribeToken, unsubscribeToken } from '../../server/services/comms/unsubscribe-token';
import { automationBody, automationForm } from '../../src/features/admin/comms/automation-form';

const mail = {
  name: '  Relance  ',
  trigger: 'signed_up_not_booked',
  delay: { value: 7, unit: 'days' },
  channel: 'mail',
  texts: { fr: { subject: ' Bonjour ', body: 'Texte' } },
};

describe('automation input', () => {
  it('keeps valid input, trimmed, with the texts of its channel', () => {
    expect(checkAutomationInput(mail)).toEqual({
      ok: true,
      value: { ...mail, name: 'Relance', texts: { fr: { subject: 'Bonjour', body: 'Texte' } } },
    });
    const notification = {
      ...mail,
      channel: 'notification',
      enabled: true,
      texts: { fr: { title: 'Titre', body: 'Texte' } },
    };
    expect(checkAutomationInput(notification)).toMatchObject({ ok: true, value: { enabled: true } });
    expect(delayMs({ value: 2, unit: 'hours' })).toBe(7_200_000);
  });

  it('names each problem with a code', () => {
    expect(
      checkAutomationInput({ ...mail, delay: { value: 0, unit: 'days', extra: 1 }, trigger: undefined }),
    ).toEqual({
      ok: false,
      fields: { trigger: 'required', 'delay.extra': 'unknown_field', 'delay.value': 'value_invalid' },
    });
    expect(checkAutomationInput({ ...mail, delay: { value: 721, unit: 'hours' } })).toMatchObject({
      fields: { 'delay.value': 'too_far' },
    });
    expect(checkAutomationInput({ ...mail, delay: 7 })).toMatchObject({ fields: { delay: 'value_invalid' } });
    expect(
      checkAutomationInput({ ...mail, texts: { fr: { subject: 'Deux\nlignes', body: 'x' } } }),
    ).toMatchObject({ fields: { 'texts.fr.subject': 'value_invalid' } });
    expect(checkAutomationInput('x')).toEqual({ ok: false, fields: { body: 'value_invalid' } });
  });
});

describe('automation records', () => {
  it('name each send by automation, person and event, within the store’s and the schema’s limits', () => {
    const id = '20261124093000000-0123456789';
    expect(automationSendDocId(id, 'u1')).toBe(`automation-send:${id}:u1`);
    expect(automationSendDocId(id, 'u1', 'ord_1')).toBe(`automation-send:${id}:u1:ord_1`);
    expect(automationMessageId(automationSendDocId(id, 'u1'), 'SOS <news@sos.test>')).toBe(
      `<automation-send.${id}.u1@sos.test>`,
    );
    expect(automationNotificationId(id, 'ord_' + 'a'.repeat(24)).length).toBeLessThanOrEqual(100);
    const token = unsubscribeToken('k'.repeat(32), {
      email: 'a@b.test',
      campaignId: automationUnsubscribeSource(id),
      language: 'en',
    });
    expect(readUnsubscribeToken('k'.repeat(32), token)?.campaignId).toBe(`auto-${id}`);
  });
});

describe('AUTOMATION_INTERVAL_MS', () => {
  it('defaults to five minutes and refuses what is not a number of milliseconds in range', () => {
    expect(readConfig({}).config.automations.intervalMs).toBe(300_000);
    expect(readConfig({ AUTOMATION_INTERVAL_MS: '60000' }).config.automations.intervalMs).toBe(60_000);
    for (const bad of ['5', 'soon', '86400001']) {
      expect(readConfig({ AUTOMATION_INTERVAL_MS: bad }).problems).toEqual([
        expect.stringContaining('AUTOMATION_INTERVAL_MS is malformed'),
      ]);
    }
  });
});

describe('the automation editor', () => {
  it('sends only the chosen channel’s texts, French and each language typed in', () => {
    const form = automationForm();
    form.name = 'Jamais en ligne';
    form.trigger = 'provider_approved_never_online';
    form.delayValue = '3';
    form.channel = 'notification';
    form.mail.fr = { subject: 'Oublié', body: 'x' };
    form.notification.fr = { title: 'Titre', body: 'Texte' };
    form.notification.de = { title: 'Titel', body: '' };
    expect(automationBody(form, true)).toEqual({
      name: 'Jamais en ligne',
      trigger: 'provider_approved_never_online',
      delay: { value: 3, unit: 'days' },
      channel: 'notification',
      texts: { fr: { title: 'Titre', body: 'Texte' }, de: { title: 'Titel', body: '' } },
      enabled: false,
    });
    expect(checkAutomationInput(automationBody(form, false))).toMatchObject({
      fields: { 'texts.de.body': 'required' },
    });
  });
});
