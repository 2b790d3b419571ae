// The mix of the demo directory: how many providers live in each country, where the expat helpers
// come from and how many of each profession there are. Changing a number changes the whole directory.
import type { Profession } from '../../../src/domain/professions';

export const PROVIDER_COUNT = 72;

/** Where providers live: every country three times, plus extra places popular with expats (72 in all). */
export const RESIDENCE_SLOTS: Record<string, number> = {
  FR: 5,
  ES: 5,
  DE: 4,
  IT: 3,
  PT: 4,
  GB: 3,
  US: 4,
  CA: 4,
  TH: 4,
  VN: 3,
  AE: 4,
  MA: 4,
  MX: 4,
  BR: 3,
  JP: 3,
  AU: 3,
  SG: 3,
  CH: 3,
  BE: 3,
  NL: 3,
};

/** Where the expat helpers come from (43 in all). */
export const ORIGIN_SLOTS: Record<string, number> = {
  FR: 10,
  RU: 7,
  DE: 5,
  ES: 5,
  GB: 5,
  US: 3,
  BE: 2,
  CH: 2,
  CA: 2,
  IT: 1,
  NL: 1,
};

export const LAWYER_PROFESSION_SLOTS: Partial<Record<Profession, number>> = {
  lawyer: 23,
  notary: 3,
  tax_consultant: 3,
};
export const EXPAT_PROFESSION_SLOTS: Partial<Record<Profession, number>> = {
  expat: 31,
  accountant: 2,
  real_estate: 2,
  translator: 2,
  hr_consultant: 2,
  financial_advisor: 2,
  insurance_broker: 2,
};
