import { describe, expect, it } from 'vitest';
import {
  applyFilterChange,
  listingSearch,
  parseListingParams,
} from '../../src/features/catalogue/listing-params';
import { pageWindow } from '../../src/ui/pagination';
import { providerPath, routes } from '../../src/config/paths';

describe('listing state in the URL', () => {
  it('applies a control’s change to the filters as they are now, not as they were rendered', () => {
    const rendered = {};
    // "Lawyer" tapped, and the language picked before the page rendered the first tap.
    const live = applyFilterChange({}, rendered, { role: 'lawyer' as const });
    expect(applyFilterChange(live, rendered, { language: 'fr' })).toEqual({ role: 'lawyer', language: 'fr' });
    // A control that clears what it shows clears it, and leaves the rest.
    const shown = { role: 'lawyer' as const, country: 'ES' };
    expect(applyFilterChange({ ...shown, online: true }, shown, { role: 'lawyer' })).toEqual({
      role: 'lawyer',
      online: true,
    });
    // "Reset" clears what it was shown; a filter set since stays.
    expect(applyFilterChange({ ...shown, language: 'de' }, shown, {})).toEqual({ language: 'de' });
    expect(applyFilterChange(shown, shown, shown)).toEqual(shown);
  });

  it('reads known filters and ignores malformed ones', () => {
    expect(
      parseListingParams(new URLSearchParams('type=lawyer&country=ES&language=ru&status=online&page=3')),
    ).toEqual({
      filter: { role: 'lawyer', country: 'ES', language: 'ru', online: true },
      page: 3,
    });
    expect(
      parseListingParams(new URLSearchParams('type=admin&country=spain&language=it&status=x&page=-2')),
    ).toEqual({
      filter: {},
      page: 1,
    });
  });

  it('round-trips', () => {
    const state = { filter: { role: 'expat' as const, online: false }, page: 2 };
    expect(parseListingParams(listingSearch(state))).toEqual(state);
    expect(listingSearch({ filter: {}, page: 1 }).toString()).toBe('');
  });
});

describe('pagination', () => {
  it('shows the first, the last and the neighbours of the current page', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 6)).toEqual([1, 2, 'gap', 6]);
    expect(pageWindow(4, 9)).toEqual([1, 'gap', 3, 4, 5, 'gap', 9]);
    expect(pageWindow(9, 9)).toEqual([1, 'gap', 8, 9]);
  });
});

describe('route table', () => {
  it('has every public route and alias of the spec once', () => {
    const all = routes.flatMap((r) => [r.path, ...r.aliases]);
    expect(new Set(all).size).toBe(all.length);
    for (const path of [
      '/',
      '/login',
      '/register',
      '/register/client',
      '/register/lawyer',
      '/register/expat',
      '/password-reset',
      '/tarifs',
      '/pricing',
      '/contact',
      '/how-it-works',
      '/faq',
      '/centre-aide',
      '/testimonials',
      '/temoignages',
      '/terms-clients',
      '/cgu-clients',
      '/conditions-generales-clients',
      '/terms-lawyers',
      '/cgu-avocats',
      '/terms-expats',
      '/cgu-expatries',
      '/privacy-policy',
      '/politique-confidentialite',
      '/cookies',
      '/consumers',
      '/consommateurs',
      '/seo',
      '/referencement',
      '/statut-service',
      '/sos-appel',
      '/appel-expatrie',
      '/providers',
      '/provider/:id',
    ]) {
      expect(all).toContain(path);
    }
  });

  it('gives lawyers and expats their canonical profile URL', () => {
    expect(
      providerPath({ role: 'lawyer', country: 'ES', languages: ['es', 'fr'], slug: 'ana-lopez-001' }),
    ).toBe('/avocat/es/es/ana-lopez-001');
    expect(providerPath({ role: 'expat', country: 'TH', languages: ['fr'], slug: 'paul-m-002' })).toBe(
      '/expatrie/th/fr/paul-m-002',
    );
  });
});
