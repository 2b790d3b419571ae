/**
 * The demo provider directory: 72 lawyers and expat helpers in 20 countries, so that a fresh store
 * (and the offline app) shows a realistic, varied listing. Everything is derived from a seeded PRNG,
 * so two runs give the same ids, names and texts; only the timestamps follow `now`.
 */
import type { Language } from '../../src/domain/languages';
import type { Profession, ProviderRole } from '../../src/domain/professions';
import { providerListOrder } from '../../src/domain/provider';
import type { Provider } from '../../src/domain/provider';
import { EXPAT_SPECIALTIES, LAWYER_SPECIALTIES } from '../../src/domain/specialties';
import type { Specialty } from '../../src/domain/specialties';
import { writeBio } from './demo/bios';
import { countryInfo } from './demo/countries';
import { HELPER_DEGREES, PREFERRED_SPECIALTIES } from './demo/professions';
import { createRng, hashString, itemAt } from './demo/random';
import type { Rng } from './demo/random';
import {
  EXPAT_PROFESSION_SLOTS,
  LAWYER_PROFESSION_SLOTS,
  ORIGIN_SLOTS,
  PROVIDER_COUNT,
  RESIDENCE_SLOTS,
} from './demo/slots';
import { slugify } from './demo/text';
import type { CountryInfo, DemoGender } from './demo/types';

export { createRng, hashString } from './demo/random';
export type { Rng } from './demo/random';
export { SPECIALTY_LABELS } from './demo/specialty-labels';
export { slugify } from './demo/text';
export type { DemoGender } from './demo/types';

/** A demo provider with the facts behind it that the profile itself does not carry (used by the portraits). */
export type DemoProviderEntry = { provider: Provider; gender: DemoGender; origin: string };

const SEED = 0x5eed2025;
/** Graduation years are computed from this fixed year, so that they do not depend on `now`. */
const REFERENCE_YEAR = 2025;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

// ---------------------------------------------------------------------------------------------
// Building one provider

