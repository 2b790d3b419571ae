import { describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR } from '../../src/domain/constants';
import type { Profile } from '../../src/domain/mine';
import { publicProfileFields } from '../../src/domain/public-profile';

const base: Profile = {
  id: 'profile',
  type: 'profile',
  uid: 'u1',
  role: 'lawyer',
  email: 'lea@example.test',
  preferredLanguage: 'fr',
  firstName: 'Léa',
  lastName: 'Martin',
  displayName: 'Léa Martin',
  phone: '+33612345678',
  languages: ['fr', 'pt', 'en', 'fr'],
  isApproved: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('publicProfileFields', () => {
  it('keeps public fields only, languages among the five public ones', () => {
    const fields = publicProfileFields({
      ...base,
      bio: '  Une présentation.  ',
      barNumber: 'B-1',
      specialties: ['family_law', 'family_law', 'tax_law'],
      practiceCountries: ['PT'],
      presenceCountry: 'ES',
      yearsOfExperience: 12,
      education: [{ title: 'Master', institution: 'Lisbonne', year: 2010 }, { title: 'Sans école' }],
    });
    expect(fields).toEqual({
      fullName: 'Léa Martin',
      bio: 'Une présentation.',
      languages: ['fr', 'en'],
      specialties: ['family_law', 'tax_law'],
      practiceCountries: ['PT'],
      country: 'ES',
      yearsOfExperience: 12,
      education: [{ title: 'Master', institution: 'Lisbonne', year: 2010 }],
    });
  });

  it('prefers the residence country, gives expats their help types as specialties', () => {
    const fields = publicProfileFields({
      ...base,
      role: 'expat',
      residenceCountry: 'TH',
      presenceCountry: 'ES',
      helpTypes: ['housing_search'],
      specialties: ['immigration'],
      yearsAsExpat: 4,
    });
    expect(fields).toMatchObject({ country: 'TH', specialties: ['housing_search'], yearsAsExpat: 4 });
  });

  it('leaves out what the profile does not give, and an emptied photo becomes the default one', () => {
    const fields = publicProfileFields({ ...base, languages: ['pt'], profilePhoto: '' });
    expect(fields).not.toHaveProperty('languages');
    expect(fields).not.toHaveProperty('country');
    expect(fields.profilePhoto).toBe(DEFAULT_AVATAR);
    expect(Object.keys(fields)).not.toContain('phone');
  });
});
