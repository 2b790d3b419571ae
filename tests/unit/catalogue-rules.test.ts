/**
 * The catalogue's shared rules (admin screens pricing, coupons, countries, settings): what the console
 * checks before sending is what the service checks and what checkout then applies.
 */
import { describe, expect, it } from 'vitest';
import { checkCouponInput, couponState, leavesTooLittle } from '../../src/domain/coupon-rules';
import { defaultPricing } from '../../src/domain/platform-defaults';
import { checkPlatformSettings } from '../../src/domain/platform-settings-rules';
import { checkPricing } from '../../src/domain/pricing-rules';
import {
  bookableCountries,
  countryAvailability,
  countryBookable,
  countrySettingsOf,
} from '../../src/domain/service-countries';
import { amountText, parseAmount } from '../../src/features/admin/pricing/amount-input';
import { instantOf, localInput } from '../../src/features/admin/coupons/coupon-form';

describe('supported countries', () => {
  it('are the spec’s ten for both services until an admin changes them, the spec’s UK read as GB', () => {
    expect(bookableCountries(undefined)).toEqual([
      'CA',
      'GB',
      'DE',
      'ES',
      'IT',
      'BE',
      'CH',
      'LU',
      'NL',
      'AT',
    ]);
    expect(countryBookable(undefined, 'lawyerCall', 'GB')).toBe(true);
    expect(countryBookable(undefined, 'expatCall', 'TH')).toBe(false);
  });

  it('are enabled per service, and read back as they were saved', () => {
    const countries = [
      { code: 'ES', lawyerCall: true, expatCall: false },
      { code: 'PT', lawyerCall: false, expatCall: true },
      { code: 'TH', lawyerCall: false, expatCall: false },
    ];
    const settings = countrySettingsOf(countries);
    expect(countryAvailability(settings)).toEqual(countries);
    expect(bookableCountries(settings, 'lawyerCall')).toEqual(['ES']);
    expect(bookableCountries(settings, 'expatCall')).toEqual(['PT']);
    expect(bookableCountries(settings)).toEqual(['ES', 'PT']);
  });
});

describe('promo code rules', () => {
  const form = {
    code: ' été-2026 ',
    kind: 'percent',
    value: 10,
    services: ['expatCall', 'lawyerCall', 'expatCall'],
    validFrom: '2026-06-01T00:00:00+02:00',
    validUntil: '2026-08-31T23:59:00+02:00',
    maxUses: null,
    perClientLimit: 1,
  };

  it('tidies what is accepted: upper-case code, instants in UTC, services in order, on by default', () => {
    const check = checkCouponInput({ ...form, code: ' summer-26 ' }, defaultPricing());
    expect(check).toEqual({
      ok: true,
      value: {
        code: 'SUMMER-26',
        kind: 'percent',
        value: 10,
        services: ['lawyerCall', 'expatCall'],
        validFrom: '2026-05-31T22:00:00.000Z',
        validUntil: '2026-08-31T21:59:00.000Z',
        maxUses: null,
        perClientLimit: 1,
        isActive: true,
      },
    });
  });

  it('refuses accents in a code (clients type it) and a discount checkout could not take', () => {
    expect(checkCouponInput(form)).toMatchObject({ ok: false, fields: { code: 'format_invalid' } });
    // 75 % off the €19 expat call leaves €4.75: under the €5 minimum.
    expect(leavesTooLittle({ kind: 'percent', value: 75, services: ['expatCall'] }, defaultPricing())).toBe(
      true,
    );
    expect(leavesTooLittle({ kind: 'percent', value: 75, services: ['lawyerCall'] }, defaultPricing())).toBe(
      false,
    );
    // A fixed amount only applies to its currency.
    expect(
      leavesTooLittle(
        { kind: 'fixed', value: 1500, currency: 'USD', services: ['expatCall'] },
        defaultPricing(),
      ),
    ).toBe(false);
  });

  it('says where a code stands now', () => {
    const window = { validFrom: '2026-01-01T00:00:00Z', validUntil: '2026-01-31T00:00:00Z' };
    const at = (iso: string) => new Date(iso);
    expect(couponState({ ...window, isActive: true }, at('2025-12-31T23:59:59Z'))).toBe('scheduled');
    expect(couponState({ ...window, isActive: true }, at('2026-01-31T00:00:00Z'))).toBe('active');
    expect(couponState({ ...window, isActive: true }, at('2026-01-31T00:00:01Z'))).toBe('expired');
    expect(couponState({ ...window, isActive: false }, at('2026-01-15T00:00:00Z'))).toBe('disabled');
  });
});

describe('pricing and settings rules', () => {
  it('keep prices within €5–€500 and durations within the longest call', () => {
    expect(checkPricing(defaultPricing(), 30)).toEqual({ ok: true, value: defaultPricing() });
    const pricing = defaultPricing();
    pricing.expatCall.durationMinutes = 31;
    expect(checkPricing(pricing, 30)).toEqual({
      ok: false,
      fields: { 'expatCall.durationMinutes': 'above_max_call_duration' },
    });
  });

  it('keep the longest call at least as long as every call sold', () => {
    const settings = {
      servicesEnabled: { lawyerCalls: true, expatCalls: false },
      platformCommission: 0.12345,
      maxCallDuration: 29,
      callTimeout: 30,
      supportedLanguages: ['de', 'fr'],
    };
    expect(checkPlatformSettings(settings, defaultPricing())).toEqual({
      ok: false,
      fields: { maxCallDuration: 'below_service_duration' },
    });
    expect(checkPlatformSettings({ ...settings, maxCallDuration: 30 }, defaultPricing())).toMatchObject({
      ok: true,
      value: { platformCommission: 0.1235, supportedLanguages: ['fr', 'de'] },
    });
  });
});

describe('the console’s inputs', () => {
  it('read amounts typed with a comma or a dot, in minor units', () => {
    expect(['49', '49,5', '49.50', ' 1 234,00 ', '0,01'].map(parseAmount)).toEqual([
      4900, 4950, 4950, 123400, 1,
    ]);
    expect(['', '4,999', '-5', 'abc', '1e3'].map(parseAmount)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(amountText(4950, 'fr')).toBe('49,50');
    expect(amountText(4900, 'en')).toBe('49');
  });

  it('keep a date and time typed in the device’s zone as that instant', () => {
    const typed = '2026-07-14T09:30';
    expect(localInput(instantOf(typed))).toBe(typed);
    expect(new Date(instantOf(typed)).getTime()).toBe(new Date(2026, 6, 14, 9, 30).getTime());
  });
});
