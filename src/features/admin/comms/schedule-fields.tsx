/** A composer's "When" card: a "send later" box, then the date and time in the admin's time zone. */
import { CheckboxField, TextField } from '../../../ui/form-field';
import styles from '../pricing/admin-form.module.css';
import type { ScheduleForm } from './schedule-form';

type Props = {
  form: ScheduleForm;
  onChange: (change: Partial<ScheduleForm>) => void;
  /** The ids of the box and of the date field (the one a refusal of `scheduledAt` focuses). */
  ids: { later: string; scheduledAt: string };
  labels: { legend: string; later: string; scheduledAt: string; hint: string };
  error?: string;
};

export function ScheduleFields({ form, onChange, ids, labels, error }: Props) {
  return (
    <fieldset className={styles.card}>
      <legend>{labels.legend}</legend>
      <CheckboxField
        id={ids.later}
        label={labels.later}
        checked={form.later}
        onValue={(later) => onChange({ later })}
      />
      {form.later && (
        <TextField
          id={ids.scheduledAt}
          type="datetime-local"
          label={labels.scheduledAt}
          hint={labels.hint}
          value={form.scheduledAt}
          error={error}
          onValue={(scheduledAt) => onChange({ scheduledAt })}
        />
      )}
    </fieldset>
  );
}
