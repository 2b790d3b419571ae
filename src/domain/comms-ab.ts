/**
 * A/B tests of mail campaigns (admin screen `comms/ab`, issue 17): a campaign may try a second text
 * (variant B, beside its own texts, variant A) on a share of its recipients, split evenly between the
 * two; after the test's duration, the variant with more opens (or clicks) per tracked mail sent wins,
 * A on a tie, and goes to the rest of the segment. The checks and the rule live here, for the server
 * and the console; the server sends (server/services/comms/ab-test.ts, campaign-sender.ts).
 */
import { checkTexts } from './campaign-texts';
import type { CampaignFieldProblems, CampaignTexts } from './campaign-texts';
import { isRecord } from './comms';

/** The share of the recipients the test takes, in percent (half each variant). */
export const AB_SHARE_MIN = 10;
export const AB_SHARE_MAX = 50;
/** How long the test runs once its mails are out, in hours. */
export const AB_DURATION_MIN_HOURS = 1;
export const AB_DURATION_MAX_HOURS = 168;

export const AB_MEASURES = ['opens', 'clicks'] as const;
export type AbMeasure = (typeof AB_MEASURES)[number];
export const AB_VARIANTS = ['a', 'b'] as const;
export type AbVariant = (typeof AB_VARIANTS)[number];
/** A recipient's group: a variant of the test, or the rest, who get the winner. */
export type AbGroup = AbVariant | 'rest';

export type AbInput = {
  /** Variant B's texts (variant A is the campaign's own), French required as for the campaign's. */
  textsB: CampaignTexts;
  share: number;
  measure: AbMeasure;
  durationHours: number;
};

export type AbState = AbInput & {
  /** When the test's last mail was out: the test runs `durationHours` from then, to `testEndsAt`. */
  testSentAt?: string;
  testEndsAt?: string;
  winner?: AbVariant;
  winnerAt?: string;
  /** `system` when chosen at the end of the test, else the admin who chose it early. */
  winnerBy?: string;
};

const whole = (value: unknown, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** The `ab` part of a campaign's input, its problems noted in `fields` under `ab.…`. */
export function checkAbInput(
  value: unknown,
  textsA: CampaignTexts | undefined,
  fields: CampaignFieldProblems,
): AbInput | undefined {
  if (!isRecord(value)) {
    fields.ab = 'value_invalid';
    return undefined;
  }
  for (const key of Object.keys(value)) {
    if (!['textsB', 'share', 'measure', 'durationHours'].includes(key)) fields[`ab.${key}`] = 'unknown_field';
  }
  const textsB = checkTexts(value.textsB, 'ab.textsB', fields);
  if (textsB && textsA && JSON.stringify(textsB) === JSON.stringify(textsA))
    fields['ab.textsB'] = 'same_as_a';
  const { share, measure, durationHours } = value;
  if (share === undefined) fields['ab.share'] = 'required';
  else if (!whole(share, AB_SHARE_MIN, AB_SHARE_MAX)) fields['ab.share'] = 'value_invalid';
  if (measure === undefined) fields['ab.measure'] = 'required';
  else if (!(AB_MEASURES as readonly unknown[]).includes(measure)) fields['ab.measure'] = 'value_invalid';
  if (durationHours === undefined) fields['ab.durationHours'] = 'required';
  else if (!whole(durationHours, AB_DURATION_MIN_HOURS, AB_DURATION_MAX_HOURS))
    fields['ab.durationHours'] = 'value_invalid';
  if (!textsB || Object.keys(fields).some((key) => key.startsWith('ab'))) return undefined;
  return {
    textsB,
    share: share as number,
    measure: measure as AbMeasure,
    durationHours: durationHours as number,
  };
}

/**
 * How many of `total` recipients the test takes (at least one per variant when there are two
 * recipients or more); the rest get the winner.
 */
export function abTestSize(total: number, share: number): number {
  if (total < 2) return total;
  return Math.min(total, Math.max(2, Math.round((total * share) / 100)));
}

/** One variant's results: mails sent, of which with tracking (consent), first opens and clicks. */
export type AbVariantResult = {
  sent: number;
  tracked: number;
  opens: number;
  clicks: number;
  /** Opens (clicks) per tracked mail sent; null when none was tracked. */
  openRate: number | null;
  clickRate: number | null;
};

export type AbResults = {
  variants: Record<AbVariant, AbVariantResult>;
  /** The rest of the segment: how many, and how many were mailed the winner so far. */
  rest: { total: number; sent: number };
  /** Mails sent without a tracking pixel or tracked links (the recipient did not consent). */
  untracked: number;
  /** Which variant is ahead now by the test's measure (the winner if the test ended now). */
  leader: AbVariant;
};

export function abRate(count: number, tracked: number): number | null {
  return tracked > 0 ? count / tracked : null;
}

/** The rule: more opens (clicks) per tracked mail sent wins; a tie, or nothing tracked, is A's. */
export function abLeader(variants: Record<AbVariant, AbVariantResult>, measure: AbMeasure): AbVariant {
  const score = (variant: AbVariant) => {
    const result = variants[variant];
    return abRate(measure === 'opens' ? result.opens : result.clicks, result.tracked) ?? 0;
  };
  return score('b') > score('a') ? 'b' : 'a';
}
