/** The user record in the user's own database (`profile`), see mine.ts. */
import { LANGUAGES } from './languages';
import { PROVIDER_ROLES, USER_ROLES } from './professions';
import { codeList, countryCode, isoDate, shortText } from './mine-schema-parts';
/**
 * The user record (spec section 3), one `profile` document per user database, written by the
 * service at registration. The owner may change only the whitelisted fields of spec section 5 and,
 * for lawyers and expats, their professional fields (`ownerFields`; see profile-fields.ts): the gateway refuses a push that changes any other field (role, approval,
 * e-mail, presence…), creates the document, or deletes it.
 */
export const profileSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', const: 'profile' },
    type: { type: 'string', const: 'profile' },
    uid: shortText(64),
    role: { type: 'string', enum: USER_ROLES },
    email: shortText(254),
    preferredLanguage: { type: 'string', enum: LANGUAGES },
    firstName: shortText(80),
    lastName: shortText(80),
    fullName: shortText(161),
    displayName: shortText(161),
    profilePhoto: shortText(300),
    photoURL: shortText(300),
    avatar: shortText(300),
    phone: { type: 'string', pattern: '^(\\+[1-9]\\d{6,14})?$' },
    phoneNumber: shortText(20),
    phoneCountryCode: { type: 'string', pattern: '^(\\+\\d{1,4})?$' },
    whatsapp: { type: 'string', pattern: '^(\\+[1-9]\\d{6,14})?$' },
    whatsappNumber: shortText(20),
    whatsappCountryCode: { type: 'string', pattern: '^(\\+\\d{1,4})?$' },
    languages: codeList(8),
    languagesSpoken: codeList(8),
    languageOther: shortText(120),
    bio: shortText(4000),
    description: shortText(4000),
    residenceCountry: countryCode,
    presenceCountry: countryCode,
    interventionCountry: countryCode,
    practiceCountries: { type: 'array', maxItems: 20, items: countryCode },
    practiceCountryOther: shortText(120),
    yearsOfExperience: { type: 'integer', minimum: 0, maximum: 80 },
    graduationYear: { type: 'integer', minimum: 1950, maximum: 2100 },
    specialties: codeList(40),
    specialtyOther: shortText(120),
    education: {
      type: 'array',
      maxItems: 10,
      items: {
        type: 'object',
        properties: {
          title: shortText(200),
          institution: shortText(200),
          year: { type: 'integer', minimum: 1950, maximum: 2100 },
        },
        required: ['title'],
        additionalProperties: false,
      },
    },
    yearsAsExpat: { type: 'integer', minimum: 0, maximum: 80 },
    helpTypes: codeList(40),
    helpTypeOther: shortText(120),
    /** Lawyers, optional: their bar registration number. */
    barNumber: shortText(40),
    /** Providers only: set by the service when an admin approves the profile. */
    isApproved: { type: 'boolean' },
    /** Set by the service on a test profile an admin made (admin "aaaprofiles"). */
    isTestProfile: { type: 'boolean' },
    isOnline: { type: 'boolean' },
    availability: { type: 'string', enum: ['available', 'unavailable'] },
    lastStatusChange: isoDate,
    createdAt: isoDate,
    updatedAt: isoDate,
  },
  required: [
    'id',
    'type',
    'uid',
    'role',
    'email',
    'preferredLanguage',
    'firstName',
    'displayName',
    'languages',
    'isApproved',
    'createdAt',
    'updatedAt',
  ],
  additionalProperties: false,
} as const;

export type Profile = {
  id: 'profile';
  type: 'profile';
  uid: string;
  role: (typeof USER_ROLES)[number];
  email: string;
  preferredLanguage: (typeof LANGUAGES)[number];
  firstName: string;
  lastName?: string;
  fullName?: string;
  displayName: string;
  profilePhoto?: string;
  photoURL?: string;
  avatar?: string;
  phone?: string;
  phoneNumber?: string;
  phoneCountryCode?: string;
  whatsapp?: string;
  whatsappNumber?: string;
  whatsappCountryCode?: string;
  languages: string[];
  languagesSpoken?: string[];
  languageOther?: string;
  bio?: string;
  description?: string;
  residenceCountry?: string;
  presenceCountry?: string;
  interventionCountry?: string;
  practiceCountries?: string[];
  practiceCountryOther?: string;
  yearsOfExperience?: number;
  graduationYear?: number;
  specialties?: string[];
  specialtyOther?: string;
  education?: { title: string; institution?: string; year?: number }[];
  yearsAsExpat?: number;
  helpTypes?: string[];
  helpTypeOther?: string;
  barNumber?: string;
  isApproved: boolean;
  isTestProfile?: boolean;
  isOnline?: boolean;
  availability?: 'available' | 'unavailable';
  lastStatusChange?: string;
  createdAt: string;
  updatedAt: string;
};

export const PROFILE_ID = 'profile';

export function isProviderRole(role: string): role is (typeof PROVIDER_ROLES)[number] {
  return (PROVIDER_ROLES as readonly string[]).includes(role);
}
