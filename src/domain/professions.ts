export const PROVIDER_ROLES = ['lawyer', 'expat'] as const;
export type ProviderRole = (typeof PROVIDER_ROLES)[number];

/** Professions shown on cards (spec section 3). */
export const PROFESSIONS = [
  'lawyer',
  'expat',
  'accountant',
  'notary',
  'tax_consultant',
  'real_estate',
  'translator',
  'hr_consultant',
  'financial_advisor',
  'insurance_broker',
] as const;
export type Profession = (typeof PROFESSIONS)[number];

export const USER_ROLES = ['client', 'lawyer', 'expat', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
