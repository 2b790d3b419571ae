/**
 * Adding an address to the suppression list: the address, why (by hand, or a bounce the admin learnt
 * of) and an optional note. Checked with the shared rules, then by the service (409 when the address
 * is listed already, said at the address); once added the form is blank again and the list reloads.
 */
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../data/api';
import { checkSuppressionInput, SUPPRESSION_NOTE_MAX } from '../../../domain/comms-campaigns';
import { ChoiceField, TextField } from '../../../ui/form-field';
import { adminSend } from '../admin-api';
import { AdminForm } from '../pricing/admin-form';
import styles from '../pricing/admin-form.module.css';
import { useAdminForm } from '../pricing/use-admin-form';

type AddForm = { email: string; reason: 'admin' | 'bounce'; note: string };

const FIELDS = ['email', 'reason', 'note'] as const;
const idOf = (field: string) => `suppression-${field}`;
const blank = (): AddForm => ({ email: '', reason: 'admin', note: '' });
const bodyOf = (form: AddForm) => ({
  email: form.email,
  reason: form.reason,
  ...(form.note.trim() ? { note: form.note } : {}),
});

export function SuppressionAddForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation();
  const { form, change, error, ...state } = useAdminForm<AddForm>({
    area: 'commsCampaigns',
    initial: blank,
    fields: FIELDS,
    idOf,
    check: (typed) => {
      const check = checkSuppressionInput(bodyOf(typed));
      return check.ok ? undefined : check.fields;
    },
    save: async (typed) => {
      try {
        await adminSend('POST', 'comms/suppression', bodyOf(typed));
      } catch (failure) {
        if (failure instanceof ApiError && failure.code === 'already_suppressed') {
          throw new ApiError(failure.status, 'validation', { email: failure.code });
        }
        throw failure;
      }
      onAdded();
      return blank();
    },
  });
  return (
    <AdminForm
      state={state}
      testId="suppression-add"
      saveLabel={t('commsCampaigns.suppression.add')}
      savedText={t('commsCampaigns.suppression.added')}
    >
      <fieldset className={styles.card}>
        <legend>{t('commsCampaigns.suppression.addTitle')}</legend>
        <TextField
          id={idOf('email')}
          type="email"
          label={t('commsCampaigns.suppression.email')}
          value={form.email}
          autoComplete="off"
          maxLength={254}
          error={error('email')}
          onValue={(email) => change({ email })}
        />
        <ChoiceField
          id={idOf('reason')}
          label={t('commsCampaigns.suppression.reasonLabel')}
          value={form.reason}
          options={(['admin', 'bounce'] as const).map((reason) => ({
            value: reason,
            label: t(`commsCampaigns.suppression.reason.${reason}`),
          }))}
          error={error('reason')}
          onValue={(reason) => change({ reason: reason === 'bounce' ? 'bounce' : 'admin' })}
        />
        <TextField
          id={idOf('note')}
          label={t('commsCampaigns.suppression.note')}
          value={form.note}
          maxLength={SUPPRESSION_NOTE_MAX}
          autoComplete="off"
          error={error('note')}
          onValue={(note) => change({ note })}
        />
      </fieldset>
    </AdminForm>
  );
}
