/**
 * The segment form's values as typed (so that a refused save keeps them exactly), from a saved
 * segment and back to the rules the service takes (src/domain/comms.ts). Dates are days
 * (`<input type="date">`), which the rules read as the start of that day in UTC; the yes/no rules
 * have a third choice, "any", that leaves the rule out.
 */
import type { SegmentRole, SegmentRules, SegmentView } from '../../../domain/comms';
import type { Language } from '../../../domain/languages';

export type TriState = '' | 'yes' | 'no';

export const DATE_RULES = [
  'signedUpAfter',
  'signedUpBefore',
  'lastConsultationAfter',
  'lastConsultationBefore',
] as const;
export type DateRule = (typeof DATE_RULES)[number];

export const FLAG_RULES = ['hasBooked', 'providerApproved', 'providerOnline'] as const;
export type FlagRule = (typeof FLAG_RULES)[number];

export type SegmentForm = {
  name: string;
  roles: SegmentRole[];
  languages: Language[];
  countries: string[];
} & Record<DateRule, string> &
  Record<FlagRule, TriState>;

/** The fields in screen order, as the service names them (a refused save focuses the first). */
export const SEGMENT_FIELDS = [
  'name',
  'rules.roles',
  'rules.languages',
  'rules.countries',
  ...DATE_RULES.map((rule) => `rules.${rule}`),
  ...FLAG_RULES.map((rule) => `rules.${rule}`),
] as const;

/** The id of a field's control (`rules.signedUpAfter` → `segment-rules-signedUpAfter`). */
export const segmentFieldId = (field: string) => `segment-${field.replace(/\./g, '-')}`;

const flag = (value: boolean | undefined): TriState => (value === undefined ? '' : value ? 'yes' : 'no');

export function segmentForm(segment?: Pick<SegmentView, 'name' | 'rules'>): SegmentForm {
  const rules = segment?.rules ?? {};
  return {
    name: segment?.name ?? '',
    roles: [...(rules.roles ?? [])],
    languages: [...(rules.languages ?? [])],
    countries: [...(rules.countries ?? [])],
    ...(Object.fromEntries(DATE_RULES.map((rule) => [rule, rules[rule]?.slice(0, 10) ?? ''])) as Record<
      DateRule,
      string
    >),
    ...(Object.fromEntries(FLAG_RULES.map((rule) => [rule, flag(rules[rule])])) as Record<
      FlagRule,
      TriState
    >),
  };
}

/** The rules the form says; an empty choice leaves its rule out (everyone passes it). */
export function rulesOf(form: SegmentForm): SegmentRules {
  const rules: SegmentRules = {};
  if (form.roles.length) rules.roles = form.roles;
  if (form.languages.length) rules.languages = form.languages;
  if (form.countries.length) rules.countries = form.countries;
  for (const rule of DATE_RULES) if (form[rule]) rules[rule] = form[rule];
  for (const rule of FLAG_RULES) if (form[rule]) rules[rule] = form[rule] === 'yes';
  return rules;
}
