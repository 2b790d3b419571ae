import { describe, expect, it } from 'vitest';
import { splitE164, toE164 } from '../../src/domain/phone';
import { PROFILE_UPDATE_FIELDS } from '../../src/domain/profile-fields';
import { profileUpdateProblems } from '../../src/domain/profile-update';
import { isValidBirthDate, normalizeRegistration, registrationProblems } from '../../src/domain/registration';
import {
  loginIsValid,
  loginProblems,
  passwordStrengthClient,
  passwordStrengthLawyer,
} from '../../src/domain/sign-in';
import type { RegistrationInput } from '../../src/domain/registration';

const PHOTO = 'a'.repeat(32);
const ID_DOC = 'b'.repeat(32);
const BIO = 'Avocate en droit des étrangers depuis douze ans, à Bangkok et à Paris.';

const client: RegistrationInput = {
  firstName: 'Léa',
  email: ' Lea@Example.com ',
  password: 'secret1',
  languages: ['fr'],
  acceptedTerms: true,
};

const identity = {
  dateOfBirth: '1985-04-12',
  address: '12 rue des Lilas, 75011 Paris',
  idNumber: 'ABCDE1234F',
  idDocument: ID_DOC,
  bankAccountNumber: '1234 5678 9012',
  ifsc: 'sbin0001234',
};

const lawyer: RegistrationInput = {
  firstName: 'Marie',
  lastName: 'Lefèvre',
  email: 'marie@example.com',
  password: 'secret1',
  phone: '+33 6 12 34 56 78',
  whatsapp: '06 12 34 56 79',
  phoneCountry: 'FR',
  residenceCountry: 'FR',
  presenceCountry: 'TH',
  practiceCountries: ['FR', 'TH'],
  yearsOfExperience: 12,
  graduationYear: 2010,
  specialties: ['immigration'],
  education: [{ title: 'Master 2 droit international', institution: 'Paris 1', year: 2010 }],
  languages: ['fr', 'en'],
  bio: BIO,
  profilePhoto: PHOTO,
  acceptedTerms: true,
  ...identity,
};

const expat: RegistrationInput = {
  firstName: 'Paul',
  lastName: 'Martin',
  email: 'paul@example.com',
  password: 'secret1',
  phone: '+66 81 234 5678',
  residenceCountry: 'TH',
  presenceCountry: 'TH',
  interventionCountry: 'TH',
  yearsAsExpat: 5,
  bio: BIO,
  profilePhoto: PHOTO,
  languages: ['fr', 'th'],
  helpTypes: ['housing_search'],
  acceptedTerms: true,
  ...identity,
};

describe('loginProblems', () => {
  it('asks for both fields at once when both are empty', () => {
    expect(loginProblems({ email: ' ', password: '' })).toEqual({
      form: 'email_password_required',
      fields: {},
    });
  });
  it('reports each field', () => {
    expect(loginProblems({ email: '', password: 'secret1' }).fields).toEqual({ email: 'email_required' });
    expect(loginProblems({ email: 'a b@c.fr', password: 'secret1' }).fields).toEqual({
      email: 'email_invalid',
    });
    expect(loginProblems({ email: 'a@b', password: 'secret1' }).fields.email).toBe('email_invalid');
    expect(loginProblems({ email: 'a@b.fr', password: '' }).fields).toEqual({
      password: 'password_required',
    });
    expect(loginProblems({ email: 'a@b.fr', password: '12345' }).fields).toEqual({
      password: 'password_too_short',
    });
  });
  it('normalises the e-mail before checking it (invisible spaces, case, blanks)', () => {
    const problems = loginProblems({ email: ' \u200BLea@Example.COM ', password: '123456' });
    expect(loginIsValid(problems)).toBe(true);
  });
});

