/**
 * What the booking request form holds while the client types (spec section 5, "Booking request"),
 * how it becomes the request the rules of src/domain/booking.ts check, and how it is kept as the
 * draft the checkout reads. Phone numbers are typed as a country and a number, national or
 * international; the request keeps them in E.164 once they are valid numbers of that country.
 */
import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { OTHER_COUNTRY, bookingProblems, normalizeBooking } from '../../domain/booking';
import type { BookingField, BookingProblems, BookingRequest } from '../../domain/booking';
import type { Profile } from '../../domain/mine';
import { toE164 } from '../../domain/phone';
import { isSpokenLanguage } from '../../domain/spoken-languages';
import type { BookingDraft } from '../../data/booking-draft';

export type BookingForm = {
  firstName: string;
  lastName: string;
  nationality: string;
  interventionCountry: string;
  interventionCountryOther: string;
  title: string;
  description: string;
  languages: string[];
  phoneCountry: string;
  phone: string;
  whatsappCountry: string;
  whatsapp: string;
  acceptedTerms: boolean;
};

export type BookingFormField = keyof BookingForm;

/** The order of the fields on screen: a refused submit moves the focus to the first one to fix. */
export const BOOKING_FIELD_ORDER: readonly BookingField[] = [
  'firstName',
  'lastName',
  'nationality',
  'interventionCountry',
  'interventionCountryOther',
  'title',
  'description',
  'languages',
  'phone',
  'whatsapp',
  'acceptedTerms',
];

export function emptyBookingForm(phoneCountry: string): BookingForm {
  return {
    firstName: '',
    lastName: '',
    nationality: '',
    interventionCountry: '',
    interventionCountryOther: '',
    title: '',
    description: '',
    languages: [],
    phoneCountry,
    phone: '',
    whatsappCountry: phoneCountry,
    whatsapp: '',
    acceptedTerms: false,
  };
}

/** A number as typed for a country: in E.164 once it is a valid number, otherwise as typed. */
export function phoneValue(number: string, country: string): string {
  const typed = number.trim();
  if (!typed) return '';
  return toE164(typed, country || undefined) ?? typed;
}

/**
 * A stored number shown back as a country and a national number ("+33612345678" → FR, "06 12 34 56
 * 78"); anything that is not a valid international number stays as it was, with the given country.
 */
export function phoneParts(value: string, country: string): { country: string; number: string } {
  const parsed = value.trim().startsWith('+') ? parsePhoneNumberFromString(value.trim()) : undefined;
  if (parsed?.isValid() && parsed.country)
    return { country: parsed.country, number: parsed.formatNational() };
  return { country, number: value };
}

/** The request the rules check: the phone numbers in E.164 when they are valid. */
export function toBookingInput(form: BookingForm): Partial<BookingRequest> {
  return {
    firstName: form.firstName,
    lastName: form.lastName,
    nationality: form.nationality,
    interventionCountry: form.interventionCountry,
    interventionCountryOther: form.interventionCountryOther,
    title: form.title,
    description: form.description,
    languages: form.languages,
    phone: phoneValue(form.phone, form.phoneCountry),
    whatsapp: phoneValue(form.whatsapp, form.whatsappCountry),
    acceptedTerms: form.acceptedTerms,
  };
}

/**
 * The form's problems; with `countries` (where the service may be booked: settings, replicated), an
 * intervention country outside them is one too, as checkout would refuse it.
 */
export function formProblems(
  form: BookingForm,
  providerLanguages: readonly string[],
  countries?: readonly string[],
): BookingProblems {
  const problems = bookingProblems(toBookingInput(form), providerLanguages);
  const country = form.interventionCountry;
  if (
    countries &&
    !problems.interventionCountry &&
    country &&
    country !== OTHER_COUNTRY &&
    !countries.includes(country)
  )
    problems.interventionCountry = 'country_unavailable';
  return problems;
}

/** The first field to fix, in screen order. */
export function firstProblem(problems: BookingProblems): BookingField | undefined {
  return BOOKING_FIELD_ORDER.find((field) => problems[field]);
}

