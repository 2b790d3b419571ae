/**
 * The specialties a provider may publish, per role: a lawyer's legal specialties, an expat's help
 * domains. These lists are the only codes the registration rules, the gateway's check of a pushed
 * record, the publication into `providers` and the public schema accept; each is translated in
 * the interface under `specialties.<key>`. Anything else a provider wants to say goes in the one
 * "other" text beside them (see other-text.ts), shown as their own words.
 */
import type { ProviderRole } from './professions';

export const LAWYER_SPECIALTIES = [
  'immigration',
  'family_law',
  'labour_law',
  'real_estate_law',
  'tax_law',
  'criminal_law',
  'business_law',
  'consumer_law',
  'inheritance',
  'visas_residence',
  'traffic_accidents',
  'international_divorce',
] as const;
export type LawyerSpecialty = (typeof LAWYER_SPECIALTIES)[number];

export const EXPAT_SPECIALTIES = [
  'relocation',
  'housing_search',
  'administrative_procedures',
  'healthcare_access',
  'school_enrolment',
  'banking_setup',
  'driving_licence',
  'translation',
  'job_search',
  'cultural_integration',
  'emergency_assistance',
  'pet_relocation',
  'tax_returns',
  'business_setup',
  'insurance_cover',
  'retirement_abroad',
] as const;
export type ExpatSpecialty = (typeof EXPAT_SPECIALTIES)[number];
export type Specialty = LawyerSpecialty | ExpatSpecialty;

/** Every code a public profile may show, whatever the role. */
export const PUBLIC_SPECIALTIES = [...LAWYER_SPECIALTIES, ...EXPAT_SPECIALTIES] as const;

/**
 * Where each role keeps its specialties in its own record, and the "other" text beside them: a
 * lawyer's `specialties` and `specialtyOther`, an expat's help domains `helpTypes` and `helpTypeOther`.
 */
export const SPECIALTY_FIELDS = {
  lawyer: { codes: 'specialties', other: 'specialtyOther', list: LAWYER_SPECIALTIES },
  expat: { codes: 'helpTypes', other: 'helpTypeOther', list: EXPAT_SPECIALTIES },
} as const satisfies Record<ProviderRole, { codes: string; other: string; list: readonly Specialty[] }>;

export function specialtiesOf(role: ProviderRole): readonly Specialty[] {
  return SPECIALTY_FIELDS[role].list;
}

export function isSpecialtyOf(role: ProviderRole, value: unknown): value is Specialty {
  return typeof value === 'string' && (specialtiesOf(role) as readonly string[]).includes(value);
}
