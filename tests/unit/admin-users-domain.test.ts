/**
 * The pure rules behind the admin users screens: what an account can be searched by (names, e-mail,
 * phone as typed), what a search means, the copy of the user record's fields on the account, the
 * test profile form's checks, and that test profiles are listed in the directory but never counted
 * in its public figures.
 */
import { describe, expect, it } from 'vitest';
import {
  accountSearchTokens,
  matchesAccountSearch,
  parseAccountSearch,
  profileListing,
  sortNameOf,
} from '../../src/domain/account-index';
import type { Provider } from '../../src/domain/provider';
import { selectPage } from '../../src/domain/provider-filter';
import { parseTestProfile } from '../../src/domain/test-profile';

const account = {
  firstName: 'Zoé',
  lastName: 'Le Fèvre',
  displayName: 'Zoé Le Fèvre',
  emailLower: 'zoe.lefevre@example.org',
  listing: { phone: '+33698765432' },
};

describe('account search', () => {
  it('indexes names without case or accents, the e-mail, and the phone in the forms people type it', () => {
    const tokens = accountSearchTokens(account);
    expect(tokens).toEqual(
      expect.arrayContaining([
        'zoe',
        'le',
        'fevre',
        'zoe.lefevre@example.org',
        'lefevre',
        '33698765432',
        '698765432',
        '0698765432',
      ]),
    );
    expect(tokens).toEqual([...new Set(tokens)].sort());
    expect(sortNameOf(account)).toBe('zoe le fevre');
  });

  it('reads a query as an address, a phone number or words, and matches every word', () => {
    expect(parseAccountSearch('Zoe.Lefevre@Example.org')).toEqual({
      range: 'zoe.lefevre@example.org',
      all: ['zoe.lefevre@example.org'],
    });
    expect(parseAccountSearch('+33 6 98 76')).toEqual({ range: '3369876', all: ['3369876'] });
    expect(parseAccountSearch('0033 6 98')).toEqual({ range: '33698', all: ['33698'] });
    expect(parseAccountSearch('06.98.76')).toEqual({ range: '069876', all: ['069876'] });
    expect(parseAccountSearch('  Zoé   fèv ')).toEqual({ range: 'zoe', all: ['zoe', 'fev'] });
    expect(parseAccountSearch(' -- ')).toBeUndefined();
    const tokens = accountSearchTokens(account);
    expect(matchesAccountSearch(tokens, parseAccountSearch('zoe fev')!)).toBe(true);
    expect(matchesAccountSearch(tokens, parseAccountSearch('zoe martin')!)).toBe(false);
  });

  it('copies the phone, the country (residence, else the phone’s) and the languages of the record', () => {
    expect(profileListing({ phone: '+41791234567', languages: ['fr'] })).toEqual({
      phone: '+41791234567',
      country: 'CH',
      languages: ['fr'],
    });
    expect(profileListing({ phone: '+41791234567', residenceCountry: 'PT', languages: [] })).toEqual({
      phone: '+41791234567',
      country: 'PT',
    });
    expect(profileListing({})).toEqual({});
  });
});

describe('test profiles', () => {
  it('checks the form field by field', () => {
    expect(
      parseTestProfile({
        role: 'lawyer',
        firstName: 'Test',
        lastName: 'A',
        country: 'de',
        languages: ['de'],
      }),
    ).toEqual({
      value: {
        role: 'lawyer',
        firstName: 'Test',
        lastName: 'A',
        country: 'DE',
        languages: ['de'],
        specialties: [],
        online: false,
      },
    });
    expect(
      parseTestProfile({
        role: 'expat',
        firstName: 'T',
        lastName: 'A',
        country: 'DE',
        languages: ['de'],
        specialties: ['immigration'],
      }).problems,
    ).toEqual({
      specialties: 'value_invalid',
    });
    expect(parseTestProfile(null).problems).toMatchObject({
      role: 'required',
      firstName: 'required',
      country: 'required',
    });
  });

  it('are listed in the directory but never counted in its public figures', () => {
    const provider = (id: string, isTestProfile?: true): Provider => ({
      id,
      type: 'provider',
      role: 'lawyer',
      profession: 'lawyer',
      fullName: id,
      slug: id,
      profilePhoto: '/default-avatar.png',
      country: 'DE',
      languages: ['de'],
      specialties: [],
      yearsOfExperience: 1,
      rating: 5,
      reviewCount: 0,
      isActive: true,
      isOnline: true,
      availability: 'available',
      isVisible: true,
      isVerified: true,
      listOrder: 0,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
      ...(isTestProfile ? { isTestProfile } : {}),
    });
    const directory = [provider('real-1'), provider('test-1', true), provider('real-2')];
    const page = selectPage(directory, { online: true }, 1, 2);
    expect(page.providers.map((p) => p.id)).toEqual(['real-1', 'test-1']);
    expect(page.total).toBe(2);
    expect(page.listed).toBe(3);
    expect(selectPage(directory, { online: true }, 2, 2).providers.map((p) => p.id)).toEqual(['real-2']);
  });
});
