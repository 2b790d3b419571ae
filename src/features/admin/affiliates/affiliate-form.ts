/**
 * The affiliate form's values as typed (text, so that a refused save keeps them exactly), from an
 * affiliate and back to what the service takes. The rate is typed as a percentage of the platform's
 * commission ("20", "12,5") and sent as a fraction of at most four decimals (0.2, 0.125).
 */
import { checkAffiliateInput } from '../../../domain/affiliates';
import type { Affiliate, AffiliateInput } from '../../../domain/affiliates';
import { parsePercent, percentText } from '../pricing/amount-input';
import type { FieldCodes } from '../pricing/field-errors';

export type AffiliateForm = {
  name: string;
  email: string;
  code: string;
  rate: string;
  active: boolean;
  stripeAccountId: string;
  bankAccountNumber: string;
  bankCode: string;
};

/** The fields in screen order (a refused save focuses the first one to fix). */
export const AFFILIATE_FIELDS = [
  'name',
  'email',
  'code',
  'rate',
  'active',
  'stripeAccountId',
  'bankAccountNumber',
  'bankCode',
] as const;

export const newAffiliateForm = (): AffiliateForm => ({
  name: '',
  email: '',
  code: '',
  rate: '',
  active: true,
  stripeAccountId: '',
  bankAccountNumber: '',
  bankCode: '',
});

export function affiliateForm(affiliate: Affiliate, locale: string): AffiliateForm {
  return {
    name: affiliate.name,
    email: affiliate.email,
    code: affiliate.code,
    rate: percentText(affiliate.rate, locale),
    active: affiliate.active,
    stripeAccountId: affiliate.stripeAccountId ?? '',
    bankAccountNumber: affiliate.bankAccountNumber ?? '',
    bankCode: affiliate.bankCode ?? '',
  };
}

/** The typed rate as a fraction: undefined when nothing is typed, NaN when it is not a percentage. */
export const typedRate = (form: AffiliateForm) => parsePercent(form.rate);

/**
 * The form checked by the service's own rules: what to send (normalised: code and bank code in
 * capitals, rate rounded), or the code of each field to fix. A percentage that is not one reads as
 * out of range, whose message says what is expected.
 */
export function checkedAffiliate(
  form: AffiliateForm,
): { ok: true; input: AffiliateInput } | { ok: false; fields: FieldCodes } {
  const checked = checkAffiliateInput({ ...form, rate: typedRate(form) });
  if (checked.ok) return { ok: true, input: checked.value };
  const { rate, ...fields } = checked.fields;
  return {
    ok: false,
    fields: { ...fields, ...(rate ? { rate: rate === 'value_invalid' ? 'rate_range' : rate } : {}) },
  };
}
