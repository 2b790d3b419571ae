import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BOOKING_DESCRIPTION_MAX,
  BOOKING_LANGUAGES_MAX,
  BOOKING_NAME_MAX,
  BOOKING_OTHER_COUNTRY_MAX,
  BOOKING_TITLE_MAX,
  OTHER_COUNTRY,
  bookingProblems,
  normalizeBooking,
} from '../../src/domain/booking';
import type { BookingRequest } from '../../src/domain/booking';
import { BOOKING_DESCRIPTION_MIN_LENGTH, BOOKING_TITLE_MIN_LENGTH } from '../../src/domain/constants';
import { clearBookingDraft, readBookingDraft, saveBookingDraft } from '../../src/data/booking-draft';
import {
  charactersMissing,
  draftOfForm,
  emptyBookingForm,
  finalDraft,
  firstProblem,
  formFromDraft,
  formProblems,
  phoneParts,
  phoneValue,
  prefillForm,
} from '../../src/features/booking/booking-form-model';
import type { BookingForm } from '../../src/features/booking/booking-form-model';

const PROVIDER_LANGUAGES = ['fr', 'en'];

const valid: BookingRequest = {
  firstName: 'Amélie',
  lastName: 'Durand',
  nationality: 'FR',
  interventionCountry: 'TH',
  title: 'Visa refusé à Bangkok',
  description: "Mon visa de travail a été refusé hier et je dois quitter le pays d'ici dix jours.",
  languages: ['fr'],
  phone: '+33612345678',
  acceptedTerms: true,
};

const problemsOf = (changes: Partial<Record<keyof BookingRequest, unknown>>) =>
  bookingProblems({ ...valid, ...changes }, PROVIDER_LANGUAGES);

