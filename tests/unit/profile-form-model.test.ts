import { describe, expect, it } from 'vitest';
import { formOf, nextProfile, problemsOf } from '../../src/features/dashboard/profile-form-model';
import type { Profile } from '../../src/domain/mine';

const NOW = '2026-11-22T10:00:00.000Z';

const lawyer: Profile = {
  id: 'profile',
  type: 'profile',
  uid: 'u-lawyer',
  role: 'lawyer',
  email: 'ines@example.test',
  preferredLanguage: 'fr',
  firstName: 'Inès',
  lastName: 'Moreau',
  fullName: 'Inès Moreau',
  displayName: 'Inès Moreau',
  phone: '+33612345678',
  whatsapp: '+33698765432',
  languages: ['fr', 'en'],
  bio: 'Avocate en droit des étrangers à Lisbonne depuis quinze ans, je conseille les expatriés.',
  residenceCountry: 'PT',
  presenceCountry: 'PT',
  practiceCountries: ['PT', 'FR'],
  specialties: ['immigration'],
  yearsOfExperience: 15,
  graduationYear: 2008,
  education: [{ title: 'Master droit international', institution: 'Paris 1', year: 2008 }],
  isApproved: true,
  createdAt: NOW,
  updatedAt: NOW,
} as Profile;

describe('the profile form model', () => {
  it('gives back the same record when nothing is changed', () => {
    const next = nextProfile(lawyer, formOf(lawyer, 'FR'), NOW);
    expect(next).toMatchObject({
      firstName: 'Inès',
      lastName: 'Moreau',
      fullName: 'Inès Moreau',
      phone: '+33612345678',
      languages: ['fr', 'en'],
      bio: lawyer.bio,
      practiceCountries: ['PT', 'FR'],
      specialties: ['immigration'],
      yearsOfExperience: 15,
      graduationYear: 2008,
      education: [{ title: 'Master droit international', institution: 'Paris 1', year: 2008 }],
      isApproved: true,
    });
  });

  it('writes a phone typed in national form as E.164, with its parts', () => {
    const form = { ...formOf(lawyer, 'FR'), phone: '06 98 76 54 32', phoneCountry: 'FR' };
    expect(nextProfile(lawyer, form, NOW)).toMatchObject({
      phone: '+33698765432',
      phoneCountryCode: '+33',
      phoneNumber: '698765432',
    });
  });

  it('never gives a client the professional fields', () => {
    const client = { ...lawyer, role: 'client', bio: undefined, specialties: undefined } as Profile;
    const form = { ...formOf(client, 'FR'), bio: 'Un texte', specialties: ['tax'] };
    const next = nextProfile(client, form, NOW);
    expect(next.bio).toBeUndefined();
    expect(next.specialties).toBeUndefined();
  });

  it('applies the registration rules of the role to the fields it shows', () => {
    const form = { ...formOf(lawyer, 'FR'), specialties: [], firstName: '' };
    const problems = problemsOf(lawyer, form);
    expect(Object.keys(problems)).toEqual(expect.arrayContaining(['specialties', 'firstName']));
    expect(problemsOf(lawyer, formOf(lawyer, 'FR'))).toEqual({});
  });
});

describe('the specialties of the profile form', () => {
  it('edits the "other" text and checks it with the shared rule', () => {
    const form = { ...formOf(lawyer, 'FR'), specialtyOther: '  Droit   maritime ' };
    expect(problemsOf(lawyer, form)).toEqual({});
    expect(nextProfile(lawyer, form, NOW).specialtyOther).toBe('Droit maritime');
    expect(problemsOf(lawyer, { ...form, specialtyOther: 'www.avocat.example' })).toEqual({
      specialtyOther: 'other_text_invalid',
    });
    expect(nextProfile(lawyer, { ...form, specialtyOther: ' ' }, NOW)).not.toHaveProperty('specialtyOther');
  });

  it('leaves out codes outside the list, which the pickers cannot show, so a save drops them', () => {
    const legacy = { ...lawyer, specialties: ['immigration', 'Old free text'] } as Profile;
    const form = formOf(legacy, 'FR');
    expect(form.specialties).toEqual(['immigration']);
    expect(problemsOf(legacy, form)).toEqual({});
    expect(nextProfile(legacy, form, NOW).specialties).toEqual(['immigration']);
  });
});