describe('password strength', () => {
  it('client and expat scale: empty, very weak, weak, okay, good, very strong', () => {
    expect(passwordStrengthClient('')).toBe('empty');
    expect(passwordStrengthClient('abc')).toBe('very_weak');
    expect(passwordStrengthClient('abcdef')).toBe('weak');
    expect(passwordStrengthClient('abcdef12')).toBe('okay');
    expect(passwordStrengthClient('Abcdef12')).toBe('good');
    expect(passwordStrengthClient('Abcdef12!xyz')).toBe('very_strong');
  });
  it('lawyer scale: too short, weak, medium, good, excellent', () => {
    expect(passwordStrengthLawyer('')).toBe('too_short');
    expect(passwordStrengthLawyer('abcde')).toBe('too_short');
    expect(passwordStrengthLawyer('abcdef')).toBe('weak');
    expect(passwordStrengthLawyer('abcdef12')).toBe('medium');
    expect(passwordStrengthLawyer('Abcdef12')).toBe('good');
    expect(passwordStrengthLawyer('Abcdef12!xyz')).toBe('excellent');
  });
});

describe('phone numbers', () => {
  it('normalises to E.164 with the maintained numbering plans', () => {
    expect(toE164('+33 6 12 34 56 78')).toBe('+33612345678');
    expect(toE164('06 12 34 56 78', 'FR')).toBe('+33612345678');
    expect(toE164('06 12 34 56 78', 'fr')).toBe('+33612345678');
    expect(toE164('+1 415 555 2671')).toBe('+14155552671');
  });
  it('refuses numbers that are not valid for their country', () => {
    expect(toE164('06 12 34 56 78')).toBeUndefined(); // national without a country
    expect(toE164('+33 1')).toBeUndefined();
    expect(toE164('+33 6 12 34 56 78 90 12')).toBeUndefined();
    expect(toE164('hello')).toBeUndefined();
    expect(toE164('')).toBeUndefined();
  });
  it('splits an E.164 number into calling code and national number', () => {
    expect(splitE164('+33612345678')).toEqual({ countryCode: '+33', nationalNumber: '612345678' });
  });
});

describe('client registration', () => {
  it('accepts a complete form', () => {
    expect(registrationProblems('client', client)).toEqual({});
  });
  it.each([
    [{ firstName: '' }, 'firstName', 'required'],
    [{ firstName: ' L ' }, 'firstName', 'first_name_too_short'],
    [{ firstName: 'x'.repeat(81) }, 'firstName', 'too_long'],
    [{ email: '' }, 'email', 'email_required'],
    [{ email: 'lea@example' }, 'email', 'email_invalid'],
    [{ password: '' }, 'password', 'password_required'],
    [{ password: '12345' }, 'password', 'password_too_short'],
    [{ password: 'x'.repeat(257) }, 'password', 'too_long'],
    [{ languages: [] }, 'languages', 'languages_required'],
    [{ languages: ['klingon'] }, 'languages', 'language_invalid'],
    [{ acceptedTerms: false }, 'acceptedTerms', 'terms_required'],
    [{ phone: '12' }, 'phone', 'phone_invalid'],
    [{ whatsapp: '+33 1' }, 'whatsapp', 'phone_invalid'],
  ])('%o → %s: %s', (change, field, code) => {
    expect(registrationProblems('client', { ...client, ...change })).toEqual({ [field]: code });
  });
  it('counts a free "other" language as a language', () => {
    expect(registrationProblems('client', { ...client, languages: [], languageOther: 'Breton' })).toEqual({});
  });
  it('normalises e-mail and phone', () => {
    const out = normalizeRegistration('client', { ...client, phone: '06 12 34 56 78', phoneCountry: 'FR' });
    expect(out.email).toBe('lea@example.com');
    expect(out.phone).toBe('+33612345678');
    expect(out.firstName).toBe('Léa');
  });
});

