import { describe, expect, it } from 'vitest';
import {
  CHECKLIST,
  FIELD_ORDER,
  checklistState,
  emptyForm,
  formProblems,
  toRegistration,
} from '../../src/features/register/provider-form-model';
import type { ProviderForm, ProviderRole } from '../../src/features/register/provider-form-model';

const PHOTO_ID = 'a'.repeat(32);
const DOCUMENT_ID = 'b'.repeat(32);

function completeForm(role: ProviderRole): ProviderForm {
  const form = emptyForm();
  return {
    ...form,
    firstName: 'Camille',
    lastName: 'Moreau',
    email: ' Camille.Moreau@Example.com ',
    password: 'Avocat-2025',
    phoneCountry: 'FR',
    phone: '06 12 34 56 78',
    residenceCountry: 'TH',
    presenceCountry: 'TH',
    languages: ['fr', 'en'],
    bio: 'Avocate installée à Bangkok, j’accompagne les expatriés francophones dans leurs démarches.',
    profilePhoto: PHOTO_ID,
    dateOfBirth: '1984-03-17',
    address: '12 Sukhumvit Soi 11, Bangkok',
    idNumber: 'ABCDE1234F',
    idDocument: DOCUMENT_ID,
    bankAccountNumber: '1234 5678 9012',
    ifsc: 'sbin0001234',
    acceptedTerms: true,
    ...(role === 'lawyer'
      ? {
          whatsapp: '+66 81 234 5678',
          practiceCountries: ['FR'],
          specialties: ['immigration'],
          yearsOfExperience: '12',
          graduationYear: '2009',
          education: [
            { key: 'e1', title: 'Master 2 Droit international', institution: 'Paris 1', year: '2009' },
          ],
        }
      : { interventionCountry: 'TH', yearsAsExpat: '9', helpTypes: ['housing_search'] }),
  };
}

describe.each(['lawyer', 'expat'] as const)('the %s registration form', (role) => {
  it('shows every rule of an empty form on a field of the screen, so a refused send can focus it', () => {
    const problems = formProblems(role, emptyForm());
    expect(Object.keys(problems).length).toBeGreaterThan(10);
    for (const field of Object.keys(problems)) expect(FIELD_ORDER[role]).toContain(field);
  });

  it('counts every field of the screen in one part of the checklist', () => {
    const counted = CHECKLIST[role].flatMap((part) => part.fields);
    expect([...counted].sort()).toEqual([...FIELD_ORDER[role]].sort());
  });

  it('finds nothing to fix in a complete form and ticks every part', () => {
    const problems = formProblems(role, completeForm(role));
    expect(problems).toEqual({});
    expect(checklistState(role, problems).every((part) => part.done)).toBe(true);
  });

  it('ticks a part only once all its fields hold', () => {
    const form = { ...completeForm(role), lastName: '' };
    const parts = checklistState(role, formProblems(role, form));
    expect(parts.find((part) => part.key === 'name')?.done).toBe(false);
    expect(parts.find((part) => part.key === 'account')?.done).toBe(true);
  });

  it('sends the registration normalised: e-mail, phone in E.164, IFSC in capitals', () => {
    const registration = toRegistration(role, completeForm(role));
    expect(registration).toMatchObject({
      email: 'camille.moreau@example.com',
      phone: '+33612345678',
      ifsc: 'SBIN0001234',
      bankAccountNumber: '123456789012',
      profilePhoto: PHOTO_ID,
      idDocument: DOCUMENT_ID,
    });
  });
});

describe('role-specific rules', () => {
  it('asks a lawyer for WhatsApp, a practice country, a specialty and a diploma', () => {
    const form = {
      ...completeForm('lawyer'),
      whatsapp: '',
      practiceCountries: [],
      specialties: [],
      education: [{ key: 'e1', title: '', institution: 'Paris 1', year: '' }],
    };
    expect(formProblems('lawyer', form)).toEqual({
      whatsapp: 'required',
      practiceCountries: 'practice_countries_required',
      specialties: 'specialties_required',
      education: 'education_required',
    });
  });

  it('takes a free "other" text instead of a choice in the list', () => {
    const form = { ...completeForm('lawyer'), specialties: [], specialtyOther: 'Droit maritime' };
    expect(formProblems('lawyer', form)).toEqual({});
    expect(toRegistration('lawyer', form)).toMatchObject({
      specialties: [],
      specialtyOther: 'Droit maritime',
    });
  });

  it('shows a bad "other" text on its own field, where a refused send puts the focus', () => {
    const form = { ...completeForm('lawyer'), specialtyOther: '<b>Droit</b> maritime' };
    const problems = formProblems('lawyer', form);
    expect(problems).toEqual({ specialtyOther: 'other_text_invalid' });
    expect(FIELD_ORDER.lawyer.find((field) => problems[field])).toBe('specialtyOther');
    expect(checklistState('lawyer', problems).find((part) => part.key === 'specialties')?.done).toBe(false);
    const expat = { ...completeForm('expat'), helpTypeOther: 'https://visa.example' };
    expect(FIELD_ORDER.expat.find((field) => formProblems('expat', expat)[field])).toBe('helpTypeOther');
  });

  it('drops empty diploma rows and keeps the year as a number', () => {
    const form = completeForm('lawyer');
    form.education = [...form.education, { key: 'e2', title: '', institution: '', year: '' }];
    expect(toRegistration('lawyer', form).education).toEqual([
      { title: 'Master 2 Droit international', institution: 'Paris 1', year: 2009 },
    ]);
  });

  it('wants at least one year abroad from an expat', () => {
    expect(formProblems('expat', { ...completeForm('expat'), yearsAsExpat: '0' })).toEqual({
      yearsAsExpat: 'years_abroad_min',
    });
  });
});