function expand<K extends string>(slots: Partial<Record<K, number>>): K[] {
  return (Object.entries(slots) as [K, number][]).flatMap(([key, count]) => Array<K>(count).fill(key));
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

type Name = { fullName: string; first: string };

function pickName(info: CountryInfo, gender: DemoGender, rng: Rng, used: Set<string>): Name {
  for (;;) {
    const given = rng.pick(gender === 'f' ? info.female : info.male);
    const baseLast = rng.pick(info.last);
    const last = gender === 'f' && info.feminineSuffix ? baseLast + info.feminineSuffix : baseLast;
    const fullName = info.familyFirst ? `${last} ${given}` : `${given} ${last}`;
    if (used.has(fullName)) continue;
    used.add(fullName);
    const first = info.familyFirst ? (given.split(' ').pop() ?? given) : given;
    return { fullName, first };
  }
}

function lawyerLanguages(info: CountryInfo, rng: Rng): Language[] {
  const langs = [...rng.pick(info.langs)];
  for (const extra of rng.shuffle(info.extras)) if (rng.chance(0.3)) langs.push(extra);
  return unique(langs).slice(0, 4);
}

function helperLanguages(origin: CountryInfo, residence: CountryInfo, rng: Rng): Language[] {
  const langs: Language[] = [...rng.pick(origin.langs), 'en'];
  if (residence.local) langs.push(residence.local);
  for (const extra of rng.shuffle(origin.extras)) if (rng.chance(0.25)) langs.push(extra);
  return unique(langs).slice(0, 4);
}

function pickSpecialties(role: ProviderRole, profession: Profession, rng: Rng): Specialty[] {
  const pool: readonly Specialty[] = role === 'lawyer' ? LAWYER_SPECIALTIES : EXPAT_SPECIALTIES;
  const count = rng.int(2, 4);
  const preferred = rng.shuffle(PREFERRED_SPECIALTIES[profession]).slice(0, rng.int(1, 2));
  return unique([...preferred, ...rng.shuffle(pool)]).slice(0, count);
}

type Education = NonNullable<Provider['education']>;

function lawEducation(info: CountryInfo, years: number, rng: Rng): Education {
  const gradYear = REFERENCE_YEAR - years - rng.int(0, 1);
  const school = rng.pick(info.law.schools);
  const master = { title: rng.pick(info.law.masters), institution: school, year: gradYear };
  if (rng.chance(0.4)) return [master];
  const bachelor = { title: info.law.bachelor, institution: rng.pick(info.law.schools), year: gradYear - 2 };
  return [bachelor, master];
}

function helperEducation(
  origin: CountryInfo,
  profession: Profession,
  lang: Language,
  years: number,
  rng: Rng,
) {
  const title = HELPER_DEGREES[profession]?.[lang];
  if (!title || !origin.universities || rng.chance(0.35)) return [];
  return [
    { title, institution: rng.pick(origin.universities), year: REFERENCE_YEAR - years - rng.int(1, 4) },
  ];
}

type Slot = {
  id: string;
  number: string;
  role: ProviderRole;
  profession: Profession;
  country: string;
  origin: string;
  gender: DemoGender;
  isOnline: boolean;
};

function buildProvider(slot: Slot, now: Date, usedNames: Set<string>): DemoProviderEntry {
  const rng = createRng(hashString(slot.id) ^ SEED);
  const residence = countryInfo(slot.country);
  const origin = countryInfo(slot.origin);
  const { gender } = slot;
  const name = pickName(origin, gender, rng, usedNames);
  const isLawyer = slot.role === 'lawyer';
  const languages = isLawyer ? lawyerLanguages(residence, rng) : helperLanguages(origin, residence, rng);
  const lang = itemAt(languages, 0);
  const yearsOfExperience = isLawyer ? rng.int(3, 30) : rng.int(2, 25);
  const yearsAsExpat = rng.int(1, 25);
  const specialties = pickSpecialties(slot.role, slot.profession, rng);
  const practiceCountries = unique([
    slot.country,
    ...rng.shuffle(residence.neighbours).slice(0, rng.int(0, 2)),
  ]);
  const bio = writeBio(
    {
      role: slot.role,
      profession: slot.profession,
      lang,
      gender,
      first: lang === 'ru' ? (origin.nativeGiven?.[name.first] ?? name.first) : name.first,
      country: slot.country,
      years: yearsOfExperience,
      expatYears: yearsAsExpat,
      specialties,
    },
    rng,
  );
  const education = isLawyer
    ? lawEducation(residence, yearsOfExperience, rng)
    : helperEducation(origin, slot.profession, lang, yearsOfExperience, rng);
  const rating = Math.round((5 - rng.next() ** 2) * 10) / 10;
  const reviewCount = 3 + Math.floor(417 * rng.next() ** 1.6);
  const successRate = rng.int(88, 99);
  const completedCalls = reviewCount + Math.floor(reviewCount * (0.2 + rng.next() * 0.6)) + rng.int(0, 15);
  const isVerified = rng.chance(0.9);
  const stamps = timestamps(now, slot.isOnline, rng);
  const base = {
    id: slot.id,
    type: 'provider' as const,
    role: slot.role,
    profession: slot.profession,
    fullName: name.fullName,
    slug: `${slugify(name.fullName)}-${slot.number}`,
    profilePhoto: `/photos/providers/${slot.id}.svg`,
    country: slot.country,
    practiceCountries,
    languages,
    specialties,
    bio,
    education,
    yearsOfExperience,
    ...(isLawyer ? {} : { yearsAsExpat }),
    rating,
    reviewCount,
    successRate,
    completedCalls,
    isActive: true,
    isOnline: slot.isOnline,
    availability: slot.isOnline ? ('available' as const) : ('unavailable' as const),
    isVisible: true,
    isVisibleOnMap: true,
    isVerified,
  };
  const provider: Provider = { ...base, listOrder: providerListOrder(base), ...stamps };
  return { provider, gender, origin: slot.origin };
}

function timestamps(now: Date, isOnline: boolean, rng: Rng) {
  const createdDaysAgo = rng.int(30, 900);
  const updatedDaysAgo = rng.int(0, Math.min(createdDaysAgo - 1, 45));
  const statusMinutesAgo = isOnline ? rng.int(3, 240) : rng.int(60, 60 * 72);
  const before = (ms: number): string => new Date(now.getTime() - ms).toISOString();
  return {
    createdAt: before(createdDaysAgo * DAY_MS + rng.int(0, 1439) * MINUTE_MS),
    updatedAt: before(updatedDaysAgo * DAY_MS + rng.int(0, 1439) * MINUTE_MS),
    lastStatusChange: before(statusMinutesAgo * MINUTE_MS),
  };
}

// ---------------------------------------------------------------------------------------------
// The directory

/** Expat helpers never come from the country they live in: swap origins until none does. */
function separateOrigins(origins: string[], residences: readonly string[]): void {
  for (let i = 0; i < origins.length; i++) {
    if (origins[i] !== residences[i]) continue;
    const j = origins.findIndex((o, k) => o !== residences[i] && origins[i] !== residences[k]);
    if (j < 0) throw new Error('Cannot separate origins from residences');
    [origins[i], origins[j]] = [itemAt(origins, j), itemAt(origins, i)];
  }
}

/** Half online within each role, so both roles show a mix. */
function onlineFlags(count: number, rng: Rng, onlineCount: number): boolean[] {
  return rng.shuffle(Array.from({ length: count }, (_, i) => i < onlineCount));
}

function planSlots(): Slot[] {
  const rng = createRng(SEED);
  const residences = rng.shuffle(expand(RESIDENCE_SLOTS));
  if (residences.length !== PROVIDER_COUNT)
    throw new Error('Residence slots must add up to the provider count');
  // Two in five are lawyers: positions 0 and 3 of every five.
  const roles: ProviderRole[] = residences.map((_, i) => (i % 5 === 0 || i % 5 === 3 ? 'lawyer' : 'expat'));
  const lawyerCount = roles.filter((r) => r === 'lawyer').length;
  const expatCount = PROVIDER_COUNT - lawyerCount;
  const lawyerProfessions = rng.shuffle(expand(LAWYER_PROFESSION_SLOTS));
  const expatProfessions = rng.shuffle(expand(EXPAT_PROFESSION_SLOTS));
  const lawyerOnline = onlineFlags(lawyerCount, rng, Math.ceil(lawyerCount / 2));
  const expatOnline = onlineFlags(expatCount, rng, PROVIDER_COUNT / 2 - Math.ceil(lawyerCount / 2));
  const origins = rng.shuffle(expand(ORIGIN_SLOTS));
  const expatResidences = residences.filter((_, i) => roles[i] === 'expat');
  separateOrigins(origins, expatResidences);
  const genders = rng.shuffle(
    Array.from({ length: PROVIDER_COUNT }, (_, i): DemoGender => (i % 2 ? 'f' : 'm')),
  );

  let lawyers = 0;
  let expats = 0;
  return residences.map((country, i) => {
    const role = itemAt(roles, i);
    const index = role === 'lawyer' ? lawyers++ : expats++;
    const number = String(index + 1).padStart(3, '0');
    return {
      id: `demo-${role}-${number}`,
      number,
      role,
      profession: itemAt(role === 'lawyer' ? lawyerProfessions : expatProfessions, index),
      country,
      origin: role === 'lawyer' ? country : itemAt(origins, index),
      gender: itemAt(genders, i),
      isOnline: itemAt(role === 'lawyer' ? lawyerOnline : expatOnline, index),
    };
  });
}

/** The demo providers with their gender and country of origin (the portrait generator uses these). */
export function demoProviderEntries(now: Date): DemoProviderEntry[] {
  const usedNames = new Set<string>();
  return planSlots().map((slot) => buildProvider(slot, now, usedNames));
}

/** The demo provider directory; identical from run to run except for the timestamps. */
export function demoProviders(now: Date): Provider[] {
  return demoProviderEntries(now).map((entry) => entry.provider);
}
