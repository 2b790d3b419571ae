/**
 * The booking request a client fills before paying (spec section 5, "Booking request"): one set of
 * rules for the browser form, which keeps its submit button disabled until they all hold, and for
 * `POST /api/checkout`, which never trusts the form. Problems are codes by field; the browser shows
 * them as `booking.errors.<code>`.
 */
import { BOOKING_DESCRIPTION_MIN_LENGTH, BOOKING_TITLE_MIN_LENGTH } from './constants';
import { isCountryCode } from './countries';
import { toE164 } from './phone';
import { isSpokenLanguage } from './spoken-languages';

/** The intervention country may be one the list does not hold: 'OTHER', with its name typed. */
export const OTHER_COUNTRY = 'OTHER';
export const BOOKING_NAME_MAX = 80;
export const BOOKING_TITLE_MAX = 150;
export const BOOKING_DESCRIPTION_MAX = 4000;
export const BOOKING_OTHER_COUNTRY_MAX = 120;
export const BOOKING_LANGUAGES_MAX = 10;

export type BookingRequest = {
  firstName: string;
  lastName: string;
  /** ISO 3166-1 alpha-2. */
  nationality: string;
  /** Where help is needed: a country code, or OTHER with `interventionCountryOther`. */
  interventionCountry: string;
  interventionCountryOther?: string;
  title: string;
  description: string;
  /** Languages the client can speak the consultation in (ISO 639-1). */
  languages: string[];
  /** E.164: the number the platform calls. */
  phone: string;
  /** E.164, optional. */
  whatsapp?: string;
  acceptedTerms: boolean;
};

export type BookingField = keyof BookingRequest;

export type BookingProblemCode =
  | 'required'
  | 'too_long'
  | 'title_too_short'
  | 'description_too_short'
  | 'country_invalid'
  /** The service is not offered in this country (admin screen "countries"; checked by checkout too). */
  | 'country_unavailable'
  | 'other_country_required'
  | 'languages_required'
  | 'language_invalid'
  /** 'No shared language with the provider'. */
  | 'no_shared_language'
  | 'phone_invalid'
  | 'terms_required';

export type BookingProblems = Partial<Record<BookingField, BookingProblemCode>>;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Every problem of a booking request, by field; empty when it can be sent. `providerLanguages` are
 * the languages of the provider being booked: the client must share at least one with them.
 */
export function bookingProblems(
  input: Partial<Record<BookingField, unknown>>,
  providerLanguages: readonly string[],
): BookingProblems {
  const problems: BookingProblems = {};
  const firstName = text(input.firstName);
  const lastName = text(input.lastName);
  if (!firstName) problems.firstName = 'required';
  else if (firstName.length > BOOKING_NAME_MAX) problems.firstName = 'too_long';
  if (!lastName) problems.lastName = 'required';
  else if (lastName.length > BOOKING_NAME_MAX) problems.lastName = 'too_long';

  const title = text(input.title);
  if (!title) problems.title = 'required';
  else if (title.length < BOOKING_TITLE_MIN_LENGTH) problems.title = 'title_too_short';
  else if (title.length > BOOKING_TITLE_MAX) problems.title = 'too_long';

  const description = text(input.description);
  if (!description) problems.description = 'required';
  else if (description.length < BOOKING_DESCRIPTION_MIN_LENGTH)
    problems.description = 'description_too_short';
  else if (description.length > BOOKING_DESCRIPTION_MAX) problems.description = 'too_long';

  const nationality = text(input.nationality);
  if (!nationality) problems.nationality = 'required';
  else if (!isCountryCode(nationality)) problems.nationality = 'country_invalid';

  const country = text(input.interventionCountry);
  if (!country) problems.interventionCountry = 'required';
  else if (country === OTHER_COUNTRY) {
    const other = text(input.interventionCountryOther);
    if (!other) problems.interventionCountryOther = 'other_country_required';
    else if (other.length > BOOKING_OTHER_COUNTRY_MAX) problems.interventionCountryOther = 'too_long';
  } else if (!isCountryCode(country)) problems.interventionCountry = 'country_invalid';

  const languages = Array.isArray(input.languages) ? (input.languages as unknown[]) : [];
  if (languages.length === 0) problems.languages = 'languages_required';
  else if (languages.length > BOOKING_LANGUAGES_MAX || !languages.every(isSpokenLanguage))
    problems.languages = 'language_invalid';
  else if (!languages.some((code) => providerLanguages.includes(code as string)))
    problems.languages = 'no_shared_language';

  if (!text(input.phone)) problems.phone = 'required';
  else if (!toE164(text(input.phone))) problems.phone = 'phone_invalid';
  const whatsapp = text(input.whatsapp);
  if (whatsapp && !toE164(whatsapp)) problems.whatsapp = 'phone_invalid';

  if (input.acceptedTerms !== true) problems.acceptedTerms = 'terms_required';
  return problems;
}

/**
 * The request as stored with the order: trimmed, numbers in E.164, no field the form does not have.
 * Call only once `bookingProblems` is empty.
 */
export function normalizeBooking(input: Partial<Record<BookingField, unknown>>): BookingRequest {
  const country = text(input.interventionCountry);
  const whatsapp = text(input.whatsapp);
  return {
    firstName: text(input.firstName),
    lastName: text(input.lastName),
    nationality: text(input.nationality),
    interventionCountry: country,
    ...(country === OTHER_COUNTRY ? { interventionCountryOther: text(input.interventionCountryOther) } : {}),
    title: text(input.title),
    description: text(input.description),
    languages: [...new Set((input.languages as string[]).map(String))],
    phone: toE164(text(input.phone))!,
    ...(whatsapp ? { whatsapp: toE164(whatsapp)! } : {}),
    acceptedTerms: true,
  };
}