describe('booking request rules', () => {
  it('accepts a complete request', () => {
    expect(bookingProblems(valid, PROVIDER_LANGUAGES)).toEqual({});
  });

  it('names every missing field of an empty request', () => {
    expect(bookingProblems({}, PROVIDER_LANGUAGES)).toEqual({
      firstName: 'required',
      lastName: 'required',
      title: 'required',
      description: 'required',
      nationality: 'required',
      interventionCountry: 'required',
      languages: 'languages_required',
      phone: 'required',
      acceptedTerms: 'terms_required',
    });
  });

  it('requires first and last name, blanks counting as empty, within the length limit', () => {
    expect(problemsOf({ firstName: '   ' })).toEqual({ firstName: 'required' });
    expect(problemsOf({ lastName: '' })).toEqual({ lastName: 'required' });
    expect(problemsOf({ firstName: 42 })).toEqual({ firstName: 'required' });
    expect(problemsOf({ firstName: 'a'.repeat(BOOKING_NAME_MAX) })).toEqual({});
    expect(problemsOf({ lastName: 'a'.repeat(BOOKING_NAME_MAX + 1) })).toEqual({ lastName: 'too_long' });
  });

  it('wants a title of at least 10 characters, spaces around not counted', () => {
    expect(BOOKING_TITLE_MIN_LENGTH).toBe(10);
    expect(problemsOf({ title: '' })).toEqual({ title: 'required' });
    expect(problemsOf({ title: 'a'.repeat(9) })).toEqual({ title: 'title_too_short' });
    expect(problemsOf({ title: `   ${'a'.repeat(9)}   ` })).toEqual({ title: 'title_too_short' });
    expect(problemsOf({ title: 'a'.repeat(10) })).toEqual({});
    expect(problemsOf({ title: 'a'.repeat(BOOKING_TITLE_MAX + 1) })).toEqual({ title: 'too_long' });
  });

  it('wants a description of at least 50 characters', () => {
    expect(BOOKING_DESCRIPTION_MIN_LENGTH).toBe(50);
    expect(problemsOf({ description: ' ' })).toEqual({ description: 'required' });
    expect(problemsOf({ description: 'a'.repeat(49) })).toEqual({ description: 'description_too_short' });
    expect(problemsOf({ description: 'a'.repeat(50) })).toEqual({});
    expect(problemsOf({ description: 'a'.repeat(BOOKING_DESCRIPTION_MAX + 1) })).toEqual({
      description: 'too_long',
    });
  });

  it('wants a nationality from the country list', () => {
    expect(problemsOf({ nationality: '' })).toEqual({ nationality: 'required' });
    expect(problemsOf({ nationality: 'fr' })).toEqual({ nationality: 'country_invalid' });
    expect(problemsOf({ nationality: 'France' })).toEqual({ nationality: 'country_invalid' });
    expect(problemsOf({ nationality: 'XK' })).toEqual({});
  });

  it('wants an intervention country from the list, or "other" with its name typed', () => {
    expect(problemsOf({ interventionCountry: '' })).toEqual({ interventionCountry: 'required' });
    expect(problemsOf({ interventionCountry: 'ZZ' })).toEqual({ interventionCountry: 'country_invalid' });
    expect(problemsOf({ interventionCountry: OTHER_COUNTRY })).toEqual({
      interventionCountryOther: 'other_country_required',
    });
    expect(problemsOf({ interventionCountry: OTHER_COUNTRY, interventionCountryOther: '  ' })).toEqual({
      interventionCountryOther: 'other_country_required',
    });
    expect(
      problemsOf({ interventionCountry: OTHER_COUNTRY, interventionCountryOther: 'Somaliland' }),
    ).toEqual({});
    expect(
      problemsOf({
        interventionCountry: OTHER_COUNTRY,
        interventionCountryOther: 'a'.repeat(BOOKING_OTHER_COUNTRY_MAX + 1),
      }),
    ).toEqual({ interventionCountryOther: 'too_long' });
    // A country from the list needs no other text, whatever is left in it.
    expect(problemsOf({ interventionCountry: 'TH', interventionCountryOther: '' })).toEqual({});
  });

  it('wants at least one spoken language from the list, at most ten', () => {
    expect(problemsOf({ languages: [] })).toEqual({ languages: 'languages_required' });
    expect(problemsOf({ languages: 'fr' })).toEqual({ languages: 'languages_required' });
    expect(problemsOf({ languages: ['fr', 'klingon'] })).toEqual({ languages: 'language_invalid' });
    expect(problemsOf({ languages: ['fr', 3] })).toEqual({ languages: 'language_invalid' });
    const eleven = ['fr', 'en', 'es', 'de', 'ru', 'it', 'pt', 'nl', 'pl', 'uk', 'ro'];
    expect(eleven).toHaveLength(BOOKING_LANGUAGES_MAX + 1);
    expect(problemsOf({ languages: eleven })).toEqual({ languages: 'language_invalid' });
    // Languages beyond the five of the interface are fine when the client shares one with the expert.
    expect(problemsOf({ languages: ['wo', 'fr'] })).toEqual({});
  });

  it('refuses a request with no language shared with the provider', () => {
    expect(problemsOf({ languages: ['de', 'ru'] })).toEqual({ languages: 'no_shared_language' });
    expect(bookingProblems({ ...valid, languages: ['de'] }, ['de'])).toEqual({});
    expect(bookingProblems(valid, [])).toEqual({ languages: 'no_shared_language' });
  });

  it('wants a valid phone number in international form', () => {
    expect(problemsOf({ phone: '' })).toEqual({ phone: 'required' });
    expect(problemsOf({ phone: '+33 6 12 34 56 78' })).toEqual({});
    expect(problemsOf({ phone: '+1 415 555 2671' })).toEqual({});
    // A national number is not enough: the request does not say which country it belongs to.
    expect(problemsOf({ phone: '06 12 34 56 78' })).toEqual({ phone: 'phone_invalid' });
    expect(problemsOf({ phone: '+33 6 12' })).toEqual({ phone: 'phone_invalid' });
    expect(problemsOf({ phone: 'call me' })).toEqual({ phone: 'phone_invalid' });
  });

  it('takes WhatsApp as optional, but valid when given', () => {
    expect(problemsOf({ whatsapp: '' })).toEqual({});
    expect(problemsOf({ whatsapp: '   ' })).toEqual({});
    expect(problemsOf({ whatsapp: '+66 81 234 5678' })).toEqual({});
    expect(problemsOf({ whatsapp: '081 234 5678' })).toEqual({ whatsapp: 'phone_invalid' });
  });

  it('wants the terms accepted, as true and nothing else', () => {
    expect(problemsOf({ acceptedTerms: false })).toEqual({ acceptedTerms: 'terms_required' });
    expect(problemsOf({ acceptedTerms: 'true' })).toEqual({ acceptedTerms: 'terms_required' });
  });
});

