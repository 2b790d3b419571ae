/**
 * The prices and durations of the two calls (`config/pricing`), as an admin changes them: checked
 * (pricing-rules.ts, against the platform's longest call), written, audited. Browsers replicate
 * `config`, so every open price screen follows; checkout prices each order from this document, read
 * by id at that moment (services/checkout.ts), so the charge is always the current price.
 */
import { CONFIG_IDS } from '../../../src/domain/config';
import type { Pricing } from '../../../src/domain/config';
import { checkPricing } from '../../../src/domain/pricing-rules';
import type { PricingFieldProblem } from '../../../src/domain/pricing-rules';
import { upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { readPlatformSettings, readPricing } from '../platform-config';
import type { PricingDoc } from '../platform-config';
import { recordAudit } from './audit';
import { changedFields } from './changes';

export class PricingInvalid extends Error {
  constructor(readonly fields: Partial<Record<string, PricingFieldProblem>>) {
    super('Pricing refused');
    this.name = 'PricingInvalid';
  }
}

export { readPricing };

export type PricingChange = { input: unknown; by: string; now?: Date };

/** Saves the pricing (unless it is the current one) with one audit entry; answers it and its time. */
export async function savePricing(
  store: Store,
  { input, by, now = new Date() }: PricingChange,
): Promise<{ pricing: Pricing; updatedAt?: string }> {
  const { settings } = await readPlatformSettings(store);
  const check = checkPricing(input, settings.maxCallDuration);
  if (!check.ok) throw new PricingInvalid(check.fields);
  const at = now.toISOString();
  let before: Pricing | undefined;
  const written = await upsertDoc<PricingDoc>(store, 'config', CONFIG_IDS.pricing, (current) => {
    before = current?.value;
    if (before && !changedFields(before, check.value)) return undefined;
    return { _id: CONFIG_IDS.pricing, type: 'pricing', value: check.value, updatedAt: at };
  });
  if (!written) return readPricing(store);
  const change = before ? changedFields(before, check.value) : { before: null, after: check.value };
  await recordAudit(store, {
    actor: by,
    action: 'pricing_change',
    subject: { kind: 'pricing', id: CONFIG_IDS.pricing },
    before: change?.before ?? null,
    after: change?.after ?? check.value,
    now,
  });
  return { pricing: check.value, updatedAt: at };
}
