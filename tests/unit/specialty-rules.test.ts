/**
 * What a provider may publish as specialties (security review, issue 11 item 8): codes of their
 * role's list only, plus one "other" text in their own words that follows a strict rule, the same
 * at registration, in the gateway's check of a pushed record and at publication.
 */
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../src/domain/mine';
import { OTHER_TEXT_MAX_LENGTH, normalizeOtherText, otherTextProblem } from '../../src/domain/other-text';
import { profileCodesRefusal } from '../../src/domain/profile-codes';
import { publicProfileFields, withPublicFields } from '../../src/domain/public-profile';
import { registrationProblems } from '../../src/domain/registration';
import { isSpecialtyOf } from '../../src/domain/specialties';

describe('the "other" text rule', () => {
  it.each([
    'Droit maritime',
    'Droit du sport (football)',
    'Fiscalité franco-suisse, successions',
    'Право на жительство',
    'Familienrecht & Erbrecht',
    'U.S. tax returns',
    'Aide aux démarches d’adoption',
    'ab',
    'a'.repeat(OTHER_TEXT_MAX_LENGTH),
  ])('accepts %j', (text) => {
    expect(otherTextProblem(text)).toBeUndefined();
  });

  it.each([
    ['markup', '<b>Best lawyer</b>'],
    ['a script', '<script>alert(1)</script>'],
    ['a URL', 'see https://evil.example'],
    ['a bare domain', 'call me on evil.example'],
    ['a www address', 'www.lawyer-ads'],
    ['an e-mail address', 'me@example.com'],
    ['a control character', 'Droit\u0000maritime'],
    ['a line break', 'Droit\nmaritime'],
    ['too long', 'a'.repeat(OTHER_TEXT_MAX_LENGTH + 1)],
    ['too short', 'a'],
    ['no letter', '12 34'],
    ['quotes and braces', 'Droit "maritime" {x}'],
  ])('refuses %s', (_what, text) => {
    expect(otherTextProblem(text)).toBe('other_text_invalid');
  });

  it('counts nothing (empty or spaces only) as no text, and trims what it measures', () => {
    expect(otherTextProblem(undefined)).toBeUndefined();
    expect(otherTextProblem('')).toBeUndefined();
    expect(otherTextProblem('   ')).toBeUndefined();
    expect(otherTextProblem(`  ${'a'.repeat(OTHER_TEXT_MAX_LENGTH)}  `)).toBeUndefined();
    expect(otherTextProblem(42)).toBe('other_text_invalid');
    expect(normalizeOtherText('  Droit \u00a0  maritime ')).toBe('Droit maritime');
  });
});

describe('the lists of each role', () => {
  it('knows a lawyer’s specialties and an expat’s help domains apart', () => {
    expect(isSpecialtyOf('lawyer', 'immigration')).toBe(true);
    expect(isSpecialtyOf('expat', 'immigration')).toBe(false);
    expect(isSpecialtyOf('expat', 'housing_search')).toBe(true);
    expect(isSpecialtyOf('lawyer', 'Best lawyer in town')).toBe(false);
  });
});

describe('registration rules', () => {
  const lawyer = {
    practiceCountries: ['FR'],
    languages: ['fr'],
    specialties: ['immigration'],
  };

  it('reports a bad "other" text on its own field, for every list with one', () => {
    const problems = registrationProblems('lawyer', {
      ...lawyer,
      specialtyOther: '<i>x</i>',
      practiceCountryOther: 'https://x.example',
      languageOther: 'a'.repeat(OTHER_TEXT_MAX_LENGTH + 1),
    });
    expect(problems).toMatchObject({
      specialtyOther: 'other_text_invalid',
      practiceCountryOther: 'other_text_invalid',
      languageOther: 'other_text_invalid',
    });
    expect(problems).not.toHaveProperty('specialties');
    expect(registrationProblems('expat', { helpTypes: [], helpTypeOther: 'www.ads.example' })).toMatchObject({
      helpTypeOther: 'other_text_invalid',
    });
  });

  it('refuses a code outside the role’s list', () => {
    expect(registrationProblems('lawyer', { ...lawyer, specialties: ['housing_search'] })).toMatchObject({
      specialties: 'value_invalid',
    });
    expect(registrationProblems('expat', { helpTypes: ['immigration'] })).toMatchObject({
      helpTypes: 'value_invalid',
    });
  });
});

const record: Record<string, unknown> = {
  role: 'lawyer',
  specialties: ['immigration'],
  practiceCountries: ['FR'],
  languages: ['fr'],
  residenceCountry: 'FR',
};

