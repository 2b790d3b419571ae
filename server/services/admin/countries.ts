/**
 * The supported countries and the services each is enabled for (`config/settings`:
 * `supportedCountries` and `serviceCountries`, read together by src/domain/service-countries.ts).
 * An admin adds a country, switches a service on or off in it, or removes it; each change is one
 * write and one audit entry. The public directory filter and the booking form offer these countries
 * (they replicate `config`); checkout refuses a booking for a country its service is off in.
 */
import { CONFIG_IDS } from '../../../src/domain/config';
import { defaultPlatformSettings } from '../../../src/domain/platform-defaults';
import {
  countryAvailability,
  countrySettingsOf,
  isoCountry,
  isSupportableCountry,
  SUPPORTED_COUNTRIES_MAX,
} from '../../../src/domain/service-countries';
import type { CountryAvailability } from '../../../src/domain/service-countries';
import { upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { readPlatformSettings } from '../platform-config';
import type { SettingsDoc } from '../platform-config';
import { recordAudit } from './audit';

export type CountryProblem = 'required' | 'value_invalid' | 'unknown_field' | 'too_many';

export class CountryInvalid extends Error {
  constructor(readonly fields: Record<string, CountryProblem>) {
    super('Country refused');
    this.name = 'CountryInvalid';
  }
}

export class CountryNotListed extends Error {
  constructor(readonly code: string) {
    super(`${code} is not a supported country`);
    this.name = 'CountryNotListed';
  }
}

export async function listCountries(
  store: Store,
): Promise<{ countries: CountryAvailability[]; updatedAt?: string }> {
  const { settings, updatedAt } = await readPlatformSettings(store);
  return { countries: countryAvailability(settings), ...(updatedAt ? { updatedAt } : {}) };
}

/** The services of a country, as sent: `{ lawyerCall, expatCall }`, both booleans. */
function checkServices(code: string, input: unknown): CountryAvailability {
  const fields: Record<string, CountryProblem> = {};
  if (!isSupportableCountry(code)) fields.code = 'value_invalid';
  const body = typeof input === 'object' && input !== null && !Array.isArray(input) ? input : undefined;
  if (!body) throw new CountryInvalid({ ...fields, country: 'value_invalid' });
  const record = body as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (key !== 'lawyerCall' && key !== 'expatCall') fields[key] = 'unknown_field';
  }
  for (const key of ['lawyerCall', 'expatCall'] as const) {
    if (typeof record[key] !== 'boolean')
      fields[key] = record[key] === undefined ? 'required' : 'value_invalid';
  }
  if (Object.keys(fields).length > 0) throw new CountryInvalid(fields);
  return {
    code: isoCountry(code),
    lawyerCall: record.lawyerCall as boolean,
    expatCall: record.expatCall as boolean,
  };
}

type Outcome = { country: CountryAvailability; created: boolean };

/** Adds the country or changes its services; answers it, and whether it was added. */
export async function putCountry(
  store: Store,
  { code, input, by, now = new Date() }: { code: string; input: unknown; by: string; now?: Date },
): Promise<Outcome> {
  const country = checkServices(code, input);
  let before: CountryAvailability | undefined;
  let tooMany = false;
  const written = await upsertDoc<SettingsDoc>(store, 'config', CONFIG_IDS.settings, (current) => {
    const value = { ...defaultPlatformSettings(), ...(current?.value ?? {}) };
    const countries = countryAvailability(value);
    before = countries.find((entry) => entry.code === country.code);
    tooMany = !before && countries.length >= SUPPORTED_COUNTRIES_MAX;
    if (tooMany) return undefined;
    if (before && before.lawyerCall === country.lawyerCall && before.expatCall === country.expatCall)
      return undefined;
    const next = before
      ? countries.map((entry) => (entry.code === country.code ? country : entry))
      : [...countries, country];
    return {
      _id: CONFIG_IDS.settings,
      type: 'settings',
      value: { ...value, ...countrySettingsOf(next) },
      updatedAt: now.toISOString(),
    };
  });
  if (tooMany) throw new CountryInvalid({ code: 'too_many' });
  if (written) {
    await recordAudit(store, {
      actor: by,
      action: before ? 'country_change' : 'country_add',
      subject: { kind: 'country', id: country.code },
      before: before ? { lawyerCall: before.lawyerCall, expatCall: before.expatCall } : null,
      after: { lawyerCall: country.lawyerCall, expatCall: country.expatCall },
      now,
    });
  }
  return { country, created: !before };
}

/** Removes the country from the list (no service can be booked there any more). */
export async function removeCountry(
  store: Store,
  { code, by, now = new Date() }: { code: string; by: string; now?: Date },
): Promise<void> {
  const iso = isSupportableCountry(code) ? isoCountry(code) : undefined;
  let before: CountryAvailability | undefined;
  const written = await upsertDoc<SettingsDoc>(store, 'config', CONFIG_IDS.settings, (current) => {
    const value = { ...defaultPlatformSettings(), ...(current?.value ?? {}) };
    const countries = countryAvailability(value);
    before = countries.find((entry) => entry.code === iso);
    if (!before) return undefined;
    return {
      _id: CONFIG_IDS.settings,
      type: 'settings',
      value: { ...value, ...countrySettingsOf(countries.filter((entry) => entry.code !== iso)) },
      updatedAt: now.toISOString(),
    };
  });
  if (!before) throw new CountryNotListed(code);
  if (written) {
    await recordAudit(store, {
      actor: by,
      action: 'country_remove',
      subject: { kind: 'country', id: before.code },
      before: { lawyerCall: before.lawyerCall, expatCall: before.expatCall },
      after: null,
      now,
    });
  }
}
