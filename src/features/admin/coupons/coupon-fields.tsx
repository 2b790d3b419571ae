/**
 * The promo code form. The rules are checked before sending (src/domain/coupon-rules.ts, the ones
 * checkout applies) and again by the service, which also refuses a discount that would leave less
 * than the minimum payment; a refused save keeps what was typed, says why per field and moves the
 * focus to the first field to fix.
 */
import { useTranslation } from 'react-i18next';
import { CURRENCIES } from '../../../domain/config';
import { checkCouponInput } from '../../../domain/coupon-rules';
import type { CouponInput } from '../../../domain/coupon-rules';
import { SERVICES } from '../../../domain/promo';
import { CheckboxField, ChoiceField, FieldError, TextField } from '../../../ui/form-field';
import { AdminForm } from '../pricing/admin-form';
import type { FieldCodes } from '../pricing/field-errors';
import { useAdminForm } from '../pricing/use-admin-form';
import styles from '../pricing/admin-form.module.css';
import { COUPON_FIELDS, couponBody, couponForm, newCouponForm } from './coupon-form';
import type { CouponForm } from './coupon-form';
import type { CouponView } from './coupon-view';

const idOf = (field: string) => `coupon-${field}`;

type Props = {
  /** The code being edited; a new one when absent. */
  coupon?: CouponView;
  /** Sends the code (an edit without its on/off switch, which has its own button). */
  onSave: (
    body: Omit<CouponInput, 'isActive'> & Partial<Pick<CouponInput, 'isActive'>>,
  ) => Promise<CouponView>;
  onSaved: (coupon: CouponView) => void;
};

export function CouponFields({ coupon, onSave, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const { form, change, error, hasError, ...state } = useAdminForm<CouponForm>({
    area: 'coupons',
    initial: () => (coupon ? couponForm(coupon, i18n.language) : newCouponForm(new Date())),
    fields: COUPON_FIELDS,
    idOf,
    check: (typed) => {
      const check = checkCouponInput(couponBody(typed));
      return check.ok ? undefined : (check.fields as FieldCodes);
    },
    save: async (typed) => {
      const body = couponBody(typed);
      const { isActive: _isActive, ...edit } = body;
      // An edit leaves the on/off switch to its own button (and its confirmation).
      onSaved(await onSave(coupon ? edit : body));
    },
  });

  return (
    <AdminForm
      state={state}
      testId="coupon-form"
      saveLabel={coupon ? t('admin.common.save') : t('admin.coupons.create')}
      savedText={t('admin.coupons.saved')}
    >
      <fieldset className={styles.card}>
        <legend>{t('admin.coupons.sections.discount')}</legend>
        <div className={styles.row}>
          <TextField
            id={idOf('code')}
            label={t('admin.coupons.fields.code')}
            value={form.code}
            disabled={!!coupon}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={30}
            hint={coupon ? undefined : t('admin.coupons.hints.code')}
            error={error('code')}
            onValue={(code) => change({ code: code.toUpperCase() })}
          />
          <ChoiceField
            id={idOf('kind')}
            label={t('admin.coupons.fields.kind')}
            value={form.kind}
            options={[
              { value: 'percent', label: t('admin.coupons.kind.percent') },
              { value: 'fixed', label: t('admin.coupons.kind.fixed') },
            ]}
            error={error('kind')}
            onValue={(kind) => change({ kind: kind === 'fixed' ? 'fixed' : 'percent', value: '' })}
          />
          <TextField
            id={idOf('value')}
            label={
              form.kind === 'percent' ? t('admin.coupons.fields.percent') : t('admin.coupons.fields.amount')
            }
            inputMode={form.kind === 'percent' ? 'numeric' : 'decimal'}
            autoComplete="off"
            value={form.value}
            error={error('value')}
            onValue={(value) => change({ value })}
          />
          {form.kind === 'fixed' && (
            <ChoiceField
              id={idOf('currency')}
              label={t('admin.coupons.fields.currency')}
              value={form.currency}
              options={CURRENCIES.map((code) => ({ value: code, label: code }))}
              error={error('currency')}
              onValue={(currency) => change({ currency: currency === 'USD' ? 'USD' : 'EUR' })}
            />
          )}
        </div>
        <fieldset
          className={styles.group}
          aria-describedby={hasError('services') ? `${idOf('services')}-error` : undefined}
        >
          <legend>{t('admin.coupons.fields.services')}</legend>
          <div className={styles.checks}>
            {SERVICES.map((service, index) => (
              <CheckboxField
                key={service}
                id={index === 0 ? idOf('services') : idOf(`services-${service}`)}
                label={t(`admin.coupons.service.${service}`)}
                checked={form.services.includes(service)}
                onValue={(on) =>
                  change({
                    services: SERVICES.filter((s) => (s === service ? on : form.services.includes(s))),
                  })
                }
              />
            ))}
          </div>
        </fieldset>
        <FieldError id={idOf('services')} error={error('services')} />
      </fieldset>

      <fieldset className={styles.card}>
        <legend>{t('admin.coupons.sections.limits')}</legend>
        <div className={styles.row}>
          <TextField
            id={idOf('validFrom')}
            type="datetime-local"
            label={t('admin.coupons.fields.validFrom')}
            value={form.validFrom}
            error={error('validFrom')}
            onValue={(validFrom) => change({ validFrom })}
          />
          <TextField
            id={idOf('validUntil')}
            type="datetime-local"
            label={t('admin.coupons.fields.validUntil')}
            value={form.validUntil}
            error={error('validUntil')}
            onValue={(validUntil) => change({ validUntil })}
          />
        </div>
        <p className={styles.hint}>{t('admin.coupons.hints.timeZone', { zone: timeZone })}</p>
        <div className={styles.row}>
          <TextField
            id={idOf('maxUses')}
            label={t('admin.coupons.fields.maxUses')}
            inputMode="numeric"
            autoComplete="off"
            value={form.maxUses}
            hint={t('admin.coupons.hints.unlimited')}
            error={error('maxUses')}
            onValue={(maxUses) => change({ maxUses })}
          />
          <TextField
            id={idOf('perClientLimit')}
            label={t('admin.coupons.fields.perClientLimit')}
            inputMode="numeric"
            autoComplete="off"
            value={form.perClientLimit}
            hint={t('admin.coupons.hints.unlimited')}
            error={error('perClientLimit')}
            onValue={(perClientLimit) => change({ perClientLimit })}
          />
        </div>
        {!coupon && (
          <CheckboxField
            id={idOf('isActive')}
            label={t('admin.coupons.fields.isActive')}
            checked={form.isActive}
            onValue={(isActive) => change({ isActive })}
          />
        )}
      </fieldset>
    </AdminForm>
  );
}
