/**
 * E-mail addresses as the spec's login rule reads them (section 5): trimmed, lowercased, invisible
 * characters removed; valid when there is no space, an @, and a dot after it.
 */
export const EMAIL_MAX_LENGTH = 254;

/** Zero-width spaces and joiners, word joiner, byte-order mark and soft hyphen: pasted, never seen. */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;

export function normalizeEmail(raw: string): string {
  return raw.replace(INVISIBLE, '').trim().toLowerCase();
}

/** Whether an already normalised address is well formed. */
export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}
