/**
 * A segment's form: its name and rules, checked with the shared rules before sending and again by
 * the service, beside the live count of the users the rules on screen select. A refused save keeps
 * everything typed, says why next to each field and moves the focus to the first one to fix; a save
 * refused because another admin changed the segment meanwhile (`segment_changed`) says so and lets
 * the editor offer to reload it.
 */
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../../data/api';
import { checkSegmentInput, checkSegmentRules, SEGMENT_NAME_MAX } from '../../../domain/comms';
import type { SegmentInput, SegmentView } from '../../../domain/comms';
import { TextField } from '../../../ui/form-field';
import { AdminForm } from '../pricing/admin-form';
import type { FieldCodes } from '../pricing/field-errors';
import { useAdminForm } from '../pricing/use-admin-form';
import detail from '../ui/detail.module.css';
import styles from '../pricing/admin-form.module.css';
import { SegmentCount } from './segment-count';
import { rulesOf, SEGMENT_FIELDS, segmentFieldId, segmentForm } from './segment-form';
import type { SegmentForm } from './segment-form';
import { SegmentRulesFields } from './segment-rules-fields';
import { useLiveCount } from './use-live-count';
import comms from './comms.module.css';

type Props = {
  /** The segment being edited; a new one when absent. */
  segment?: SegmentView;
  onSave: (input: SegmentInput) => Promise<SegmentView>;
  onSaved: (segment: SegmentView) => void;
  /** Another admin changed or deleted the segment since it was read. */
  onStale?: () => void;
};

const inputOf = (form: SegmentForm): SegmentInput => ({ name: form.name, rules: rulesOf(form) });

export function SegmentFields({ segment, onSave, onSaved, onStale }: Props) {
  const { t } = useTranslation();
  const { form, change, error, ...state } = useAdminForm<SegmentForm>({
    area: 'comms',
    initial: () => segmentForm(segment),
    fields: SEGMENT_FIELDS,
    idOf: segmentFieldId,
    check: (typed) => {
      const check = checkSegmentInput(inputOf(typed));
      return check.ok ? undefined : (check.fields as FieldCodes);
    },
    save: async (typed) => {
      try {
        onSaved(await onSave(inputOf(typed)));
      } catch (failure) {
        if (errorCode(failure) === 'segment_changed' || errorCode(failure) === 'segment_not_found') {
          onStale?.();
        }
        throw failure;
      }
    },
  });
  const rules = rulesOf(form);
  const countable = checkSegmentRules(rules).ok;
  const live = useLiveCount(countable ? rules : undefined);

  return (
    <div className={`${detail.columns} ${comms.editor}`}>
      <AdminForm
        state={state}
        testId="segment-form"
        saveLabel={segment ? t('admin.common.save') : t('admin.comms.segments.save')}
        savedText={t('admin.comms.segments.saved')}
      >
        <fieldset className={styles.card}>
          <legend>{t('admin.comms.sections.name')}</legend>
          <TextField
            id={segmentFieldId('name')}
            label={t('admin.comms.fields.name')}
            value={form.name}
            maxLength={SEGMENT_NAME_MAX}
            autoComplete="off"
            hint={t('admin.comms.hints.name', { max: SEGMENT_NAME_MAX })}
            error={error('name')}
            onValue={(name) => change({ name })}
          />
        </fieldset>
        <SegmentRulesFields form={form} change={change} error={(field) => error(field)} />
      </AdminForm>
      <div className={comms.aside}>
        <SegmentCount live={live} invalid={!countable} />
      </div>
    </div>
  );
}
