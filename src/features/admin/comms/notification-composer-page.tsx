/**
 * `/admin/comms/notifications/new` (`?segment=<id>` preselects a segment): the composer of an in-app
 * notification, sent now or at a later date and time. Checked with the shared rules before sending
 * and again by the service; a refusal (a field, or a target the service cannot reach) keeps
 * everything typed, says why next to the field and moves the focus there. Accepted (202), it opens
 * the broadcast's page, which follows its delivery (or shows it scheduled, with a way to cancel it).
 */
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../data/api';
import { checkBroadcastInput } from '../../../domain/comms';
import type { BroadcastView, FieldProblems } from '../../../domain/comms';
import { adminSend } from '../admin-api';
import { AdminForm } from '../pricing/admin-form';
import { useAdminForm } from '../pricing/use-admin-form';
import { AdminPage } from '../ui/admin-page';
import { broadcastPath, notificationsPath } from './comms-paths';
import {
  newNotificationForm,
  NOTIFICATION_FIELDS,
  notificationBody,
  notificationFieldId,
} from './notification-form';
import type { NotificationForm } from './notification-form';
import { ScheduleFields } from './schedule-fields';
import { scheduleMissing } from './schedule-form';
import { TargetFields } from './target-fields';
import { TextsFields } from './texts-fields';

/** Refusals of the target that the service answers as a whole (404, 409): said at the target. */
const TARGET_REFUSALS = ['segment_not_found', 'recipient_not_found', 'recipient_unreachable'];

function problems(form: NotificationForm): FieldProblems | undefined {
  const fields: FieldProblems = {};
  const check = checkBroadcastInput(notificationBody(form));
  if (!check.ok) Object.assign(fields, check.fields);
  if ((form.targetKind === 'user' ? form.uid.trim() : form.segmentId) === '') fields.target = 'required';
  if (scheduleMissing(form)) fields.scheduledAt = 'required';
  return Object.keys(fields).length ? fields : undefined;
}

export function NotificationComposerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { form, change, update, error, ...state } = useAdminForm<NotificationForm>({
    area: 'comms',
    initial: () => newNotificationForm(params.get('segment') ?? ''),
    fields: NOTIFICATION_FIELDS,
    idOf: notificationFieldId,
    check: problems,
    save: async (typed) => {
      try {
        const { broadcast } = await adminSend<{ broadcast: BroadcastView }>(
          'POST',
          'comms/notifications',
          notificationBody(typed),
        );
        void navigate(broadcastPath(broadcast.id));
      } catch (failure) {
        if (failure instanceof ApiError && TARGET_REFUSALS.includes(failure.code)) {
          throw new ApiError(failure.status, 'validation', { target: failure.code });
        }
        throw failure;
      }
    },
  });

  return (
    <AdminPage
      title={t('admin.comms.compose.pageTitle')}
      subtitle={t('admin.comms.compose.subtitle')}
      back={{ to: notificationsPath(), label: t('admin.comms.notifications.backToList') }}
    >
      <AdminForm
        state={state}
        testId="notification-form"
        saveLabel={form.later ? t('admin.comms.compose.schedule') : t('admin.comms.compose.send')}
        savedText={form.later ? t('admin.comms.compose.scheduled') : t('admin.comms.compose.sent')}
      >
        <TargetFields form={form} change={change} error={error('target')} />
        <TextsFields
          texts={form.texts}
          error={(field) => error(field)}
          onText={(language, text) =>
            update((current) => ({ ...current, texts: { ...current.texts, [language]: text } }))
          }
        />
        <ScheduleFields
          form={form}
          onChange={change}
          ids={{ later: 'notification-later', scheduledAt: notificationFieldId('scheduledAt') }}
          labels={{
            legend: t('admin.comms.compose.when'),
            later: t('admin.comms.compose.later'),
            scheduledAt: t('admin.comms.compose.scheduledAt'),
            hint: t('admin.comms.compose.scheduledAtHint'),
          }}
          error={error('scheduledAt')}
        />
      </AdminForm>
    </AdminPage>
  );
}
