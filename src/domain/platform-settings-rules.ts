/**
 * The platform settings an admin edits (spec section 3 "Platform settings"; admin screen "settings"):
 * the services switched on, the commission, the longest call and how long a phone rings before the
 * attempt counts as unanswered, and the interface languages offered. The supported countries are the
 * countries screen's (service-countries.ts) and the seller on invoices its own form's
 * (invoicing-settings.ts): each part of `config/settings` has one editor.
 *
 * Orders copy what they need of these when they are placed (commission, ring time, longest call):
 * a change applies to the next order, never to one under way.
 */
import type { PlatformSettings, Pricing } from './config';
import { LANGUAGES } from './languages';
import type { Language } from './languages';
import { SERVICES } from './promo';

export const COMMISSION_MIN = 0;
export const COMMISSION_MAX = 1;
/** Minutes. */
export const MAX_CALL_DURATION_MIN = 5;
export const MAX_CALL_DURATION_MAX = 240;
/** Seconds a phone rings before the attempt counts as unanswered. */
export const CALL_TIMEOUT_MIN = 10;
export const CALL_TIMEOUT_MAX = 120;

export type EditablePlatformSettings = Pick<
  PlatformSettings,
  'servicesEnabled' | 'platformCommission' | 'maxCallDuration' | 'callTimeout' | 'supportedLanguages'
>;

export const EDITABLE_SETTINGS = [
  'servicesEnabled',
  'platformCommission',
  'maxCallDuration',
  'callTimeout',
  'supportedLanguages',
] as const;

/** Why a field was refused; the console shows `admin.settings.errors.<code>`. */
export type SettingsFieldProblem =
  'required' | 'value_invalid' | 'out_of_range' | 'below_service_duration' | 'unknown_field';

export type SettingsCheck =
  | { ok: true; value: EditablePlatformSettings }
  | { ok: false; fields: Partial<Record<string, SettingsFieldProblem>> };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function integerIn(value: unknown, min: number, max: number): SettingsFieldProblem | undefined {
  if (value === undefined || value === null) return 'required';
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) return 'value_invalid';
  return value < min || value > max ? 'out_of_range' : undefined;
}

/**
 * The settings checked; `pricing` is the current one, whose durations the longest call must allow
 * (the service always gives it; the console, which does not read the pricing, leaves that to it).
 */
export function checkPlatformSettings(input: unknown, pricing?: Pricing): SettingsCheck {
  const fields: Partial<Record<string, SettingsFieldProblem>> = {};
  if (!isRecord(input)) return { ok: false, fields: { settings: 'value_invalid' } };
  for (const key of Object.keys(input)) {
    if (!(EDITABLE_SETTINGS as readonly string[]).includes(key)) fields[key] = 'unknown_field';
  }
  const enabled = input.servicesEnabled;
  if (!isRecord(enabled)) fields.servicesEnabled = enabled === undefined ? 'required' : 'value_invalid';
  else {
    for (const key of Object.keys(enabled)) {
      if (key !== 'lawyerCalls' && key !== 'expatCalls') fields[`servicesEnabled.${key}`] = 'unknown_field';
    }
    for (const key of ['lawyerCalls', 'expatCalls'] as const) {
      if (typeof enabled[key] !== 'boolean') fields[`servicesEnabled.${key}`] = 'required';
    }
  }
  const commission = input.platformCommission;
  if (commission === undefined || commission === null) fields.platformCommission = 'required';
  else if (typeof commission !== 'number' || !Number.isFinite(commission))
    fields.platformCommission = 'value_invalid';
  else if (commission < COMMISSION_MIN || commission > COMMISSION_MAX)
    fields.platformCommission = 'out_of_range';

  const maxCall = integerIn(input.maxCallDuration, MAX_CALL_DURATION_MIN, MAX_CALL_DURATION_MAX);
  if (maxCall) fields.maxCallDuration = maxCall;
  else if (
    pricing &&
    SERVICES.some((service) => (pricing[service]?.durationMinutes ?? 0) > (input.maxCallDuration as number))
  )
    fields.maxCallDuration = 'below_service_duration';
  const timeout = integerIn(input.callTimeout, CALL_TIMEOUT_MIN, CALL_TIMEOUT_MAX);
  if (timeout) fields.callTimeout = timeout;

  const languages = input.supportedLanguages;
  if (!Array.isArray(languages) || languages.length === 0) fields.supportedLanguages = 'required';
  else if (!languages.every((code) => (LANGUAGES as readonly unknown[]).includes(code)))
    fields.supportedLanguages = 'value_invalid';

  if (Object.keys(fields).length > 0) return { ok: false, fields };
  const on = enabled as Record<'lawyerCalls' | 'expatCalls', boolean>;
  return {
    ok: true,
    value: {
      servicesEnabled: { lawyerCalls: on.lawyerCalls, expatCalls: on.expatCalls },
      // Kept to the hundredth of a percent: what the console shows is what is applied.
      platformCommission: Math.round((commission as number) * 10_000) / 10_000,
      maxCallDuration: input.maxCallDuration as number,
      callTimeout: input.callTimeout as number,
      supportedLanguages: LANGUAGES.filter((code) => (languages as unknown[]).includes(code)) as Language[],
    },
  };
}
