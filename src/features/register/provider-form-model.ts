/**
 * What the lawyer and expat registration forms hold while the user types, the parts the progress
 * checklist counts, and how the form becomes the registration input. The rules themselves are the
 * shared ones of `src/domain/registration.ts`, so the form never lets through what the server refuses.
 */
import { normalizeRegistration, registrationProblems } from '../../domain/registration';
import type {
  RegistrationByRole,
  RegistrationInput,
  RegistrationProblemCode,
} from '../../domain/registration';

export type ProviderRole = 'lawyer' | 'expat';

export type EducationRow = { key: string; title: string; institution: string; year: string };

export type ProviderForm = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  phoneCountry: string;
  phone: string;
  whatsappCountry: string;
  whatsapp: string;
  residenceCountry: string;
  presenceCountry: string;
  interventionCountry: string;
  practiceCountries: string[];
  practiceCountryOther: string;
  languages: string[];
  languageOther: string;
  specialties: string[];
  specialtyOther: string;
  helpTypes: string[];
  helpTypeOther: string;
  yearsOfExperience: string;
  graduationYear: string;
  yearsAsExpat: string;
  education: EducationRow[];
  bio: string;
  /** Id answered by the photo upload. */
  profilePhoto: string;
  dateOfBirth: string;
  address: string;
  idNumber: string;
  /** Id answered by the identity document upload. */
  idDocument: string;
  bankAccountNumber: string;
  ifsc: string;
  acceptedTerms: boolean;
};
export type FormField = keyof ProviderForm;

let rowCounter = 0;
/** A new, empty education row; its key only tells React the rows apart. */
export function newEducationRow(): EducationRow {
  rowCounter += 1;
  return { key: `education-${rowCounter}`, title: '', institution: '', year: '' };
}

export function emptyForm(): ProviderForm {
  return {
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    phoneCountry: '',
    phone: '',
    whatsappCountry: '',
    whatsapp: '',
    residenceCountry: '',
    presenceCountry: '',
    interventionCountry: '',
    practiceCountries: [],
    practiceCountryOther: '',
    languages: [],
    languageOther: '',
    specialties: [],
    specialtyOther: '',
    helpTypes: [],
    helpTypeOther: '',
    yearsOfExperience: '',
    graduationYear: '',
    yearsAsExpat: '',
    education: [newEducationRow()],
    bio: '',
    profilePhoto: '',
    dateOfBirth: '',
    address: '',
    idNumber: '',
    idDocument: '',
    bankAccountNumber: '',
    ifsc: '',
    acceptedTerms: false,
  };
}

/** The fields of each role's form, in the order they appear on screen (a refused send focuses the first error). */
export const FIELD_ORDER: Record<ProviderRole, readonly FormField[]> = {
  lawyer: [
    'firstName',
    'lastName',
    'email',
    'password',
    'phone',
    'whatsapp',
    'residenceCountry',
    'presenceCountry',
    'practiceCountries',
    'practiceCountryOther',
    'languages',
    'languageOther',
    'specialties',
    'specialtyOther',
    'yearsOfExperience',
    'graduationYear',
    'education',
    'bio',
    'profilePhoto',
    'dateOfBirth',
    'address',
    'idNumber',
    'idDocument',
    'bankAccountNumber',
    'ifsc',
    'acceptedTerms',
  ],
  expat: [
    'firstName',
    'lastName',
    'email',
    'password',
    'phone',
    'residenceCountry',
    'presenceCountry',
    'interventionCountry',
    'yearsAsExpat',
    'languages',
    'languageOther',
    'helpTypes',
    'helpTypeOther',
    'bio',
    'profilePhoto',
    'dateOfBirth',
    'address',
    'idNumber',
    'idDocument',
    'bankAccountNumber',
    'ifsc',
    'acceptedTerms',
  ],
};

/** The required parts the progress checklist shows; a part is done when none of its fields has a problem. */
export type ChecklistKey =
  | 'name'
  | 'account'
  | 'phones'
  | 'phone'
  | 'countries'
  | 'yearsAbroad'
  | 'languages'
  | 'specialties'
  | 'helpTypes'
  | 'education'
  | 'bio'
  | 'photo'
  | 'identity'
  | 'bank'
  | 'terms';
