/**
 * The platform settings an admin edits (`config/settings`: services switched on, commission, longest
 * call, ring time, interface languages), checked (platform-settings-rules.ts) and written with one
 * audit entry. The other parts of the same document keep their own editors: the countries
 * (countries.ts) and the seller on invoices (services/invoicing-settings.ts); each write changes
 * only its part. Checkout copies what an order needs when it is placed, so a change here applies
 * from the next order on (services/checkout.ts `callTerms`).
 */
import { CONFIG_IDS } from '../../../src/domain/config';
import type { PlatformSettings } from '../../../src/domain/config';
import { checkPlatformSettings, EDITABLE_SETTINGS } from '../../../src/domain/platform-settings-rules';
import type {
  EditablePlatformSettings,
  SettingsFieldProblem,
} from '../../../src/domain/platform-settings-rules';
import { defaultPlatformSettings } from '../../../src/domain/platform-defaults';
import { upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { readPlatformSettings, readPricing } from '../platform-config';
import type { SettingsDoc } from '../platform-config';
import { recordAudit } from './audit';
import { changedFields } from './changes';

export class SettingsInvalid extends Error {
  constructor(readonly fields: Partial<Record<string, SettingsFieldProblem>>) {
    super('Platform settings refused');
    this.name = 'SettingsInvalid';
  }
}

/** What the console's settings form shows: the editable part, and the countries (edited elsewhere). */
export type PlatformSettingsView = EditablePlatformSettings &
  Pick<PlatformSettings, 'supportedCountries'> & { updatedAt?: string };

function editable(settings: PlatformSettings): EditablePlatformSettings {
  return Object.fromEntries(EDITABLE_SETTINGS.map((key) => [key, settings[key]])) as EditablePlatformSettings;
}

export async function readPlatformSettingsView(store: Store): Promise<PlatformSettingsView> {
  const { settings, updatedAt } = await readPlatformSettings(store);
  return {
    ...editable(settings),
    supportedCountries: settings.supportedCountries,
    ...(updatedAt ? { updatedAt } : {}),
  };
}

export async function savePlatformSettings(
  store: Store,
  { input, by, now = new Date() }: { input: unknown; by: string; now?: Date },
): Promise<PlatformSettingsView> {
  const { pricing } = await readPricing(store);
  const check = checkPlatformSettings(input, pricing);
  if (!check.ok) throw new SettingsInvalid(check.fields);
  const at = now.toISOString();
  let before: EditablePlatformSettings | undefined;
  const written = await upsertDoc<SettingsDoc>(store, 'config', CONFIG_IDS.settings, (current) => {
    const value = { ...defaultPlatformSettings(), ...(current?.value ?? {}) };
    before = editable(value);
    if (!changedFields(before, check.value)) return undefined;
    return { _id: CONFIG_IDS.settings, type: 'settings', value: { ...value, ...check.value }, updatedAt: at };
  });
  if (written && before) {
    const change = changedFields(before, check.value)!;
    await recordAudit(store, {
      actor: by,
      action: 'settings_change',
      subject: { kind: 'settings', id: 'platform' },
      before: change.before,
      after: change.after,
      now,
    });
  }
  return readPlatformSettingsView(store);
}
