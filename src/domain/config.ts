import type { ExtractDocumentTypeFromTypedRxJsonSchema } from 'rxdb';
import type { Language } from './languages';

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
  supportedCountries: string[];
  supportedLanguages: Language[];
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
export type ServiceStatus = { days: { date: string; state: ServiceState }[] };

/** The document id of each configuration kind. */
export const CONFIG_IDS = {
  pricing: 'pricing',
  settings: 'settings',
  stats: 'stats',
  serviceStatus: 'service-status',
} as const;