/** The draft of a form being typed: everything, as typed (numbers in E.164 once valid). */
export function draftOfForm(form: BookingForm): BookingDraft {
  return {
    ...toBookingInput(form),
    phoneCountry: form.phoneCountry,
    whatsappCountry: form.whatsappCountry,
  };
}

/** The draft of a complete form, as the checkout sends it: trimmed, numbers in E.164. */
export function finalDraft(form: BookingForm): BookingDraft {
  return {
    ...normalizeBooking(toBookingInput(form)),
    phoneCountry: form.phoneCountry,
    whatsappCountry: form.whatsappCountry,
  };
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const country = (value: unknown, fallback: string) =>
  typeof value === 'string' && isSupportedCountry(value) ? value : fallback;

/** A form from a stored draft (anything malformed in it is left out). */
export function formFromDraft(draft: BookingDraft | undefined, phoneCountry: string): BookingForm {
  const form = emptyBookingForm(phoneCountry);
  if (!draft) return form;
  const phone = phoneParts(str(draft.phone), country(draft.phoneCountry, phoneCountry));
  const whatsapp = phoneParts(str(draft.whatsapp), country(draft.whatsappCountry, phone.country));
  return {
    firstName: str(draft.firstName),
    lastName: str(draft.lastName),
    nationality: str(draft.nationality),
    interventionCountry: str(draft.interventionCountry),
    interventionCountryOther: str(draft.interventionCountryOther),
    title: str(draft.title),
    description: str(draft.description),
    languages: Array.isArray(draft.languages) ? [...new Set(draft.languages.filter(isSpokenLanguage))] : [],
    phoneCountry: phone.country,
    phone: phone.number,
    whatsappCountry: whatsapp.country,
    whatsapp: whatsapp.number,
    acceptedTerms: draft.acceptedTerms === true,
  };
}

type Known = Partial<
  Pick<
    Profile,
    'firstName' | 'lastName' | 'phone' | 'phoneCountryCode' | 'phoneNumber' | 'whatsapp' | 'languages'
  >
>;

/**
 * The fields still empty filled from what the account knows (names, numbers, languages): a
 * signed-in client does not type them again. Nothing typed is ever replaced, and a field in
 * `changed` (one the client has changed on this screen, emptied included) is left as it is.
 */
export function prefillForm(
  form: BookingForm,
  known: Known,
  changed: ReadonlySet<BookingFormField> = new Set(),
): BookingForm {
  const next = { ...form };
  const open = (...fields: BookingFormField[]) => fields.every((field) => !changed.has(field));
  if (!next.firstName.trim() && known.firstName && open('firstName')) next.firstName = known.firstName;
  if (!next.lastName.trim() && known.lastName && open('lastName')) next.lastName = known.lastName;
  const phone =
    known.phone ||
    (known.phoneCountryCode && known.phoneNumber
      ? toE164(`${known.phoneCountryCode}${known.phoneNumber.replace(/\D/g, '')}`)
      : undefined);
  if (!next.phone.trim() && phone && open('phone', 'phoneCountry')) {
    const parts = phoneParts(phone, next.phoneCountry);
    next.phone = parts.number;
    next.phoneCountry = parts.country;
    if (!next.whatsapp.trim() && open('whatsapp', 'whatsappCountry')) next.whatsappCountry = parts.country;
  }
  if (!next.whatsapp.trim() && known.whatsapp && open('whatsapp', 'whatsappCountry')) {
    const parts = phoneParts(known.whatsapp, next.whatsappCountry);
    next.whatsapp = parts.number;
    next.whatsappCountry = parts.country;
  }
  if (next.languages.length === 0 && known.languages && open('languages')) {
    next.languages = [...new Set(known.languages.filter(isSpokenLanguage))];
  }
  return next;
}

/** How many characters a text still needs to reach `min` (0 once it does). */
export function charactersMissing(text: string, min: number): number {
  return Math.max(0, min - text.trim().length);
}

export { OTHER_COUNTRY };
