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

/**
 * The demo seed's seller: plainly fictitious, so that a demo invoice is never taken for a real one
 * (no made-up registration or VAT number that could pass for a company's). A real setup replaces it
 * in the admin console; the start-up check warns while a setup with real payments still has it.
 */
const DEMO_SELLER_MARK = 'DEMO';

export function demoInvoicing(): InvoicingSettings {
  return {
    seller: {
      name: 'SOS Expat Démo (société fictive)',
      address: ['1 rue de la Démonstration', '75000 Paris', 'France'],
      country: 'FR',
      companyId: `${DEMO_SELLER_MARK} — non immatriculée`,
      vatId: `FR-${DEMO_SELLER_MARK}-0000`,
    },
    vatRate: 0.2,
  };
}

/** Whether invoices would still print the demo seed's fictitious seller. */
export function isDemoInvoicing(invoicing: InvoicingSettings): boolean {
  const demo = demoInvoicing().seller;
  return invoicing.seller.companyId === demo.companyId || invoicing.seller.vatId === demo.vatId;
}
