/**
 * The seller identity and VAT of invoices (`config/settings`, `value.invoicing`): read, changed by
 * an admin (checked, then written with an audit entry: who, when, before and after), and looked at
 * once at start, where a setup taking real payments is warned that its invoices lack the seller's
 * legal identity or still print the demo's fictitious one. Invoices copy the seller when they are
 * issued (consultation/invoices.ts): a change applies to the next invoice, never to an earlier one.
 */
import { isDeepStrictEqual } from 'node:util';
import { CONFIG_IDS } from '../../src/domain/config';
import type { ConfigDoc, PlatformSettings } from '../../src/domain/config';
import type { InvoicingSettings } from '../../src/domain/invoice';
import { checkInvoicingSettings, sellerIdentityGaps } from '../../src/domain/invoicing-settings';
import type { InvoicingFieldProblem } from '../../src/domain/invoicing-settings';
import { defaultPlatformSettings, isDemoInvoicing } from '../../src/domain/platform-defaults';
import { upsertDoc } from '../store/store';
import type { Store } from '../store/store';
import { recordAudit } from './admin/audit';
import { invoicingSettings } from './consultation/invoices';

export { invoicingSettings as readInvoicingSettings };

/** The settings sent were refused; `fields` says why, per field. */
export class InvoicingSettingsInvalid extends Error {
  constructor(readonly fields: Record<string, InvoicingFieldProblem>) {
    super('Invoicing settings refused');
    this.name = 'InvoicingSettingsInvalid';
  }
}

type SettingsDoc = Omit<ConfigDoc, 'id' | 'value'> & { _id: string; value: Partial<PlatformSettings> };

export type InvoicingChange = { input: unknown; by: string; now?: Date };

/** Saves new settings (unless they are the current ones) and audits the change; answers them. */
export async function saveInvoicingSettings(
  store: Store,
  { input, by, now = new Date() }: InvoicingChange,
): Promise<InvoicingSettings> {
  const check = checkInvoicingSettings(input);
  if (!check.ok) throw new InvoicingSettingsInvalid(check.fields);
  const after = check.value;
  const at = now.toISOString();
  let before: InvoicingSettings | undefined;
  const written = await upsertDoc<SettingsDoc>(store, 'config', CONFIG_IDS.settings, (current) => {
    before = current?.value.invoicing;
    if (isDeepStrictEqual(before, after)) return undefined;
    return {
      _id: CONFIG_IDS.settings,
      type: 'settings',
      // A store never seeded has no settings yet: the defaults the service already uses, written out.
      value: { ...(current?.value ?? defaultPlatformSettings()), invoicing: after },
      updatedAt: at,
    };
  });
  if (written) {
    await recordAudit(store, {
      actor: by,
      action: 'invoicing_change',
      subject: { kind: 'settings', id: 'invoicing' },
      // null: nothing was set, and invoices printed the defaults.
      before: before ?? null,
      after,
      now,
    });
  }
  return after;
}

/**
 * What the operator should hear at start. Demo mode (simulated payments) issues no real invoice and
 * is left alone; with real payments, a seller identity that is incomplete or the demo's is named.
 */
export function invoicingWarnings(invoicing: InvoicingSettings, setup: { realPayments: boolean }): string[] {
  if (!setup.realPayments) return [];
  if (isDemoInvoicing(invoicing)) {
    return [
      'invoices print the demo seed’s fictitious seller while payments are real: set the company’s ' +
        'legal name, address, registration and VAT numbers (PUT /api/admin/settings/invoicing).',
    ];
  }
  const gaps = sellerIdentityGaps(invoicing);
  if (gaps.length === 0) return [];
  const names = { address: 'address', companyId: 'company registration number', vatId: 'VAT number' };
  return [
    `invoices lack the seller’s ${gaps.map((gap) => names[gap]).join(', ')} while payments are real: ` +
      'set them before issuing invoices (PUT /api/admin/settings/invoicing).',
  ];
}