describe('the gateway’s check of a pushed record', () => {
  it('accepts codes of the lists and a valid "other" text', () => {
    const doc = {
      ...record,
      specialties: ['immigration', 'tax_law'],
      specialtyOther: 'Droit maritime',
      helpTypes: ['housing_search'],
      practiceCountries: ['FR', 'PT'],
      languages: ['fr', 'pt'],
      residenceCountry: 'PT',
    };
    expect(profileCodesRefusal(doc, record)).toBeUndefined();
  });

  it.each([
    [{ specialties: ['immigration', 'Best lawyer in town'] }, 'specialties'],
    [{ specialties: ['housing_search'] }, 'specialties'],
    [{ helpTypes: ['<b>x</b>'] }, 'helpTypes'],
    [{ helpTypes: ['immigration'] }, 'helpTypes'],
    [{ practiceCountries: ['FR', 'ZZ'] }, 'practiceCountries'],
    [{ languages: ['fr', 'xx'] }, 'languages'],
    [{ languagesSpoken: ['xx'] }, 'languagesSpoken'],
    [{ residenceCountry: 'ZZ' }, 'residenceCountry'],
    [{ presenceCountry: 'QQ' }, 'presenceCountry'],
    [{ specialtyOther: '<script>x</script>' }, 'specialtyOther'],
    [{ helpTypeOther: 'https://evil.example' }, 'helpTypeOther'],
    [{ languageOther: 'a'.repeat(OTHER_TEXT_MAX_LENGTH + 1) }, 'languageOther'],
    [{ practiceCountryOther: 'x' }, 'practiceCountryOther'],
  ])('refuses %o', (change, field) => {
    expect(profileCodesRefusal({ ...record, ...change }, record)).toContain(field);
  });

  it('leaves alone what the server already holds, so an old record can still be edited', () => {
    const legacy = {
      ...record,
      specialties: ['immigration', 'Old free text'],
      specialtyOther: 'x'.repeat(100),
    };
    expect(profileCodesRefusal({ ...legacy, bio: 'Une nouvelle présentation.' }, legacy)).toBeUndefined();
    // Dropping an old code is a change that brings nothing new: accepted.
    expect(profileCodesRefusal({ ...legacy, specialties: ['immigration'] }, legacy)).toBeUndefined();
    // Clearing the "other" text too.
    expect(profileCodesRefusal({ ...legacy, specialtyOther: '' }, legacy)).toBeUndefined();
    // But nothing new outside the list gets in next to them.
    expect(
      profileCodesRefusal({ ...legacy, specialties: [...legacy.specialties, 'More free text'] }, legacy),
    ).toContain('specialties');
  });
});

const base: Profile = {
  id: 'profile',
  type: 'profile',
  uid: 'u1',
  role: 'lawyer',
  email: 'lea@example.test',
  preferredLanguage: 'fr',
  firstName: 'Léa',
  displayName: 'Léa',
  languages: ['fr'],
  isApproved: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('publication', () => {
  it('never publishes a code outside the role’s list, whatever is stored', () => {
    const fields = publicProfileFields({
      ...base,
      specialties: ['immigration', 'Best lawyer in town', 'housing_search', 'immigration'],
      practiceCountries: ['FR', 'ZZ'],
    });
    expect(fields.specialties).toEqual(['immigration']);
    expect(fields.practiceCountries).toEqual(['FR']);
    const expat = publicProfileFields({
      ...base,
      role: 'expat',
      helpTypes: ['relocation', 'tax_law', '<b>'],
    });
    expect(expat.specialties).toEqual(['relocation']);
  });

  it('publishes the role’s valid "other" text as the provider’s own words, normalised', () => {
    expect(publicProfileFields({ ...base, specialtyOther: '  Droit   maritime ' }).specialtyOther).toBe(
      'Droit maritime',
    );
    expect(
      publicProfileFields({
        ...base,
        role: 'expat',
        helpTypeOther: 'Aide à l’adoption',
        specialtyOther: 'Non',
      }).specialtyOther,
    ).toBe('Aide à l’adoption');
    expect(publicProfileFields({ ...base, specialtyOther: '<b>x</b>' })).not.toHaveProperty('specialtyOther');
    expect(publicProfileFields({ ...base, specialtyOther: 'x'.repeat(100) })).not.toHaveProperty(
      'specialtyOther',
    );
  });

  it('unpublishes an "other" text the record no longer gives', () => {
    const published = { fullName: 'Léa', specialties: ['immigration'], specialtyOther: 'Droit maritime' };
    expect(
      withPublicFields(published, publicProfileFields({ ...base, specialtyOther: '' })),
    ).not.toHaveProperty('specialtyOther');
    expect(
      withPublicFields(published, publicProfileFields({ ...base, specialtyOther: 'Droit du sport' })),
    ).toMatchObject({ specialtyOther: 'Droit du sport' });
  });
});