export type ChecklistPart = { key: ChecklistKey; fields: readonly FormField[] };

export const CHECKLIST: Record<ProviderRole, readonly ChecklistPart[]> = {
  lawyer: [
    { key: 'name', fields: ['firstName', 'lastName'] },
    { key: 'account', fields: ['email', 'password'] },
    { key: 'phones', fields: ['phone', 'whatsapp'] },
    {
      key: 'countries',
      fields: ['residenceCountry', 'presenceCountry', 'practiceCountries', 'practiceCountryOther'],
    },
    { key: 'languages', fields: ['languages', 'languageOther'] },
    { key: 'specialties', fields: ['specialties', 'specialtyOther'] },
    { key: 'education', fields: ['education', 'yearsOfExperience', 'graduationYear'] },
    { key: 'bio', fields: ['bio'] },
    { key: 'photo', fields: ['profilePhoto'] },
    { key: 'identity', fields: ['dateOfBirth', 'address', 'idNumber', 'idDocument'] },
    { key: 'bank', fields: ['bankAccountNumber', 'ifsc'] },
    { key: 'terms', fields: ['acceptedTerms'] },
  ],
  expat: [
    { key: 'name', fields: ['firstName', 'lastName'] },
    { key: 'account', fields: ['email', 'password'] },
    { key: 'phone', fields: ['phone'] },
    { key: 'countries', fields: ['residenceCountry', 'presenceCountry', 'interventionCountry'] },
    { key: 'yearsAbroad', fields: ['yearsAsExpat'] },
    { key: 'languages', fields: ['languages', 'languageOther'] },
    { key: 'helpTypes', fields: ['helpTypes', 'helpTypeOther'] },
    { key: 'bio', fields: ['bio'] },
    { key: 'photo', fields: ['profilePhoto'] },
    { key: 'identity', fields: ['dateOfBirth', 'address', 'idNumber', 'idDocument'] },
    { key: 'bank', fields: ['bankAccountNumber', 'ifsc'] },
    { key: 'terms', fields: ['acceptedTerms'] },
  ],
};

const COMMON_INPUT: readonly FormField[] = [
  'firstName',
  'lastName',
  'email',
  'password',
  'phoneCountry',
  'phone',
  'residenceCountry',
  'presenceCountry',
  'languages',
  'languageOther',
  'bio',
  'profilePhoto',
  'dateOfBirth',
  'address',
  'idNumber',
  'idDocument',
  'bankAccountNumber',
  'ifsc',
  'acceptedTerms',
];
const ROLE_INPUT: Record<ProviderRole, readonly FormField[]> = {
  lawyer: [
    'whatsappCountry',
    'whatsapp',
    'practiceCountries',
    'practiceCountryOther',
    'specialties',
    'specialtyOther',
    'yearsOfExperience',
    'graduationYear',
  ],
  expat: ['interventionCountry', 'yearsAsExpat', 'helpTypes', 'helpTypeOther'],
};

/** The role's fields of the form, as the shared rules read them. */
export function toInput(role: ProviderRole, form: ProviderForm): RegistrationInput {
  const input: RegistrationInput = {};
  for (const field of [...COMMON_INPUT, ...ROLE_INPUT[role]]) input[field] = form[field];
  if (role === 'lawyer') {
    input.education = form.education.map(({ title, institution, year }) => ({ title, institution, year }));
  }
  return input;
}

export type FieldProblems = Partial<Record<FormField, RegistrationProblemCode>>;

/** The broken rules of the form, by form field. */
export function formProblems(role: ProviderRole, form: ProviderForm): FieldProblems {
  return registrationProblems(role, toInput(role, form)) as FieldProblems;
}

/** The registration to send, once `formProblems` found nothing. */
export function toRegistration<R extends ProviderRole>(role: R, form: ProviderForm): RegistrationByRole[R] {
  return normalizeRegistration(role, toInput(role, form));
}

/** Which checklist parts are done. */
export function checklistState(role: ProviderRole, problems: FieldProblems) {
  return CHECKLIST[role].map((part) => ({
    ...part,
    done: part.fields.every((field) => !problems[field]),
  }));
}
