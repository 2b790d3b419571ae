import type { ExtractDocumentTypeFromTypedRxJsonSchema } from 'rxdb';
import type { InvoicingSettings } from './invoice';
import type { Language } from './languages';
import type { ServiceKey } from './promo';

/**
 * Public configuration, one document per kind: pricing (synchronised from the admin console),
 * public platform settings, marketing figures and the service status history. Written by the
 * server only; the browser reads it through the `config` collection.
 */
export const CONFIG_TYPES = ['pricing', 'settings', 'stats', 'service_status'] as const;
export type ConfigType = (typeof CONFIG_TYPES)[number];

export const configSchema = {
  title: 'public configuration',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 40 },
    type: { type: 'string', enum: CONFIG_TYPES },
    value: { type: 'object' },
    updatedAt: { type: 'string', maxLength: 30 },
  },
  required: ['id', 'type', 'value', 'updatedAt'],
  additionalProperties: false,
} as const;

export type ConfigDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof configSchema>;

export const CURRENCIES = ['EUR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** An amount of money in minor units (cents). */
export type Money = { amount: number; currency: Currency };

export type ServicePrice = {
  /** Price per currency, in minor units. */
  prices: Record<Currency, number>;
  durationMinutes: number;
  isActive: boolean;
};

export type Pricing = { lawyerCall: ServicePrice; expatCall: ServicePrice };

export type PlatformSettings = {
  servicesEnabled: { lawyerCalls: boolean; expatCalls: boolean };
  platformCommission: number;
  maxCallDuration: number;
  callTimeout: number;
  /** Where the platform serves (spec default: CA, UK, DE, ES, IT, BE, CH, LU, NL, AT). */
  supportedCountries: string[];
  /**
   * The supported countries each service is enabled in (admin screen "countries"); absent, every
   * supported country for both (service-countries.ts reads the two together).
   */
  serviceCountries?: Record<ServiceKey, string[]>;
  supportedLanguages: Language[];
  /** Seller details and VAT printed on invoices; `defaultInvoicing()` until the admin console sets them. */
  invoicing?: InvoicingSettings;
};

export type MarketingStats = {
  countries: number;
  footerCountries: number;
  rating: number;
  reviews: number;
  expatsHelped: number;
  experts: number;
  sslBits: number;
};

export const SERVICE_STATES = ['operational', 'degraded', 'outage', 'maintenance'] as const;
export type ServiceState = (typeof SERVICE_STATES)[number];
/**
 * Who set a day's state: the service's own hourly check (`monitor`), an admin, or the demo seed.
 * A day without a source was written by hand and is treated as an admin's.
 */
export const SERVICE_STATUS_SOURCES = ['monitor', 'admin', 'demo'] as const;
export type ServiceStatusSource = (typeof SERVICE_STATUS_SOURCES)[number];
/** One UTC day (`YYYY-MM-DD`) of the status history and the worst state seen that day. */
export type ServiceStatusDay = { date: string; state: ServiceState; source?: ServiceStatusSource };
/** The last 30 days, oldest first; a day without an entry has no data. */
export type ServiceStatus = { days: ServiceStatusDay[] };

/** The document id of each configuration kind. */
export const CONFIG_IDS = {
  pricing: 'pricing',
  settings: 'settings',
  stats: 'stats',
  serviceStatus: 'service-status',
} as const;
