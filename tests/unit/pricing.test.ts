import { describe, expect, it } from 'vitest';
import { quote, serviceOfRole, splitCommission } from '../../src/domain/order';
import { defaultPricing } from '../../src/domain/platform-defaults';
import { couponDiscount, couponUsable } from '../../src/domain/promo';
import type { Coupon } from '../../src/domain/promo';
import { splitVat } from '../../src/domain/invoice';

const pricing = defaultPricing();
const coupon = (over: Partial<Coupon> = {}): Coupon => ({
  code: 'WELCOME10',
  kind: 'percent',
  value: 10,
  services: ['lawyerCall', 'expatCall'],
  validFrom: '2026-01-01T00:00:00.000Z',
  validUntil: '2026-12-31T23:59:59.000Z',
  maxUses: 100,
  uses: 0,
  isActive: true,
  ...over,
});

describe('quote', () => {
  it('prices each service from the configuration, in euros and dollars', () => {
    expect(quote(pricing, 'lawyerCall', 'EUR')).toEqual({
      ok: true,
      quote: {
        service: 'lawyerCall',
        currency: 'EUR',
        durationMinutes: 20,
        standard: 4900,
        discount: 0,
        total: 4900,
      },
    });
    const expat = quote(pricing, 'expatCall', 'USD');
    expect(expat.ok && expat.quote).toMatchObject({ durationMinutes: 30, standard: 2500, total: 2500 });
  });

  it('applies a percent coupon rounded to the cent, and a fixed coupon in its own currency only', () => {
    const percent = quote(pricing, 'lawyerCall', 'EUR', { code: 'P15', kind: 'percent', value: 15 });
    expect(percent.ok && percent.quote).toMatchObject({
      discount: 735,
      total: 4165,
      coupon: { code: 'P15' },
    });
    const fixed = quote(pricing, 'lawyerCall', 'EUR', {
      code: 'F10',
      kind: 'fixed',
      value: 1000,
      currency: 'EUR',
    });
    expect(fixed.ok && fixed.quote).toMatchObject({ discount: 1000, total: 3900 });
    const otherCurrency = quote(pricing, 'lawyerCall', 'USD', {
      code: 'F10',
      kind: 'fixed',
      value: 1000,
      currency: 'EUR',
    });
    expect(otherCurrency.ok && otherCurrency.quote).toMatchObject({ discount: 0, total: 5500 });
    expect(otherCurrency.ok && otherCurrency.quote.coupon).toBeUndefined();
  });

  it('refuses totals under €5 and over €500, and inactive services', () => {
    expect(
      quote(pricing, 'expatCall', 'EUR', { code: 'BIG', kind: 'fixed', value: 1500, currency: 'EUR' }),
    ).toEqual({
      ok: false,
      problem: 'amount_too_low',
    });
    const exactlyFive = quote(pricing, 'expatCall', 'EUR', {
      code: 'B',
      kind: 'fixed',
      value: 1400,
      currency: 'EUR',
    });
    expect(exactlyFive.ok && exactlyFive.quote.total).toBe(500);
    const dear = { ...pricing, lawyerCall: { ...pricing.lawyerCall, prices: { EUR: 50_001, USD: 50_000 } } };
    expect(quote(dear, 'lawyerCall', 'EUR')).toEqual({ ok: false, problem: 'amount_too_high' });
    expect(quote(dear, 'lawyerCall', 'USD').ok).toBe(true);
    const off = { ...pricing, expatCall: { ...pricing.expatCall, isActive: false } };
    expect(quote(off, 'expatCall', 'EUR')).toEqual({ ok: false, problem: 'service_unavailable' });
    expect(quote(pricing, 'lawyerCall', 'EUR', { code: 'ALL', kind: 'percent', value: 100 })).toEqual({
      ok: false,
      problem: 'amount_too_low',
    });
  });

  it('maps roles to services', () => {
    expect(serviceOfRole('lawyer')).toBe('lawyerCall');
    expect(serviceOfRole('expat')).toBe('expatCall');
  });
});

describe('coupons', () => {
  const now = new Date('2026-06-01T12:00:00.000Z');
  it('are usable inside their window, for their services, under their limit, when active', () => {
    expect(couponUsable(coupon(), 'lawyerCall', now)).toBe(true);
    expect(couponUsable(coupon({ validFrom: '2026-07-01T00:00:00.000Z' }), 'lawyerCall', now)).toBe(false);
    expect(couponUsable(coupon({ validUntil: '2026-05-31T23:59:59.000Z' }), 'lawyerCall', now)).toBe(false);
    expect(couponUsable(coupon({ services: ['expatCall'] }), 'lawyerCall', now)).toBe(false);
    expect(couponUsable(coupon({ uses: 100 }), 'lawyerCall', now)).toBe(false);
    expect(couponUsable(coupon({ maxUses: null, uses: 10_000 }), 'lawyerCall', now)).toBe(true);
    expect(couponUsable(coupon({ isActive: false }), 'lawyerCall', now)).toBe(false);
  });

  it('never discount more than the price', () => {
    expect(
      couponDiscount({ kind: 'fixed', value: 99_999, currency: 'EUR' }, { amount: 4900, currency: 'EUR' }),
    ).toBe(4900);
    expect(couponDiscount({ kind: 'percent', value: 150 }, { amount: 4900, currency: 'EUR' })).toBe(4900);
  });
});

describe('money splits', () => {
  it('splits the commission so that both shares add up to the amount', () => {
    expect(splitCommission(4900, 0.15)).toEqual({ commission: 735, providerShare: 4165 });
    expect(splitCommission(1999, 0.15)).toEqual({ commission: 300, providerShare: 1699 });
    for (const amount of [500, 1234, 4165, 50_000]) {
      const { commission, providerShare } = splitCommission(amount, 0.15);
      expect(commission + providerShare).toBe(amount);
    }
    expect(splitCommission(4900, Number.NaN)).toEqual({ commission: 0, providerShare: 4900 });
  });

  it('splits VAT out of a VAT-inclusive total, exactly', () => {
    expect(splitVat(4900, 0.2)).toEqual({ net: 4083, vat: 817 });
    expect(splitVat(4900, 0)).toEqual({ net: 4900, vat: 0 });
    for (const total of [500, 1999, 4165, 50_000]) {
      const { net, vat } = splitVat(total, 0.2);
      expect(net + vat).toBe(total);
    }
  });
});
