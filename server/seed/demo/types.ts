// Shapes shared by the demo data tables and the generator, kept apart so the data modules do not
// import the generator (and the generator does not import a data module just for a type).
import type { Language } from '../../../src/domain/languages';

export type DemoGender = 'f' | 'm';

/** One text per interface language. */
export type Localized = Record<Language, string>;
/** A noun in its masculine and feminine forms. */
export type Gendered = { m: string; f: string };

export type CountryInfo = {
  /** "in <country>" in each interface language. */
  where: Localized;
  /** Possible core language sets of someone from this country; the first language is their main one. */
  langs: readonly (readonly Language[])[];
  /** Further languages sometimes spoken. */
  extras: readonly Language[];
  /** The language among the five that an expat living there uses day to day, if any. */
  local?: Language;
  male: readonly string[];
  female: readonly string[];
  last: readonly string[];
  /** Family name first (Vietnamese). */
  familyFirst?: boolean;
  /** Suffix of the feminine family name (Russian). */
  feminineSuffix?: string;
  /** Given names in their own script, used in bios written in that script. */
  nativeGiven?: Readonly<Record<string, string>>;
  law: { bachelor: string; masters: readonly string[]; schools: readonly string[] };
  /** Universities for non-law degrees (countries expat helpers come from). */
  universities?: readonly string[];
  neighbours: readonly string[];
};
