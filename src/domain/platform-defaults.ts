import {
  DEFAULT_CALL_TIMEOUT,
  DEFAULT_EXPAT_PRICE_EUR,
  DEFAULT_LAWYER_PRICE_EUR,
  DEFAULT_MAX_CALL_DURATION,
  DEFAULT_PLATFORM_COMMISSION,
  DEFAULT_SUPPORTED_COUNTRIES,
  DEFAULT_SUPPORTED_LANGUAGES,
  EXPAT_CALL_MINUTES,
  LAWYER_CALL_MINUTES,
} from './constants';
import type { MarketingStats, PlatformSettings, Pricing } from './config';
import type { InvoicingSettings } from './invoice';

/** Dollar prices of the two services, in whole dollars, until the admin console sets others. */
const DEFAULT_LAWYER_PRICE_USD = 55;
const DEFAULT_EXPAT_PRICE_USD = 25;
const CENTS = 100;

export function defaultPricing(): Pricing {
  return {
    lawyerCall: {
      prices: { EUR: DEFAULT_LAWYER_PRICE_EUR * CENTS, USD: DEFAULT_LAWYER_PRICE_USD * CENTS },
      durationMinutes: LAWYER_CALL_MINUTES,
      isActive: true,
    },
    expatCall: {
      prices: { EUR: DEFAULT_EXPAT_PRICE_EUR * CENTS, USD: DEFAULT_EXPAT_PRICE_USD * CENTS },
      durationMinutes: EXPAT_CALL_MINUTES,
      isActive: true,
    },
  };
}

export function defaultPlatformSettings(): PlatformSettings {
  return {
    servicesEnabled: { lawyerCalls: true, expatCalls: true },
    platformCommission: DEFAULT_PLATFORM_COMMISSION,
    maxCallDuration: DEFAULT_MAX_CALL_DURATION,
    callTimeout: DEFAULT_CALL_TIMEOUT,
    supportedCountries: [...DEFAULT_SUPPORTED_COUNTRIES],
    supportedLanguages: [...DEFAULT_SUPPORTED_LANGUAGES],
  };
}

/** The marketing figures of the spec (section 1); copy, not guarantees, editable by admins. */
export function defaultMarketingStats(): MarketingStats {
  return {
    countries: 150,
    footerCountries: 120,
    rating: 4.9,
    reviews: 2347,
    expatsHelped: 15000,
    experts: 200,
    sslBits: 256,
  };
}

/**
 * The seller on invoices and the VAT they show, until the admin console sets the company's own:
 * prices are VAT-inclusive, at the French standard rate.
 */
export function defaultInvoicing(): InvoicingSettings {
  return { seller: { name: 'SOS Expat', country: 'FR' }, vatRate: 0.2 };
}