describe('expat registration', () => {
  it('accepts a complete form', () => {
    expect(registrationProblems('expat', expat)).toEqual({});
  });
  it.each([
    [{ firstName: '' }, 'firstName', 'required'],
    [{ lastName: ' ' }, 'lastName', 'required'],
    [{ email: 'paul@' }, 'email', 'email_invalid'],
    [{ password: '123' }, 'password', 'password_too_short'],
    [{ phone: '' }, 'phone', 'required'],
    [{ phone: '081 234' }, 'phone', 'phone_invalid'],
    [{ residenceCountry: '' }, 'residenceCountry', 'required'],
    [{ presenceCountry: 'ZZ' }, 'presenceCountry', 'country_invalid'],
    [{ interventionCountry: '' }, 'interventionCountry', 'required'],
    [{ languages: [] }, 'languages', 'languages_required'],
    [{ helpTypes: [] }, 'helpTypes', 'help_types_required'],
    [{ helpTypes: ['flying'] }, 'helpTypes', 'value_invalid'],
    [{ bio: 'Trop court.' }, 'bio', 'bio_too_short'],
    [{ bio: '' }, 'bio', 'required'],
    [{ profilePhoto: '' }, 'profilePhoto', 'photo_required'],
    [{ profilePhoto: 'http://x/y.jpg' }, 'profilePhoto', 'photo_invalid'],
    [{ yearsAsExpat: 0 }, 'yearsAsExpat', 'years_abroad_min'],
    [{ yearsAsExpat: '' }, 'yearsAsExpat', 'required'],
    [{ yearsAsExpat: 1.5 }, 'yearsAsExpat', 'number_invalid'],
    [{ acceptedTerms: undefined }, 'acceptedTerms', 'terms_required'],
    [{ dateOfBirth: '' }, 'dateOfBirth', 'required'],
    [{ dateOfBirth: '12/04/1985' }, 'dateOfBirth', 'date_invalid'],
    [{ dateOfBirth: '1985-02-30' }, 'dateOfBirth', 'date_invalid'],
    [{ address: '' }, 'address', 'required'],
    [{ idNumber: '' }, 'idNumber', 'required'],
    [{ idDocument: '' }, 'idDocument', 'required'],
    [{ bankAccountNumber: '' }, 'bankAccountNumber', 'required'],
    [{ ifsc: '' }, 'ifsc', 'required'],
    [{ ifsc: 'SBIN1001234' }, 'ifsc', 'ifsc_invalid'],
    [{ ifsc: 'SBI00001234' }, 'ifsc', 'ifsc_invalid'],
  ])('%o → %s: %s', (change, field, code) => {
    expect(registrationProblems('expat', { ...expat, ...change })).toEqual({ [field]: code });
  });
  it('accepts years abroad as a numeric string and a free help type', () => {
    expect(
      registrationProblems('expat', { ...expat, yearsAsExpat: '3', helpTypes: [], helpTypeOther: 'Visas' }),
    ).toEqual({});
  });
  it('normalises IFSC, bank account and phone', () => {
    const out = normalizeRegistration('expat', expat);
    expect(out.ifsc).toBe('SBIN0001234');
    expect(out.bankAccountNumber).toBe('123456789012');
    expect(out.phone).toBe('+66812345678');
    expect(out.yearsAsExpat).toBe(5);
  });
});

