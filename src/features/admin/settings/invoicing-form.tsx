/**
 * The seller identity and VAT that invoices print (`PUT /api/admin/settings/invoicing`): legal name,
 * address lines, registration and VAT numbers, country, e-mail, VAT rate (typed in percent) and the
 * note printed when no VAT is charged. Applies to the invoices issued from now on.
 */
import { useTranslation } from 'react-i18next';
import type { InvoicingSettings } from '../../../domain/invoice';
import { checkInvoicingSettings } from '../../../domain/invoicing-settings';
import { TextAreaField, TextField } from '../../../ui/form-field';
import { adminSend } from '../admin-api';
import { AdminForm } from '../pricing/admin-form';
import { useAdminForm } from '../pricing/use-admin-form';
import styles from '../pricing/admin-form.module.css';

type Form = {
  name: string;
  address: string;
  companyId: string;
  vatId: string;
  country: string;
  email: string;
  vatRate: string;
  vatNote: string;
};

const FIELDS = [
  'seller.name',
  'seller.address',
  'seller.companyId',
  'seller.vatId',
  'seller.country',
  'seller.email',
  'vatRate',
  'vatNote',
];
const idOf = (field: string) => `invoicing-${field.replace(/\./g, '-')}`;

function formOf(invoicing: InvoicingSettings, locale: string): Form {
  const { seller } = invoicing;
  return {
    name: seller.name,
    address: (seller.address ?? []).join('\n'),
    companyId: seller.companyId ?? '',
    vatId: seller.vatId ?? '',
    country: seller.country ?? '',
    email: seller.email ?? '',
    vatRate: new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false }).format(
      invoicing.vatRate * 100,
    ),
    vatNote: invoicing.vatNote ?? '',
  };
}

function bodyOf(form: Form): unknown {
  const rate = form.vatRate.trim().replace(',', '.');
  return {
    seller: {
      name: form.name,
      address: form.address.split('\n'),
      companyId: form.companyId,
      vatId: form.vatId,
      country: form.country.trim().toUpperCase(),
      email: form.email,
    },
    vatRate: /^\d{1,3}(\.\d{1,2})?$/.test(rate) ? Math.round(Number(rate) * 100) / 10_000 : Number.NaN,
    vatNote: form.vatNote,
  };
}

export function InvoicingForm({ initial, onSaved }: { initial: InvoicingSettings; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const { form, change, error, ...state } = useAdminForm<Form>({
    area: 'settings',
    initial: () => formOf(initial, i18n.language),
    fields: FIELDS,
    idOf,
    check: (typed) => {
      const check = checkInvoicingSettings(bodyOf(typed));
      return check.ok ? undefined : check.fields;
    },
    save: async (typed) => {
      const saved = await adminSend<{ invoicing: InvoicingSettings }>(
        'PUT',
        'settings/invoicing',
        bodyOf(typed),
      );
      onSaved();
      return formOf(saved.invoicing, i18n.language);
    },
  });
  const text = (field: keyof Form, path: string, label: string, extra: Record<string, unknown> = {}) => ({
    id: idOf(path),
    label,
    value: form[field],
    error: error(path),
    autoComplete: 'off',
    onValue: (value: string) => change({ [field]: value }),
    ...extra,
  });

  return (
    <AdminForm
      state={state}
      testId="invoicing-form"
      saveLabel={t('admin.settings.saveSeller')}
      savedText={t('admin.settings.sellerSaved')}
    >
      <fieldset className={styles.card}>
        <legend>{t('admin.settings.sections.seller')}</legend>
        <p className={styles.hint}>{t('admin.settings.hints.seller')}</p>
        <TextField {...text('name', 'seller.name', t('admin.settings.fields.sellerName'))} maxLength={200} />
        <TextAreaField
          {...text('address', 'seller.address', t('admin.settings.fields.sellerAddress'))}
          rows={3}
          hint={t('admin.settings.hints.address')}
        />
        <div className={styles.row}>
          <TextField
            {...text('companyId', 'seller.companyId', t('admin.settings.fields.companyId'))}
            maxLength={80}
          />
          <TextField {...text('vatId', 'seller.vatId', t('admin.settings.fields.vatId'))} maxLength={40} />
          <TextField
            {...text('country', 'seller.country', t('admin.settings.fields.sellerCountry'))}
            maxLength={2}
            autoCapitalize="characters"
            hint={t('admin.settings.hints.country')}
          />
          <TextField
            {...text('email', 'seller.email', t('admin.settings.fields.sellerEmail'))}
            type="email"
            maxLength={254}
          />
        </div>
        <div className={styles.row}>
          <TextField
            {...text('vatRate', 'vatRate', t('admin.settings.fields.vatRate'))}
            inputMode="decimal"
          />
          <TextField
            {...text('vatNote', 'vatNote', t('admin.settings.fields.vatNote'))}
            maxLength={300}
            hint={t('admin.settings.hints.vatNote')}
          />
        </div>
      </fieldset>
    </AdminForm>
  );
}
