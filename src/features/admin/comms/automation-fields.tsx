/**
 * An automation's form: its name, its trigger (with what it means), its delay, its channel, then the
 * chosen channel's texts per language (a mail's subject and body, or a notification's title and
 * body, with the campaigns' and notifications' own cards and limits); on creation, whether it is
 * switched on at once. Checked with the shared rules before sending and again by the service; a
 * refusal keeps everything typed, says why next to each field and moves the focus to the first one;
 * a save refused because another admin saved meanwhile (`automation_changed`) lets the page offer a
 * reload.
 */
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../../data/api';
import { SEGMENT_NAME_MAX } from '../../../domain/comms';
import {
  AUTOMATION_CHANNELS,
  AUTOMATION_TRIGGERS,
  checkAutomationInput,
  DELAY_MAX,
  DELAY_UNITS,
} from '../../../domain/comms-automations';
import type { AutomationInput, AutomationView } from '../../../domain/comms-automations';
import { CheckboxField, ChoiceField, TextField } from '../../../ui/form-field';
import { AdminForm } from '../pricing/admin-form';
import type { FieldCodes } from '../pricing/field-errors';
import styles from '../pricing/admin-form.module.css';
import { useAdminForm } from '../pricing/use-admin-form';
import { automationBody, automationFieldId, automationForm, AUTOMATION_FIELDS } from './automation-form';
import type { AutomationForm } from './automation-form';
import { CampaignTextsFields } from './campaign-texts-fields';
import { TextsFields } from './texts-fields';
import comms from './comms.module.css';

type Props = {
  /** The automation being edited; a new one when absent. */
  automation?: AutomationView;
  onSave: (input: AutomationInput) => Promise<AutomationView>;
  onSaved: (automation: AutomationView) => void;
  /** Another admin changed the automation since it was read. */
  onStale?: () => void;
};

export function AutomationFields({ automation, onSave, onSaved, onStale }: Props) {
  const { t } = useTranslation();
  const creating = !automation;
  const { form, change, update, error, ...state } = useAdminForm<AutomationForm>({
    area: 'commsAutomations',
    initial: () => automationForm(automation),
    fields: AUTOMATION_FIELDS,
    idOf: automationFieldId,
    check: (typed) => {
      const check = checkAutomationInput(automationBody(typed, creating));
      return check.ok ? undefined : (check.fields as FieldCodes);
    },
    save: async (typed) => {
      try {
        onSaved(await onSave(automationBody(typed, creating)));
      } catch (failure) {
        if (errorCode(failure) === 'automation_changed') onStale?.();
        throw failure;
      }
    },
  });
  const options = <T extends string>(values: readonly T[], label: (value: T) => string) =>
    values.map((value) => ({ value, label: label(value) }));

  return (
    <AdminForm
      state={state}
      testId="automation-form"
      saveLabel={creating ? t('commsAutomations.editor.save') : t('admin.common.save')}
      savedText={t('commsAutomations.editor.saved')}
    >
      <fieldset className={styles.card}>
        <legend>{t('commsAutomations.editor.sections.what')}</legend>
        <TextField
          id={automationFieldId('name')}
          label={t('commsAutomations.editor.name')}
          value={form.name}
          maxLength={SEGMENT_NAME_MAX}
          autoComplete="off"
          hint={t('commsAutomations.editor.nameHint', { max: SEGMENT_NAME_MAX })}
          error={error('name')}
          onValue={(name) => change({ name })}
        />
        <ChoiceField
          id={automationFieldId('trigger')}
          label={t('commsAutomations.editor.trigger')}
          value={form.trigger}
          placeholder=""
          options={options(AUTOMATION_TRIGGERS, (trigger) => t(`commsAutomations.trigger.${trigger}`))}
          hint={form.trigger ? t(`commsAutomations.triggerHint.${form.trigger}`) : undefined}
          error={error('trigger')}
          onValue={(trigger) => change({ trigger: trigger as AutomationForm['trigger'] })}
        />
        <p className={`${styles.hint} ${comms.fallback}`}>{t('commsAutomations.editor.onlyNew')}</p>
      </fieldset>
      <fieldset className={styles.card}>
        <legend>{t('commsAutomations.editor.sections.when')}</legend>
        <TextField
          id={automationFieldId('delay.value')}
          type="number"
          inputMode="numeric"
          min={1}
          max={DELAY_MAX[form.delayUnit]}
          label={t('commsAutomations.editor.delayValue')}
          value={form.delayValue}
          hint={t('commsAutomations.editor.delayHint', { hours: DELAY_MAX.hours, days: DELAY_MAX.days })}
          error={error('delay.value')}
          onValue={(delayValue) => change({ delayValue: delayValue.slice(0, 6) })}
        />
        <ChoiceField
          id={automationFieldId('delay.unit')}
          label={t('commsAutomations.editor.delayUnit')}
          value={form.delayUnit}
          options={options(DELAY_UNITS, (unit) => t(`commsAutomations.unit.${unit}`))}
          error={error('delay.unit')}
          onValue={(unit) => change({ delayUnit: unit as AutomationForm['delayUnit'] })}
        />
        <ChoiceField
          id={automationFieldId('channel')}
          label={t('commsAutomations.editor.channel')}
          value={form.channel}
          options={options(AUTOMATION_CHANNELS, (channel) => t(`commsAutomations.channel.${channel}`))}
          hint={form.channel === 'mail' ? t('commsAutomations.editor.mailHint') : undefined}
          error={error('channel')}
          onValue={(channel) => change({ channel: channel as AutomationForm['channel'] })}
        />
        {creating && (
          <CheckboxField
            id={automationFieldId('enabled')}
            label={t('commsAutomations.editor.enabled')}
            checked={form.enabled}
            onValue={(enabled) => change({ enabled })}
          />
        )}
      </fieldset>
      {form.channel === 'mail' ? (
        <CampaignTextsFields
          texts={form.mail}
          idOf={automationFieldId}
          error={(field) => error(field)}
          onText={(language, text) =>
            update((current) => ({ ...current, mail: { ...current.mail, [language]: text } }))
          }
        />
      ) : (
        <TextsFields
          texts={form.notification}
          idOf={automationFieldId}
          error={(field) => error(field)}
          onText={(language, text) =>
            update((current) => ({
              ...current,
              notification: { ...current.notification, [language]: text },
            }))
          }
        />
      )}
    </AdminForm>
  );
}
