/**
 * The shared rules of company accounts (src/domain/b2b.ts): months, invoice numbers, the account's
 * fields and negotiated prices as the console and the service check them, and the price of a call
 * billed to an account, which the checkout page and the server compute alike.
 */
import { describe, expect, it } from 'vitest';
import {
  b2bInvoiceNumber,
  b2bQuote,
  B2B_INVOICE_NUMBER_PATTERN,
  checkB2bAccountInput,
  checkB2bPrices,
  isMonth,
  memberEmail,
  monthOf,
  previousMonth,
} from '../../src/domain/b2b';
import { defaultPricing } from '../../src/domain/platform-defaults';

describe('B2B rules', () => {
  it('reads and steps months in UTC', () => {
    expect(monthOf('2026-03-31T23:30:00-02:00')).toBe('2026-04');
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(previousMonth('2026-10')).toBe('2026-09');
    expect([isMonth('2026-12'), isMonth('2026-13'), isMonth('2026-1'), isMonth(202601)]).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it('numbers company invoices in their own sequence', () => {
    expect(b2bInvoiceNumber(2026, 42)).toBe('SOSB-2026-000042');
    expect(B2B_INVOICE_NUMBER_PATTERN.test('SOSB-2026-000042')).toBe(true);
    expect(B2B_INVOICE_NUMBER_PATTERN.test('SOS-2026-000042')).toBe(false);
  });

  it("checks an account's fields, with a code per field", () => {
    expect(
      checkB2bAccountInput({ name: '', address: 'x', billingEmail: 'a@b', currency: 'GBP', active: 'yes' }),
    ).toEqual({
      ok: false,
      fields: {
        name: 'required',
        billingEmail: 'email_invalid',
        currency: 'value_invalid',
        active: 'value_invalid',
      },
    });
    expect(
      checkB2bAccountInput({
        name: ' Globex ',
        address: '1 rue',
        billingEmail: ' Compta@Globex.TEST',
        currency: 'USD',
      }),
    ).toEqual({
      ok: true,
      value: {
        name: 'Globex',
        address: '1 rue',
        vatId: '',
        billingEmail: 'compta@globex.test',
        currency: 'USD',
        active: true,
      },
    });
  });

  it('checks negotiated prices: whole minor units within the payment bounds, null for none', () => {
    expect(checkB2bPrices({ lawyerCall: 3900, expatCall: null })).toEqual({
      ok: true,
      value: { lawyerCall: 3900 },
    });
    expect(checkB2bPrices({ lawyerCall: 39.5, expatCall: 400, other: 1 })).toEqual({
      ok: false,
      fields: { lawyerCall: 'value_invalid', expatCall: 'price_range', other: 'value_invalid' },
    });
    expect(memberEmail(' Anna@Globex.Test ')).toBe('anna@globex.test');
    expect(memberEmail('anna')).toBeUndefined();
  });

  it('prices a call billed to an account at its negotiated price, else the standard one in its currency', () => {
    const pricing = defaultPricing();
    const account = { currency: 'USD' as const, prices: { lawyerCall: 3900 } };
    expect(b2bQuote(pricing, 'lawyerCall', account)).toMatchObject({
      currency: 'USD',
      standard: 3900,
      discount: 0,
      total: 3900,
    });
    expect(b2bQuote(pricing, 'expatCall', account)?.total).toBe(pricing.expatCall.prices.USD);
    expect(b2bQuote(undefined, 'lawyerCall', account)).toBeUndefined();
    expect(
      b2bQuote({ ...pricing, lawyerCall: { ...pricing.lawyerCall, isActive: false } }, 'lawyerCall', account),
    ).toBeUndefined();
  });
});
