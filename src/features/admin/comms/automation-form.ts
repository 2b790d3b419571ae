/**
 * The automation editor's values as typed, and the request the service takes
 * (src/domain/comms-automations.ts `AutomationInput`). Both channels' texts are kept while the admin
 * switches between them; only the chosen channel's are sent: French always, another language once
 * anything was typed in it (a half-written one is then refused at its empty field).
 */
import type { AnnouncementText } from '../../../domain/comms';
import type { CampaignText } from '../../../domain/comms-campaigns';
import type {
  AutomationChannel,
  AutomationInput,
  AutomationTrigger,
  AutomationView,
  DelayUnit,
} from '../../../domain/comms-automations';
import { LANGUAGES } from '../../../domain/languages';
import type { Language } from '../../../domain/languages';

export type AutomationForm = {
  name: string;
  trigger: AutomationTrigger | '';
  /** As typed: a whole number is checked by the shared rules once sent. */
  delayValue: string;
  delayUnit: DelayUnit;
  channel: AutomationChannel;
  mail: Record<Language, CampaignText>;
  notification: Record<Language, AnnouncementText>;
  enabled: boolean;
};

/** The fields in screen order, as the service names them (a refused save focuses the first). */
export const AUTOMATION_FIELDS = [
  'name',
  'trigger',
  'delay.value',
  'delay.unit',
  'channel',
  ...LANGUAGES.flatMap((language) => [
    `texts.${language}.subject`,
    `texts.${language}.title`,
    `texts.${language}.body`,
  ]),
] as const;

export const automationFieldId = (field: string) => `automation-${field.replace(/\./g, '-')}`;

const each = <T>(make: () => T) =>
  Object.fromEntries(LANGUAGES.map((language) => [language, make()])) as Record<Language, T>;

export function automationForm(automation?: AutomationView): AutomationForm {
  const form: AutomationForm = {
    name: automation?.name ?? '',
    trigger: automation?.trigger ?? '',
    delayValue: automation ? String(automation.delay.value) : '7',
    delayUnit: automation?.delay.unit ?? 'days',
    channel: automation?.channel ?? 'mail',
    mail: each(() => ({ subject: '', body: '' })),
    notification: each(() => ({ title: '', body: '' })),
    enabled: automation?.enabled ?? false,
  };
  if (automation?.channel === 'mail') form.mail = { ...form.mail, ...automation.texts };
  if (automation?.channel === 'notification') {
    form.notification = { ...form.notification, ...automation.texts };
  }
  return form;
}

const typed = (text: object) => Object.values(text).some((value) => String(value).trim() !== '');

/** What is sent; `withSwitch`: on creation, whether it is switched on at once. */
export function automationBody(form: AutomationForm, withSwitch: boolean): AutomationInput {
  const texts = form.channel === 'mail' ? form.mail : form.notification;
  const sent = Object.fromEntries(
    LANGUAGES.filter((language) => language === 'fr' || typed(texts[language])).map((language) => [
      language,
      texts[language],
    ]),
  );
  const value = form.delayValue.trim() === '' ? undefined : Number(form.delayValue);
  return {
    name: form.name,
    trigger: form.trigger as AutomationTrigger,
    delay: { value: value as number, unit: form.delayUnit },
    ...(form.channel === 'mail'
      ? { channel: 'mail', texts: sent as Extract<AutomationInput, { channel: 'mail' }>['texts'] }
      : {
          channel: 'notification',
          texts: sent as Extract<AutomationInput, { channel: 'notification' }>['texts'],
        }),
    ...(withSwitch ? { enabled: form.enabled } : {}),
  };
}
