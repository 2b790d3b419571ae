// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/data/api';
import { purchaseFingerprint } from '../../src/data/checkout';
import type { Currency } from '../../src/domain/config';
import { DEMO_CARD_HINTS, TEST_CARDS } from '../../src/domain/demo-mode';
import { quote } from '../../src/domain/order';
import type { AppliedCoupon, CardOutcome, CheckoutErrorCode, Quote } from '../../src/domain/order';
import { defaultPricing } from '../../src/domain/platform-defaults';
import type { Provider } from '../../src/domain/provider';
import { OrderSummary } from '../../src/features/checkout/order-summary';
import { formatMoney } from '../../src/ui/intl';
import { frenchI18n } from './test-i18n';
import { cardNumberValid, cvcLength, isExpired, luhnValid, parseExpiry } from '../../src/domain/card';
import {
  cardProblems,
  cardToSend,
  formatCardNumber,
  formatExpiry,
} from '../../src/features/checkout/card-input';
import {
  PAYMENT_MESSAGES,
  intentStatusProblem,
  paymentMessageOf,
  problemOf,
  remedyOf,
  stripeErrorProblem,
} from '../../src/features/checkout/checkout-messages';
import { defaultCurrency } from '../../src/features/checkout/currency';
import de from '../../src/i18n/locales/de.json';
import en from '../../src/i18n/locales/en.json';
import es from '../../src/i18n/locales/es.json';
import fr from '../../src/i18n/locales/fr.json';
import ru from '../../src/i18n/locales/ru.json';

/** Every server checkout code, as a Record so that a new code breaks this test's compilation. */
const CHECKOUT_ERROR_CODES = Object.keys({
  unauthenticated: true,
  self_booking: true,
  provider_not_found: true,
  provider_unavailable: true,
  service_unavailable: true,
  booking_invalid: true,
  promo_invalid: true,
  promo_client_limit: true,
  country_unavailable: true,
  amount_too_low: true,
  amount_too_high: true,
  amount_mismatch: true,
  payment_provider_error: true,
  b2b_not_member: true,
  b2b_account_inactive: true,
  b2b_email_unverified: true,
  b2b_no_promo: true,
  b2b_currency: true,
} satisfies Record<CheckoutErrorCode, true>) as CheckoutErrorCode[];

const CARD_OUTCOMES = Object.keys({
  authorised: true,
  requires_action: true,
  card_declined: true,
  insufficient_funds: true,
  expired_card: true,
  incorrect_cvc: true,
  invalid_card: true,
  processing_error: true,
  authentication_failed: true,
  canceled: true,
} satisfies Record<CardOutcome, true>) as CardOutcome[];

const LOCALES = { fr, en, es, ru, de };
const NOW = new Date('2026-03-15T12:00:00Z');

describe('card number', () => {
  it('is grouped by four as it is typed, digits only, at most 19', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42a42')).toBe('4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });

  it('passes the Luhn check for every Stripe test card, and fails one digit off', () => {
    for (const number of Object.keys(TEST_CARDS)) expect(luhnValid(number)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('4242 4242')).toBe(false);
    expect(cardNumberValid('4242 4242 4242 4242')).toBe(true);
    expect(cardNumberValid('4242 4242 4242 4241')).toBe(false);
    expect(cardNumberValid('0000 0000')).toBe(false);
  });

  it('asks four CVC digits of American Express cards, three of the others', () => {
    expect(cvcLength('3782 822463 10005')).toBe(4);
    expect(cvcLength('4242 4242 4242 4242')).toBe(3);
  });
});