describe('lawyer registration', () => {
  it('accepts a complete form', () => {
    expect(registrationProblems('lawyer', lawyer)).toEqual({});
  });
  it.each([
    [{ firstName: '' }, 'firstName', 'required'],
    [{ lastName: '' }, 'lastName', 'required'],
    [{ email: '' }, 'email', 'email_required'],
    [{ password: '' }, 'password', 'password_required'],
    [{ phone: '' }, 'phone', 'required'],
    [{ whatsapp: '' }, 'whatsapp', 'required'],
    [{ whatsapp: '0612' }, 'whatsapp', 'phone_invalid'],
    [{ residenceCountry: '' }, 'residenceCountry', 'required'],
    [{ presenceCountry: '' }, 'presenceCountry', 'required'],
    [{ practiceCountries: [] }, 'practiceCountries', 'practice_countries_required'],
    [{ practiceCountries: ['XX'] }, 'practiceCountries', 'country_invalid'],
    [{ specialties: [] }, 'specialties', 'specialties_required'],
    [{ education: [] }, 'education', 'education_required'],
    [{ education: [{ title: ' ' }] }, 'education', 'education_required'],
    [{ education: [{ title: 'Master', year: 1800 }] }, 'education', 'year_invalid'],
    [{ languages: [] }, 'languages', 'languages_required'],
    [{ bio: 'x'.repeat(49) }, 'bio', 'bio_too_short'],
    [{ profilePhoto: undefined }, 'profilePhoto', 'photo_required'],
    [{ acceptedTerms: 'yes' }, 'acceptedTerms', 'terms_required'],
    [{ dateOfBirth: '2999-01-01' }, 'dateOfBirth', 'date_invalid'],
    [{ ifsc: 'SBIN000123' }, 'ifsc', 'ifsc_invalid'],
    [{ yearsOfExperience: -1 }, 'yearsOfExperience', 'number_invalid'],
    [{ graduationYear: 3000 }, 'graduationYear', 'year_invalid'],
  ])('%o → %s: %s', (change, field, code) => {
    expect(registrationProblems('lawyer', { ...lawyer, ...change })).toEqual({ [field]: code });
  });
  it('accepts a free practice country and a free specialty', () => {
    expect(
      registrationProblems('lawyer', {
        ...lawyer,
        practiceCountries: [],
        practiceCountryOther: 'Zanzibar',
        specialties: [],
        specialtyOther: 'Droit maritime',
      }),
    ).toEqual({});
  });
  it('drops empty education entries and normalises the WhatsApp number with the phone country', () => {
    const out = normalizeRegistration('lawyer', {
      ...lawyer,
      education: [{ title: '' }, ...(lawyer.education as object[])],
    });
    expect(out.education).toEqual([
      { title: 'Master 2 droit international', institution: 'Paris 1', year: 2010 },
    ]);
    expect(out.whatsapp).toBe('+33612345679');
  });
});

describe('birth dates', () => {
  it('needs a real past date written YYYY-MM-DD', () => {
    expect(isValidBirthDate('2000-02-29')).toBe(true);
    expect(isValidBirthDate('2001-02-29')).toBe(false);
    expect(isValidBirthDate('1850-01-01')).toBe(false);
    expect(isValidBirthDate('2000-1-1')).toBe(false);
  });
});

describe('profile update', () => {
  it('lists exactly the whitelist of spec section 5', () => {
    expect([...PROFILE_UPDATE_FIELDS].sort()).toEqual(
      [
        'firstName',
        'lastName',
        'fullName',
        'displayName',
        'profilePhoto',
        'photoURL',
        'avatar',
        'phone',
        'phoneNumber',
        'phoneCountryCode',
        'whatsapp',
        'whatsappNumber',
        'whatsappCountryCode',
        'languages',
        'languagesSpoken',
        'bio',
        'description',
      ].sort(),
    );
  });
  it('checks only the fields present', () => {
    expect(profileUpdateProblems({})).toEqual({});
    expect(profileUpdateProblems({ bio: 'Bonjour', phone: '+33612345678' })).toEqual({});
    expect(profileUpdateProblems({ firstName: '' })).toEqual({ firstName: 'required' });
    expect(profileUpdateProblems({ phone: '+33 1' })).toEqual({ phone: 'phone_invalid' });
    expect(profileUpdateProblems({ languages: [] })).toEqual({ languages: 'languages_required' });
    expect(profileUpdateProblems({ profilePhoto: `/api/photos/${PHOTO}` })).toEqual({});
    expect(profileUpdateProblems({ profilePhoto: 'https://evil.example/x.png' })).toEqual({
      profilePhoto: 'photo_invalid',
    });
    expect(profileUpdateProblems({ phoneCountryCode: '33' })).toEqual({ phoneCountryCode: 'value_invalid' });
  });
});