describe('booking request normalisation', () => {
  it('trims, writes numbers in E.164, removes duplicate languages and unknown fields', () => {
    const input = {
      ...valid,
      firstName: '  Amélie ',
      lastName: ' Durand',
      title: '  Visa refusé à Bangkok ',
      phone: '+33 6 12 34 56 78',
      whatsapp: ' +66 81 234 5678 ',
      languages: ['fr', 'en', 'fr'],
      interventionCountryOther: 'left over',
      extra: 'not a field',
    };
    expect(normalizeBooking(input)).toEqual({
      ...valid,
      title: 'Visa refusé à Bangkok',
      phone: '+33612345678',
      whatsapp: '+66812345678',
      languages: ['fr', 'en'],
    });
  });

  it('keeps the other country only when "other" is chosen, and no empty WhatsApp', () => {
    const other = normalizeBooking({
      ...valid,
      interventionCountry: OTHER_COUNTRY,
      interventionCountryOther: '  Somaliland ',
      whatsapp: '  ',
    });
    expect(other.interventionCountryOther).toBe('Somaliland');
    expect('whatsapp' in other).toBe(false);
    expect(normalizeBooking(valid)).not.toHaveProperty('interventionCountryOther');
    expect(normalizeBooking({ ...valid, acceptedTerms: true }).acceptedTerms).toBe(true);
  });
});

const filled: BookingForm = {
  ...emptyBookingForm('FR'),
  firstName: 'Amélie',
  lastName: 'Durand',
  nationality: 'FR',
  interventionCountry: 'TH',
  title: valid.title,
  description: valid.description,
  languages: ['fr'],
  phone: '06 12 34 56 78',
  acceptedTerms: true,
};