describe('expiry', () => {
  it('puts the slash after the month by itself and pads a lone month digit', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04/');
    expect(formatExpiry('12')).toBe('12/');
    expect(formatExpiry('12/', '12/3')).toBe('12/');
    expect(formatExpiry('12', '12/')).toBe('12');
    expect(formatExpiry('1229')).toBe('12/29');
    expect(formatExpiry('12/2999')).toBe('12/29');
  });

  it('reads MM/YY, and a card is valid to the end of its month', () => {
    expect(parseExpiry('03/26')).toEqual({ month: 3, year: 2026 });
    expect(parseExpiry('13/26')).toBeUndefined();
    expect(parseExpiry('00/26')).toBeUndefined();
    expect(parseExpiry('3/26')).toBeUndefined();
    expect(isExpired({ month: 3, year: 2026 }, NOW)).toBe(false);
    expect(isExpired({ month: 2, year: 2026 }, NOW)).toBe(true);
    expect(isExpired({ month: 1, year: 2027 }, NOW)).toBe(false);
  });
});

describe('card problems', () => {
  it('accepts a complete test card', () => {
    expect(cardProblems({ number: '4242 4242 4242 4242', exp: '12/29', cvc: '123' }, NOW)).toEqual({});
  });

  it('names each problem: missing, invalid number, bad or past expiry, CVC', () => {
    expect(cardProblems({ number: '', exp: '', cvc: '' }, NOW)).toEqual({
      number: 'required',
      exp: 'required',
      cvc: 'required',
    });
    expect(cardProblems({ number: '4242 4242 4242 4241', exp: '14/29', cvc: '12' }, NOW)).toEqual({
      number: 'number_invalid',
      exp: 'expiry_invalid',
      cvc: 'cvc_invalid',
    });
    expect(cardProblems({ number: '4242 4242 4242 4242', exp: '01/26', cvc: '1234' }, NOW)).toEqual({
      exp: 'expired',
      cvc: 'cvc_invalid',
    });
  });

  it('has a message for each problem in every language', () => {
    for (const [language, messages] of Object.entries(LOCALES)) {
      for (const problem of ['required', 'number_invalid', 'expiry_invalid', 'expired', 'cvc_invalid']) {
        expect(messages.checkout.card.errors, language).toHaveProperty(problem);
      }
    }
  });

  it('sends digits only and MM/YY', () => {
    expect(cardToSend({ number: '4000 0025 0000 3155', exp: '07/30', cvc: ' 123 ' })).toEqual({
      number: '4000002500003155',
      exp: '07/30',
      cvc: '123',
    });
  });

  it('lists only demo cards that the simulated gateway knows', () => {
    for (const number of DEMO_CARD_HINTS) expect(TEST_CARDS[number]).toBeDefined();
  });
});

