/** Specialty keys of providers, translated in the interface under `specialties.<key>`. */
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
