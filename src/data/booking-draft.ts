/**
 * The booking request being filled, kept on the device per provider so that it survives a reload, a
 * lost connection or a detour through the login; the checkout reads it, and clears it once paid.
 * Local storage, not `mine`: it may hold a description the client does not want on the server yet.
 */
import type { BookingRequest } from '../domain/booking';

/**
 * The request's fields as typed so far, plus the countries the phone numbers were typed for (a
 * national number needs its country until it is valid; once valid, `phone` and `whatsapp` are kept
 * in E.164 and the checkout ignores these two).
 */
export type BookingDraft = Partial<BookingRequest> & { phoneCountry?: string; whatsappCountry?: string };

const key = (providerId: string) => `sos-expat:booking:${providerId}`;

export function readBookingDraft(providerId: string): BookingDraft | undefined {
  try {
    const raw = localStorage.getItem(key(providerId));
    const value: unknown = raw ? JSON.parse(raw) : undefined;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as BookingDraft) : undefined;
  } catch {
    return undefined;
  }
}

export function saveBookingDraft(providerId: string, draft: BookingDraft): void {
  try {
    localStorage.setItem(key(providerId), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the form keeps working, the draft is simply not kept.
  }
}

export function clearBookingDraft(providerId: string): void {
  try {
    localStorage.removeItem(key(providerId));
  } catch {
    // Nothing to clear.
  }
}
