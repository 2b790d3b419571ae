/**
 * A company account's details (legal name, address, VAT number, billing e-mail, currency, active):
 * checked by the same rules as the service before sending, and the service's field codes shown
 * beside their fields when it refuses.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { ApiError } from '../../../data/api';
import { checkB2bAccountInput } from '../../../domain/b2b';
import type { B2bAccount, B2bAccountInput } from '../../../domain/b2b';
import { CURRENCIES } from '../../../domain/config';
import { Button } from '../../../ui/button';
import { CheckboxField, ChoiceField, TextAreaField, TextField } from '../../../ui/form-field';
import { useAdminErrorText } from '../ui/admin-error';
import form from '../pricing/admin-form.module.css';

type Props = {
  account?: B2bAccount;
  onSave: (input: B2bAccountInput) => Promise<B2bAccount>;
  onSaved: (account: B2bAccount) => void;
};

const EMPTY: B2bAccountInput = {
  name: '',
  address: '',
  vatId: '',
  billingEmail: '',
  currency: 'EUR',
  active: true,
};

export function AccountForm({ account, onSave, onSaved }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const errorText = useAdminErrorText('b2b');
  const [values, setValues] = useState<B2bAccountInput>(() => (account ? { ...account } : EMPTY));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const set =
    <K extends keyof B2bAccountInput>(key: K) =>
    (value: B2bAccountInput[K]) => {
      setValues((current) => ({ ...current, [key]: value }));
      setSaved(false);
    };
  const fieldError = (name: string) =>
    fields[name] ? t(`admin.b2b.fieldErrors.${fields[name]}` as ParseKeys) : undefined;

  const submit = async () => {
    setFailure(undefined);
    const checked = checkB2bAccountInput(values);
    if (!checked.ok) {
      setFields(checked.fields);
      return;
    }
    setFields({});
    setBusy(true);
    try {
      onSaved(await onSave(checked.value));
      setSaved(true);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length) setFields(error.fields);
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={form.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset className={form.card}>
        <legend>{t('admin.b2b.detailsTitle')}</legend>
        <TextField
          id={`${id}-name`}
          label={t('admin.b2b.fields.name')}
          value={values.name}
          error={fieldError('name')}
          onValue={set('name')}
        />
        <TextAreaField
          id={`${id}-address`}
          label={t('admin.b2b.fields.address')}
          value={values.address}
          rows={3}
          error={fieldError('address')}
          onValue={set('address')}
        />
        <div className={form.row}>
          <TextField
            id={`${id}-vat`}
            label={t('admin.b2b.fields.vatId')}
            value={values.vatId}
            error={fieldError('vatId')}
            onValue={set('vatId')}
          />
          <TextField
            id={`${id}-email`}
            type="email"
            label={t('admin.b2b.fields.billingEmail')}
            value={values.billingEmail}
            error={fieldError('billingEmail')}
            onValue={set('billingEmail')}
          />
          <ChoiceField
            id={`${id}-currency`}
            label={t('admin.b2b.fields.currency')}
            value={values.currency}
            options={CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
            error={fieldError('currency')}
            onValue={(value) => set('currency')(value as B2bAccountInput['currency'])}
          />
        </div>
        <CheckboxField
          id={`${id}-active`}
          label={t('admin.b2b.fields.active')}
          checked={values.active}
          onValue={set('active')}
        />
      </fieldset>
      {failure && (
        <p role="alert" className={form.failure}>
          {failure}
        </p>
      )}
      <div className={form.footer}>
        <Button type="submit" disabled={busy}>
          {account ? t('admin.b2b.save') : t('admin.b2b.create')}
        </Button>
        {saved && (
          <p role="status" className={form.status}>
            {t('admin.b2b.saved')}
          </p>
        )}
      </div>
    </form>
  );
}
