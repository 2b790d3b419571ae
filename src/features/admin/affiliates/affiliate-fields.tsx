/**
 * An affiliate's form: who they are, their code (typed only at creation: links carry it), their rate
 * with what it earns on a consultation, and where their payouts go. Checked with the service's rules
 * before sending and again by the service (which also refuses a code already taken); a refused save
 * keeps what was typed, says why beside each field and moves the focus to the first one to fix.
 */
import { useTranslation } from 'react-i18next';
import { AFFILIATE_NAME_MAX } from '../../../domain/affiliates';
import type { AffiliateInput, AffiliateView } from '../../../domain/affiliates';
import { CheckboxField, TextField } from '../../../ui/form-field';
import { AdminForm } from '../pricing/admin-form';
import { useAdminForm } from '../pricing/use-admin-form';
import styles from '../pricing/admin-form.module.css';
import {
  AFFILIATE_FIELDS,
  affiliateForm,
  checkedAffiliate,
  newAffiliateForm,
  typedRate,
} from './affiliate-form';
import type { AffiliateForm } from './affiliate-form';
import own from './affiliates.module.css';
import { CommissionExample } from './commission-example';

const idOf = (field: string) => `affiliate-${field}`;

type Props = {
  /** The affiliate being edited; a new one when absent. */
  affiliate?: AffiliateView;
  onSave: (input: AffiliateInput) => Promise<AffiliateView>;
  onSaved: (affiliate: AffiliateView) => void;
};

export function AffiliateFields({ affiliate, onSave, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const { form, change, error, ...state } = useAdminForm<AffiliateForm>({
    area: 'affiliates',
    initial: () => (affiliate ? affiliateForm(affiliate, i18n.language) : newAffiliateForm()),
    fields: AFFILIATE_FIELDS,
    idOf,
    check: (typed) => {
      const checked = checkedAffiliate(typed);
      return checked.ok ? undefined : checked.fields;
    },
    save: async (typed) => {
      const checked = checkedAffiliate(typed);
      if (!checked.ok) return;
      const saved = await onSave(checked.input);
      onSaved(saved);
      // An edit shows what the service kept (normalised); a creation leaves for the new page.
      return affiliate ? affiliateForm(saved, i18n.language) : undefined;
    },
  });
  const text = (field: Exclude<keyof AffiliateForm, 'active'>) => ({
    id: idOf(field),
    label: t(`admin.affiliates.fields.${field}`),
    value: form[field],
    error: error(field),
    autoComplete: 'off',
    onValue: (value: string) => change({ [field]: value }),
  });

  return (
    <AdminForm
      state={state}
      testId="affiliate-form"
      saveLabel={affiliate ? t('admin.common.save') : t('admin.affiliates.createSave')}
      savedText={t('admin.affiliates.saved')}
    >
      <fieldset className={styles.card}>
        <legend>{t('admin.affiliates.sections.identity')}</legend>
        <div className={styles.row}>
          <TextField {...text('name')} maxLength={AFFILIATE_NAME_MAX} />
          <TextField {...text('email')} type="email" />
        </div>
        <div className={styles.row}>
          <TextField
            {...text('code')}
            readOnly={!!affiliate}
            className={affiliate ? own.fixed : undefined}
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={24}
            hint={affiliate ? t('admin.affiliates.hints.codeFixed') : t('admin.affiliates.hints.code')}
            onValue={(code) => change({ code: code.toUpperCase() })}
          />
          <TextField
            {...text('rate')}
            inputMode="decimal"
            hint={<CommissionExample rate={typedRate(form)} />}
          />
        </div>
        <CheckboxField
          id={idOf('active')}
          label={t('admin.affiliates.fields.active')}
          checked={form.active}
          error={error('active')}
          onValue={(active) => change({ active })}
        />
      </fieldset>
      <fieldset className={styles.card}>
        <legend>{t('admin.affiliates.sections.payment')}</legend>
        <p className={styles.hint}>{t('admin.affiliates.hints.payment')}</p>
        <TextField {...text('stripeAccountId')} spellCheck={false} />
        <div className={styles.row}>
          <TextField {...text('bankAccountNumber')} spellCheck={false} />
          <TextField {...text('bankCode')} spellCheck={false} autoCapitalize="characters" />
        </div>
      </fieldset>
    </AdminForm>
  );
}