describe('checkout messages', () => {
  it('maps every server code and every card outcome to a message that exists in all five languages', () => {
    for (const code of [...CHECKOUT_ERROR_CODES, ...CARD_OUTCOMES]) {
      const message = paymentMessageOf(code);
      expect(PAYMENT_MESSAGES).toContain(message);
      for (const [language, messages] of Object.entries(LOCALES)) {
        expect(messages.checkout.errors, `${language} ${code}`).toHaveProperty(message);
      }
    }
  });

  it('has every message of the list in every language, and nothing else', () => {
    for (const [language, messages] of Object.entries(LOCALES)) {
      expect(Object.keys(messages.checkout.errors).sort(), language).toEqual([...PAYMENT_MESSAGES].sort());
    }
  });

  it('gives the spec wording in English for the amount and self-booking codes', () => {
    expect(en.checkout.errors[paymentMessageOf('self_booking')]).toBe("You can't book yourself.");
    expect(en.checkout.errors[paymentMessageOf('amount_mismatch')]).toBe('Invalid amount. Please try again.');
    expect(en.checkout.errors[paymentMessageOf('amount_too_low')]).toBe('Minimum amount {{amount}}');
    expect(en.checkout.errors[paymentMessageOf('booking_invalid')]).toMatch(
      /^Missing data: choose the expert again/,
    );
  });

  it('reads an unknown code as the generic payment error', () => {
    expect(paymentMessageOf('internal')).toBe('payment_error');
    expect(paymentMessageOf('toString')).toBe('payment_error');
  });

  it('turns API errors into problems, a refused phone number into its own', () => {
    expect(problemOf(new ApiError(402, 'card_declined'))).toBe('card_declined');
    expect(problemOf(new ApiError(401, 'not_signed_in'))).toBe('unauthenticated');
    expect(problemOf(new ApiError(400, 'booking_invalid', { phone: 'phone_invalid' }))).toBe('phone_invalid');
    expect(
      problemOf(new ApiError(400, 'booking_invalid', { phone: 'phone_invalid', title: 'required' })),
    ).toBe('missing_data');
    expect(problemOf(new ApiError(0, 'offline'))).toBe('offline');
    expect(problemOf(new ApiError(500, 'internal'))).toBe('payment_error');
    expect(problemOf(new Error('boom'))).toBe('payment_error');
  });

  it('says what to do: fill the request again, pick another expert, sign in, or retry', () => {
    expect(remedyOf('booking_invalid')).toBe('booking');
    expect(remedyOf('phone_invalid')).toBe('booking');
    expect(remedyOf('self_booking')).toBe('providers');
    expect(remedyOf('provider_unavailable')).toBe('providers');
    expect(remedyOf('unauthenticated')).toBe('login');
    expect(remedyOf('card_declined')).toBe('retry');
  });

  it("maps Stripe.js errors to the spec's card statuses", () => {
    expect(
      stripeErrorProblem({ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' }),
    ).toBe('card_declined');
    expect(
      stripeErrorProblem({ type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' }),
    ).toBe('insufficient_funds');
    expect(stripeErrorProblem({ type: 'card_error', code: 'expired_card' })).toBe('expired_card');
    expect(stripeErrorProblem({ type: 'card_error', code: 'incorrect_cvc' })).toBe('incorrect_cvc');
    expect(stripeErrorProblem({ type: 'validation_error', code: 'incomplete_number' })).toBe('invalid_card');
    expect(
      stripeErrorProblem({ type: 'invalid_request_error', code: 'payment_intent_authentication_failure' }),
    ).toBe('authentication_failed');
    expect(stripeErrorProblem({ type: 'invalid_request_error', code: 'payment_method_unactivated' })).toBe(
      'invalid_payment_method',
    );
    expect(
      stripeErrorProblem({ type: 'invalid_request_error', code: 'payment_intent_unexpected_state' }),
    ).toBe('unexpected_status');
    expect(stripeErrorProblem({ type: 'card_error', code: 'something_new' })).toBe('payment_failed');
    expect(stripeErrorProblem({ type: 'api_error' })).toBe('payment_error');
  });

  it('goes on for a held or paid PaymentIntent, and names every other status', () => {
    expect(intentStatusProblem('requires_capture')).toBeUndefined();
    expect(intentStatusProblem('succeeded')).toBeUndefined();
    expect(intentStatusProblem('requires_action')).toBe('requires_action');
    expect(intentStatusProblem('requires_payment_method')).toBe('invalid_payment_method');
    expect(intentStatusProblem('canceled')).toBe('canceled');
    expect(intentStatusProblem('processing')).toBe('unexpected_status');
    expect(intentStatusProblem(undefined)).toBe('unexpected_status');
  });
});

describe('checkout currency and attempts', () => {
  it('starts in dollars only for a browser whose region uses the US dollar', () => {
    expect(defaultCurrency(['en-US', 'en'])).toBe('USD');
    expect(defaultCurrency(['es-EC'])).toBe('USD');
    expect(defaultCurrency(['fr-FR'])).toBe('EUR');
    expect(defaultCurrency(['en-GB', 'en-US'])).toBe('EUR');
    expect(defaultCurrency(['en', 'en-US'])).toBe('USD');
    expect(defaultCurrency(['en'])).toBe('EUR');
    expect(defaultCurrency([])).toBe('EUR');
    expect(defaultCurrency(['not a tag'])).toBe('EUR');
  });

  it('fingerprints a purchase by what it buys', () => {
    const purchase = {
      providerId: 'demo-lawyer-1',
      service: 'lawyerCall' as const,
      currency: 'EUR' as const,
      booking: {
        firstName: 'Amélie',
        lastName: 'Durand',
        nationality: 'FR',
        interventionCountry: 'TH',
        title: 'Visa expiré à Bangkok',
        description: 'x'.repeat(60),
        languages: ['fr'],
        phone: '+33612345678',
        acceptedTerms: true,
      },
      expectedTotal: 4900,
    };
    expect(purchaseFingerprint(purchase)).toBe(purchaseFingerprint({ ...purchase }));
    expect(purchaseFingerprint(purchase)).not.toBe(purchaseFingerprint({ ...purchase, currency: 'USD' }));
    expect(purchaseFingerprint(purchase)).not.toBe(
      purchaseFingerprint({ ...purchase, promoCode: 'BIENVENUE10', expectedTotal: 4410 }),
    );
  });
});

describe('order summary figures', () => {
  afterEach(cleanup);

  const provider: Provider = {
    id: 'demo-lawyer-1',
    type: 'provider',
    role: 'lawyer',
    profession: 'lawyer',
    fullName: 'Claire Martin',
    slug: 'claire-martin',
    profilePhoto: '/images/default-avatar.svg',
    country: 'FR',
    languages: ['fr', 'en'],
    specialties: [],
    yearsOfExperience: 12,
    rating: 4.8,
    reviewCount: 20,
    isActive: true,
    isOnline: true,
    availability: 'available',
    isVisible: true,
    isVerified: true,
    listOrder: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };

  async function show(currency: Currency, coupon?: AppliedCoupon): Promise<Quote> {
    const priced = quote(defaultPricing(), 'lawyerCall', currency, coupon);
    if (!priced.ok) throw new Error(priced.problem);
    const i18n = await frenchI18n();
    render(
      createElement(
        I18nextProvider,
        { i18n },
        createElement(OrderSummary, {
          provider,
          service: 'lawyerCall',
          currency,
          figures: { quote: priced.quote },
          durationMinutes: priced.quote.durationMinutes,
          promoDiscount: priced.quote.discount,
          promoAvailable: true,
          phone: '+33612345678',
          locked: false,
          onCurrency: () => undefined,
          coupon,
          onCoupon: () => undefined,
        }),
      ),
    );
    return priced.quote;
  }

  it('shows the price, the discount and the total that quote() computes, in the current language', async () => {
    const coupon: AppliedCoupon = { code: 'BIENVENUE10', kind: 'percent', value: 10 };
    const figures = await show('EUR', coupon);
    const amounts = [...screen.getByTestId('checkout-figures').querySelectorAll('dd')].map(
      (dd) => dd.textContent,
    );
    expect(amounts).toEqual([
      formatMoney(figures.standard, 'EUR', 'fr'),
      `−${formatMoney(figures.discount, 'EUR', 'fr')}`,
      formatMoney(figures.total, 'EUR', 'fr'),
    ]);
    expect(screen.getByTestId('checkout-total').textContent).toBe(formatMoney(figures.total, 'EUR', 'fr'));
    expect(figures.total).toBe(4410);
    expect(screen.getByText('Code BIENVENUE10 appliqué : −4,90 €')).toBeTruthy();
    expect(screen.getByText(/Appel avocat · 20 minutes/)).toBeTruthy();
  });

  it('shows the dollar price of the configuration in dollars', async () => {
    const figures = await show('USD');
    expect(screen.getByTestId('checkout-total').textContent).toBe(formatMoney(figures.total, 'USD', 'fr'));
    expect(figures.total).toBe(defaultPricing().lawyerCall.prices.USD);
  });
});
