/**
 * What each registration form sends (spec section 3), as stored once normalised
 * (registration.ts's `normalizeRegistration`).
 */
import type { Language } from './languages';

/** What every form sends. */
export type CommonRegistration = {
  email: string;
  password: string;
  /** Interface language at registration: the account's preferred language. */
  language?: Language;
  /** Keep the session 30 days (otherwise it ends with the browser). */
  remember?: boolean;
  firstName: string;
  /** Spoken languages (ISO 639-1, see spoken-languages.ts). */
  languages: string[];
  /** A language not in the list, typed freely ("other"). */
  languageOther?: string;
  acceptedTerms: boolean;
};

/**
 * A phone number as typed: international ("+33 6 12 34 56 78"), or national with the country it
 * belongs to in `…Country` (ISO code). Stored in E.164.
 */
type Phone = { phone: string; phoneCountry?: string };

export type ClientRegistration = CommonRegistration &
  Partial<Phone> & {
    whatsapp?: string;
    whatsappCountry?: string;
  };

/** Identity and finance fields of providers: kept server-side only (`admin`, `kyc:<uid>`). */
export type IdentityFields = {
  /** YYYY-MM-DD */
  dateOfBirth: string;
  address: string;
  /** PAN or another identity number. */
  idNumber: string;
  /** Id of the uploaded identity document (`POST /api/auth/photo?kind=id_document`). */
  idDocument: string;
  bankAccountNumber: string;
  ifsc: string;
};

export type ProviderCommon = CommonRegistration &
  Phone &
  IdentityFields & {
    lastName: string;
    bio: string;
    /** Id of the uploaded profile photo (`POST /api/auth/photo`). */
    profilePhoto: string;
    residenceCountry: string;
    presenceCountry: string;
  };

export type EducationEntry = { title: string; institution?: string; year?: number };

export type LawyerRegistration = ProviderCommon & {
  whatsapp: string;
  whatsappCountry?: string;
  practiceCountries: string[];
  /** A practice country typed freely ("other"). */
  practiceCountryOther?: string;
  yearsOfExperience?: number;
  graduationYear?: number;
  specialties: string[];
  specialtyOther?: string;
  education: EducationEntry[];
};

export type ExpatRegistration = ProviderCommon & {
  interventionCountry: string;
  yearsAsExpat: number;
  /** Help domains (EXPAT_SPECIALTIES keys). */
  helpTypes: string[];
  helpTypeOther?: string;
};

export type RegistrationByRole = {
  client: ClientRegistration;
  lawyer: LawyerRegistration;
  expat: ExpatRegistration;
};

/** Whatever a form or a request body holds: anything, field by field. */
export type RegistrationInput = Record<string, unknown>;
