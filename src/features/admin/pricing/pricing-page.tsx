/**
 * `/admin/pricing`: the prices (euros and dollars) and durations of the lawyer and expat calls.
 * Saved into `config`, they reach every open price screen by replication, and checkout charges
 * them from the next order on (server/services/admin/pricing.ts). The form keeps what was typed
 * when a save is refused, with each field's reason; the change history is below.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCIES } from '../../../domain/config';
import type { Currency, Pricing } from '../../../domain/config';
import { checkPricing } from '../../../domain/pricing-rules';
import { SERVICES } from '../../../domain/promo';
import type { ServiceKey } from '../../../domain/promo';
import { Button } from '../../../ui/button';
import { CheckboxField, TextField } from '../../../ui/form-field';
import { adminSend } from '../admin-api';
import { useAdminErrorText } from '../ui/admin-error';
import { AdminPage } from '../ui/admin-page';
import { AuditTrail } from '../ui/audit-trail';
import { useAdminFormat } from '../ui/use-admin-format';
import { useAdminQuery } from '../ui/use-admin-query';
import { AdminForm } from './admin-form';
import { amountText, parseAmount, parseWhole } from './amount-input';
import { useAdminForm } from './use-admin-form';
import styles from './admin-form.module.css';

type PricingAnswer = { pricing: Pricing; updatedAt?: string };

type ServiceForm = Record<Currency, string> & { minutes: string; isActive: boolean };
type PricingForm = Record<ServiceKey, ServiceForm>;

/** Every field the form shows, in screen order (a refused save focuses the first one to fix). */
const FIELDS = SERVICES.flatMap((service) => [
  ...CURRENCIES.map((currency) => `${service}.prices.${currency}`),
  `${service}.durationMinutes`,
]);
const idOf = (field: string) => `pricing-${field.replace(/\./g, '-')}`;

function formOf(pricing: Pricing, locale: string): PricingForm {
  const entry = (service: ServiceKey): ServiceForm => ({
    EUR: amountText(pricing[service].prices.EUR, locale),
    USD: amountText(pricing[service].prices.USD, locale),
    minutes: String(pricing[service].durationMinutes),
    isActive: pricing[service].isActive,
  });
  return { lawyerCall: entry('lawyerCall'), expatCall: entry('expatCall') };
}

/** The form as the service takes it, and the fields whose text is not a number at all. */
function bodyOf(form: PricingForm): { body: Pricing; unreadable: Record<string, string> } {
  const unreadable: Record<string, string> = {};
  const read = (text: string, field: string, parse: (text: string) => number | undefined) => {
    const value = parse(text);
    if (value === undefined) unreadable[field] = text.trim() ? 'value_invalid' : 'required';
    return value ?? Number.NaN;
  };
  const entry = (service: ServiceKey) => ({
    prices: {
      EUR: read(form[service].EUR, `${service}.prices.EUR`, parseAmount),
      USD: read(form[service].USD, `${service}.prices.USD`, parseAmount),
    },
    durationMinutes: read(form[service].minutes, `${service}.durationMinutes`, parseWhole),
    isActive: form[service].isActive,
  });
  return { body: { lawyerCall: entry('lawyerCall'), expatCall: entry('expatCall') }, unreadable };
}

export function PricingAdminPage() {
  const { t } = useTranslation();
  const errorText = useAdminErrorText('pricing');
  const [saves, setSaves] = useState(0);
  const result = useAdminQuery<PricingAnswer>('pricing');
  return (
    <AdminPage title={t('admin.pricing.title')} subtitle={t('admin.pricing.subtitle')}>
      {result.status === 'loading' && <p role="status">{t('admin.common.loading')}</p>}
      {result.status === 'error' && (
        <div role="alert" className={styles.failure}>
          <p>{errorText(result.error)}</p>
          <Button variant="secondary" size="small" onClick={result.reload}>
            {t('admin.common.retry')}
          </Button>
        </div>
      )}
      {result.status === 'ready' && (
        <PricingEditor answer={result.data} onSaved={() => setSaves((n) => n + 1)} />
      )}
      <AuditTrail kind="pricing" id="pricing" reloadKey={saves} />
    </AdminPage>
  );
}

function PricingEditor({ answer, onSaved }: { answer: PricingAnswer; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const format = useAdminFormat();
  const [updatedAt, setUpdatedAt] = useState(answer.updatedAt);
  const { form, update, error, ...state } = useAdminForm<PricingForm>({
    area: 'pricing',
    initial: () => formOf(answer.pricing, i18n.language),
    fields: FIELDS,
    idOf,
    check: (typed) => {
      const { body, unreadable } = bodyOf(typed);
      // The service checks the durations against the longest call too; here, the rest at once.
      const check = checkPricing(body, Number.POSITIVE_INFINITY);
      const local = { ...(check.ok ? {} : check.fields), ...unreadable };
      return Object.keys(local).length > 0 ? local : undefined;
    },
    save: async (typed) => {
      const saved = await adminSend<PricingAnswer>('PUT', 'pricing', bodyOf(typed).body);
      setUpdatedAt(saved.updatedAt);
      onSaved();
      return formOf(saved.pricing, i18n.language);
    },
  });

  const change = (service: ServiceKey, patch: Partial<ServiceForm>) =>
    update((current) => ({ ...current, [service]: { ...current[service], ...patch } }));

  return (
    <AdminForm
      state={state}
      testId="pricing-form"
      saveLabel={t('admin.common.save')}
      savedText={t('admin.pricing.saved')}
      footnote={
        updatedAt && (
          <p className={styles.meta}>{t('admin.pricing.updatedAt', { date: format.dateTime(updatedAt) })}</p>
        )
      }
    >
      {SERVICES.map((service) => (
        <fieldset key={service} className={styles.card}>
          <legend>{t(`admin.pricing.services.${service}`)}</legend>
          <div className={styles.row}>
            {CURRENCIES.map((currency) => {
              const field = `${service}.prices.${currency}`;
              return (
                <TextField
                  key={currency}
                  id={idOf(field)}
                  label={t(`admin.pricing.price.${currency}`)}
                  inputMode="decimal"
                  autoComplete="off"
                  value={form[service][currency]}
                  error={error(field)}
                  onValue={(value) => change(service, { [currency]: value })}
                />
              );
            })}
            <TextField
              id={idOf(`${service}.durationMinutes`)}
              label={t('admin.pricing.duration')}
              inputMode="numeric"
              autoComplete="off"
              value={form[service].minutes}
              error={error(`${service}.durationMinutes`)}
              onValue={(value) => change(service, { minutes: value })}
            />
          </div>
          <CheckboxField
            id={idOf(`${service}.isActive`)}
            label={t('admin.pricing.active')}
            checked={form[service].isActive}
            onValue={(isActive) => change(service, { isActive })}
          />
        </fieldset>
      ))}
      <p className={styles.hint}>{t('admin.pricing.bounds')}</p>
    </AdminForm>
  );
}
