/**
 * The notification composer's values as typed, and the request the service takes
 * (src/domain/comms.ts `BroadcastInput`). French is always sent (it is required, and what a user
 * without their own language reads); another language is sent once the admin typed anything in it,
 * so that a half-written one is refused at its empty field rather than silently dropped. It goes now
 * or at a later time typed in the admin's time zone (schedule-form.ts).
 */
import type { AnnouncementText, BroadcastInput } from '../../../domain/comms';
import { LANGUAGES } from '../../../domain/languages';
import type { Language } from '../../../domain/languages';
import { newScheduleForm, scheduleBody } from './schedule-form';
import type { ScheduleForm } from './schedule-form';

export type TargetKind = 'segment' | 'user';

/** `later`, `scheduledAt`: when to send it (schedule-form.ts). */
export type NotificationForm = ScheduleForm & {
  targetKind: TargetKind;
  uid: string;
  segmentId: string;
  texts: Record<Language, AnnouncementText>;
};

/** The fields in screen order, as the service names them (a refused send focuses the first). */
export const NOTIFICATION_FIELDS = [
  'target',
  ...LANGUAGES.flatMap((language) => [`texts.${language}.title`, `texts.${language}.body`]),
  'scheduledAt',
] as const;

/** The id of a field's control (the target's is that of the chosen kind's control: one at a time). */
export const notificationFieldId = (field: string) => `notification-${field.replace(/\./g, '-')}`;

export function newNotificationForm(segmentId = ''): NotificationForm {
  return {
    targetKind: 'segment',
    uid: '',
    segmentId,
    texts: Object.fromEntries(LANGUAGES.map((language) => [language, { title: '', body: '' }])) as Record<
      Language,
      AnnouncementText
    >,
    ...newScheduleForm(),
  };
}

const typed = (text: AnnouncementText) => text.title.trim() !== '' || text.body.trim() !== '';

/** The languages whose texts are sent: French, and each other one the admin wrote in. */
export const sentLanguages = (form: NotificationForm): Language[] =>
  LANGUAGES.filter((language) => language === 'fr' || typed(form.texts[language]));

export function notificationBody(form: NotificationForm): BroadcastInput {
  const target: BroadcastInput['target'] =
    form.targetKind === 'user'
      ? { kind: 'user', uid: form.uid.trim() }
      : { kind: 'segment', segmentId: form.segmentId };
  const texts = Object.fromEntries(
    sentLanguages(form).map((language) => [language, form.texts[language]]),
  ) as BroadcastInput['texts'];
  return { target, texts, ...scheduleBody(form) };
}