describe('booking form', () => {
  it('reads a national number with the chosen country, and keeps anything else as typed', () => {
    expect(phoneValue('06 12 34 56 78', 'FR')).toBe('+33612345678');
    expect(phoneValue('+44 7911 123456', 'FR')).toBe('+447911123456');
    expect(phoneValue('06 12', 'FR')).toBe('06 12');
    expect(phoneValue('  ', 'FR')).toBe('');
  });

  it('shows a stored number back as its country and national number', () => {
    expect(phoneParts('+33612345678', 'DE')).toEqual({ country: 'FR', number: '06 12 34 56 78' });
    expect(phoneParts('06 12', 'FR')).toEqual({ country: 'FR', number: '06 12' });
    expect(phoneParts('+33 6', 'DE')).toEqual({ country: 'DE', number: '+33 6' });
  });

  it('checks the form with the rules of the request', () => {
    expect(formProblems(filled, PROVIDER_LANGUAGES)).toEqual({});
    expect(formProblems({ ...filled, phoneCountry: 'US' }, PROVIDER_LANGUAGES)).toEqual({
      phone: 'phone_invalid',
    });
    expect(formProblems({ ...filled, languages: ['ru'] }, PROVIDER_LANGUAGES)).toEqual({
      languages: 'no_shared_language',
    });
  });

  it('names the first field to fix in screen order', () => {
    expect(firstProblem({ acceptedTerms: 'terms_required', title: 'title_too_short' })).toBe('title');
    expect(firstProblem({ phone: 'required', languages: 'languages_required' })).toBe('languages');
    expect(firstProblem({})).toBeUndefined();
  });

  it('counts the characters still missing, spaces around not counted', () => {
    expect(charactersMissing('', 10)).toBe(10);
    expect(charactersMissing('  abc  ', 10)).toBe(7);
    expect(charactersMissing('a'.repeat(12), 10)).toBe(0);
  });

  it('keeps a draft with the numbers as typed until valid, and restores the same form from it', () => {
    const typing = { ...filled, phone: '06 12', whatsapp: '' };
    const draft = draftOfForm(typing);
    expect(draft.phone).toBe('06 12');
    expect(draft.phoneCountry).toBe('FR');
    expect(formFromDraft(JSON.parse(JSON.stringify(draft)), 'DE')).toEqual(typing);
    expect(draftOfForm(filled).phone).toBe('+33612345678');
    expect(formFromDraft(draftOfForm(filled), 'DE')).toEqual(filled);
  });

  it('saves the complete request normalised, as the checkout reads it', () => {
    const draft = finalDraft({
      ...filled,
      firstName: ' Amélie ',
      whatsapp: '081 234 5678',
      whatsappCountry: 'TH',
    });
    expect(bookingProblems(draft, PROVIDER_LANGUAGES)).toEqual({});
    expect(draft).toMatchObject({ firstName: 'Amélie', phone: '+33612345678', whatsapp: '+66812345678' });
    expect(normalizeBooking(draft)).not.toHaveProperty('phoneCountry');
  });

  it('leaves out anything malformed in a stored draft', () => {
    const form = formFromDraft(
      {
        languages: ['fr', 'klingon', 'fr'] as string[],
        acceptedTerms: 'yes' as unknown as boolean,
        title: 5,
      } as never,
      'FR',
    );
    expect(form).toEqual({ ...emptyBookingForm('FR'), languages: ['fr'] });
    expect(formFromDraft(undefined, 'ES')).toEqual(emptyBookingForm('ES'));
    expect(formFromDraft({ phoneCountry: 'Narnia' }, 'ES').phoneCountry).toBe('ES');
  });

  it('completes the empty fields from the account, never what was typed', () => {
    const known = {
      firstName: 'Amélie',
      lastName: 'Durand',
      phone: '+66812345678',
      whatsapp: '+33612345678',
      languages: ['fr', 'en', 'klingon'],
    };
    expect(prefillForm(emptyBookingForm('FR'), known)).toMatchObject({
      firstName: 'Amélie',
      lastName: 'Durand',
      phoneCountry: 'TH',
      phone: '081 234 5678',
      whatsappCountry: 'FR',
      whatsapp: '06 12 34 56 78',
      languages: ['fr', 'en'],
    });
    const typed = { ...emptyBookingForm('FR'), firstName: 'Amy', phone: '07 00', languages: ['de'] };
    expect(prefillForm(typed, known)).toMatchObject({ firstName: 'Amy', phone: '07 00', languages: ['de'] });
    expect(
      prefillForm(emptyBookingForm('FR'), { phoneCountryCode: '+33', phoneNumber: '6 12 34 56 78' }),
    ).toMatchObject({ phoneCountry: 'FR', phone: '06 12 34 56 78' });
  });

  it('leaves as they are the fields the client changed before the account arrived, emptied ones included', () => {
    const known = { firstName: 'Amélie', phone: '+66812345678', languages: ['fr', 'en'] };
    const changed = new Set(['languages', 'phoneCountry'] as const);
    expect(prefillForm(emptyBookingForm('FR'), known, changed)).toMatchObject({
      firstName: 'Amélie',
      phoneCountry: 'FR',
      phone: '',
      languages: [],
    });
  });
});

describe('booking draft storage', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps one draft per provider until cleared', () => {
    saveBookingDraft('p1', { title: 'Visa refusé à Bangkok' });
    saveBookingDraft('p2', { title: 'Autre' });
    expect(readBookingDraft('p1')).toEqual({ title: 'Visa refusé à Bangkok' });
    expect(store.has('sos-expat:booking:p1')).toBe(true);
    clearBookingDraft('p1');
    expect(readBookingDraft('p1')).toBeUndefined();
    expect(readBookingDraft('p2')).toEqual({ title: 'Autre' });
  });

  it('reads an unreadable draft as none', () => {
    store.set('sos-expat:booking:p1', '{not json');
    expect(readBookingDraft('p1')).toBeUndefined();
    store.set('sos-expat:booking:p1', '[1,2]');
    expect(readBookingDraft('p1')).toBeUndefined();
  });
});
