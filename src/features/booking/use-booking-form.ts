import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { checkoutPath } from '../../config/paths';
import type { SessionUserView } from '../../domain/account';
import type { BookingField, BookingProblemCode } from '../../domain/booking';
import type { Profile } from '../../domain/mine';
import { guessPhoneCountry } from '../account/phone-field';
import { readBookingDraft, saveBookingDraft } from '../../data/booking-draft';
import {
  draftOfForm,
  finalDraft,
  firstProblem,
  formFromDraft,
  formProblems,
  prefillForm,
} from './booking-form-model';
import type { BookingForm, BookingFormField } from './booking-form-model';

/** Typing is saved this long after the last keystroke (and at once when the page goes away). */
const DRAFT_SAVE_DELAY_MS = 300;

/** Where the rules' fields are on screen (a form field may hold two, like a phone number's country). */
const TOUCHED_BY: Partial<Record<BookingFormField, BookingField>> = {
  phoneCountry: 'phone',
  whatsappCountry: 'whatsapp',
};

export type UpdateField = <K extends BookingFormField>(field: K, value: BookingForm[K]) => void;
export type TouchField = (field: BookingFormField) => void;

type Options = {
  providerId: string;
  providerLanguages: readonly string[];
  user: SessionUserView;
  profile: Profile | null | undefined;
  /** Whether the request can go on to the payment now (connection, service open). */
  canContinue: boolean;
  /** The countries the service may be booked for (settings); any, when not given. */
  countries?: readonly string[];
};

/**
 * The booking form's state: the values (restored from the draft of this provider, completed from
 * the account, saved again as the client types), the fields the client has left, and the submit,
 * which saves the request as the checkout reads it and goes there.
 */
export function useBookingForm({
  providerId,
  providerLanguages,
  user,
  profile,
  canContinue,
  countries,
}: Options) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState<BookingForm>(() =>
    prefillForm(
      formFromDraft(
        readBookingDraft(providerId),
        guessPhoneCountry(navigator.languages ?? [], i18n.language),
      ),
      { firstName: user.firstName, lastName: user.lastName },
    ),
  );
  const [touched, setTouched] = useState<ReadonlySet<BookingField>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);

  // The account's own record arrives from the local database a moment later: it completes the
  // fields still empty, once, but none the client has changed meanwhile (languages they removed are
  // not ticked again under their hands).
  const changed = useRef(new Set<BookingFormField>());
  const [prefilled, setPrefilled] = useState(false);
  if (profile && !prefilled) {
    setPrefilled(true);
    setForm((current) => prefillForm(current, profile, changed.current));
  }

  // The draft: saved shortly after each change, and at once when the screen or the page goes away.
  const pending = useRef<BookingForm | null>(null);
  useEffect(() => {
    pending.current = form;
    const timer = setTimeout(() => {
      saveBookingDraft(providerId, draftOfForm(form));
      pending.current = null;
    }, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [form, providerId]);
  useEffect(() => {
    const flush = () => {
      if (!pending.current) return;
      saveBookingDraft(providerId, draftOfForm(pending.current));
      pending.current = null;
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [providerId]);

  const problems = useMemo(
    () => formProblems(form, providerLanguages, countries),
    [form, providerLanguages, countries],
  );
  const ready = Object.keys(problems).length === 0;

  /** A field's problem once the client has left it or tried to continue. */
  const errorOf = (field: BookingField): BookingProblemCode | undefined => {
    const code = problems[field];
    // Not sharing a language is a fact about the choice made, not an unfinished entry: said at once.
    if (code === 'no_shared_language') return code;
    return submitted || touched.has(field) ? code : undefined;
  };

  // Stable, so that the long country lists re-render only when their own value changes.
  const update: UpdateField = useCallback((field, value) => {
    changed.current.add(field);
    setForm((current) => ({ ...current, [field]: value }));
  }, []);
  const touch = useCallback((field: BookingFormField) => {
    const rule = (TOUCHED_BY[field] ?? field) as BookingField;
    setTouched((current) => (current.has(rule) ? current : new Set(current).add(rule)));
  }, []);

  /** Goes on to the payment, or answers the first field to fix. */
  const submit = (): BookingField | undefined => {
    setSubmitted(true);
    const first = firstProblem(problems);
    if (first) return first;
    if (!canContinue) return undefined;
    pending.current = null;
    saveBookingDraft(providerId, finalDraft(form));
    navigate(checkoutPath(providerId));
    return undefined;
  };

  return { form, problems, ready, submitted, prefilled, errorOf, update, touch, submit };
}

export type BookingFormState = ReturnType<typeof useBookingForm>;
