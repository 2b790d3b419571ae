/**
 * What the admin lists of users search, filter and sort on (server/services/admin/users.ts).
 *
 * Those lists read views of `accounts`, but the phone, country and spoken languages live in each
 * user's own record (`profile` in `userdb-…`), which no view of `accounts` can see. So the account
 * keeps a small copy of them (`listing`), written wherever the record is (registration, profile
 * edits, pushes of the record), and the words an admin searches by (`searchTokens`: names, e-mail,
 * phone digits, normalised) with the name to sort by (`sortName`), derived from the account by
 * `withAccountIndex` on every account write. The views only emit what is stored, so the
 * normalisation is written once, here, not again in the views' JavaScript.
 *
 * A search is a prefix of one token (the longest word of the query) read from a view range; the
 * other words of the query must prefix some token of the same account.
 */
import type { Account } from './account';
import { countryOfE164, splitE164 } from './phone';
import { normalizeForSearch } from './search';

/** The user record's fields an admin filters on, copied onto the account. */
export type AccountListing = {
  /** E.164. */
  phone?: string;
  /** ISO 3166-1 alpha-2: the provider's residence country, otherwise the country of the phone. */
  country?: string;
  /** Spoken languages (ISO 639-1). */
  languages?: string[];
};

/** The record's fields that `profileListing` reads. */
export type ListedProfile = {
  phone?: string;
  residenceCountry?: string;
  presenceCountry?: string;
  languages?: string[];
};

export function profileListing(profile: ListedProfile): AccountListing {
  const phone = profile.phone || undefined;
  const country =
    profile.residenceCountry || profile.presenceCountry || (phone ? countryOfE164(phone) : undefined);
  const languages =
    Array.isArray(profile.languages) && profile.languages.length ? profile.languages : undefined;
  return {
    ...(phone ? { phone } : {}),
    ...(country ? { country } : {}),
    ...(languages ? { languages: [...languages] } : {}),
  };
}

export function sameListing(a: AccountListing | undefined, b: AccountListing | undefined): boolean {
  return JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});
}

/** Words of a text, normalised (case and accents), in order. */
export function searchWords(text: string | undefined): string[] {
  return text
    ? normalizeForSearch(text)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean)
    : [];
}

/** The digits an admin may type of a number: international, national, national with a trunk 0. */
function phoneTokens(e164: string | undefined): string[] {
  const digits = e164?.replace(/\D/g, '');
  if (!e164 || !digits) return [];
  const national = splitE164(e164)?.nationalNumber.replace(/\D/g, '');
  return [digits, ...(national ? [national, `0${national}`] : [])];
}

/** Every word an admin may search an account by, normalised, unique, sorted. */
export function accountSearchTokens(
  account: Pick<Account, 'firstName' | 'lastName' | 'displayName' | 'emailLower'> & {
    listing?: AccountListing;
  },
): string[] {
  const email = account.emailLower?.toLowerCase() ?? '';
  const tokens = new Set<string>([
    ...searchWords(account.firstName),
    ...searchWords(account.lastName),
    ...searchWords(account.displayName),
    ...(email ? [email] : []),
    ...searchWords(email.split('@')[0]),
    ...phoneTokens(account.listing?.phone),
  ]);
  return [...tokens].sort();
}

/** The name an admin list sorts by: the display name, normalised. */
export function sortNameOf(account: Pick<Account, 'displayName' | 'emailLower'>): string {
  return searchWords(account.displayName).join(' ') || account.emailLower || '';
}

/** The account with its search words and sort name derived from what it holds now. */
export function withAccountIndex<T extends Account>(account: T): T {
  return { ...account, searchTokens: accountSearchTokens(account), sortName: sortNameOf(account) };
}

/**
 * A search as typed, as tokens: an e-mail address is one token; a phone number (digits, spaces,
 * `+`, `(`, `)`, `.`, `-`) its digits (an international `00` prefix dropped); anything else its
 * words. `range` is the longest token, the one read from the view. Undefined when nothing is left.
 */
export function parseAccountSearch(q: string): { range: string; all: string[] } | undefined {
  const text = q.trim();
  let all: string[];
  if (text.includes('@')) all = [normalizeForSearch(text).replace(/\s+/g, '')];
  else if (/^[+\d\s().\-/]+$/.test(text) && /\d/.test(text)) {
    const digits = text.replace(/\D/g, '');
    all = [text.startsWith('00') ? digits.slice(2) : digits].filter(Boolean);
  } else all = searchWords(text);
  if (all.length === 0) return undefined;
  const range = all.reduce((longest, token) => (token.length > longest.length ? token : longest));
  return { range, all };
}

/** Whether every token of the search prefixes one of the account's tokens. */
export function matchesAccountSearch(tokens: readonly string[], search: { all: readonly string[] }): boolean {
  return search.all.every((term) => tokens.some((token) => token.startsWith(term)));
}
