/**
 * The legal and information documents (terms, privacy policy, cookies…): one document per slug, in
 * the five languages, published as numbered versions with an effective date. The current version of
 * each language is a `legal` item of `content` (what the public page reads, offline included); the
 * admin console publishes a new version with the rules below, shared by the browser's form and the
 * server's check.
 */
import { LANGUAGES } from './languages';
import type { Language } from './languages';

/** Every document's slug (the public page of each is in the route table). */
export const LEGAL_SLUGS = [
  'terms-clients',
  'terms-lawyers',
  'terms-expats',
  'privacy-policy',
  'cookies',
  'consumers',
  'seo',
] as const;
export type LegalSlug = (typeof LEGAL_SLUGS)[number];

export function isLegalSlug(value: unknown): value is LegalSlug {
  return typeof value === 'string' && (LEGAL_SLUGS as readonly string[]).includes(value);
}

/** The `content` schema's limits on a title and a body. */
export const LEGAL_TITLE_MAX = 300;
export const LEGAL_BODY_MAX = 100_000;
/** "2", "2.2", "2.2.1": at most three numbers of at most four digits. */
const VERSION_PATTERN = /^\d{1,4}(?:\.\d{1,4}){0,2}$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export type LegalText = { title: string; body: string };

/** A document as the console lists it: its current version and its title in each language. */
export type LegalDocumentSummary = {
  slug: LegalSlug;
  version?: string;
  publishedAt?: string;
  updatedAt?: string;
  titles: Partial<Record<Language, string>>;
};

/** A document with the current text of each language (a language never published is absent). */
export type LegalDocumentView = LegalDocumentSummary & {
  translations: Partial<Record<Language, LegalText & { version?: string; publishedAt?: string }>>;
};

/** One kept version (`publishedBy`: an admin's uid, or `earlier` for one current before the console). */
export type LegalVersionSummary = {
  slug: LegalSlug;
  version: string;
  publishedAt: string;
  publishedBy: string;
  /** The admin's name when they published (absent for `earlier`). */
  publishedByName?: string;
  recordedAt: string;
};
export type LegalVersionView = LegalVersionSummary & { translations: Partial<Record<Language, LegalText>> };

/** One version of a document: its number, effective date (YYYY-MM-DD) and text per language. */
export type LegalVersionInput = {
  version: string;
  publishedAt: string;
  translations: Record<Language, LegalText>;
};

/** Why a field was refused; the console maps each code to a translated message. */
export type LegalFieldProblem =
  | 'required'
  | 'too_long'
  | 'value_invalid'
  | 'unknown_field'
  /** The version number is not greater than the current one. */
  | 'not_greater'
  /** The date is earlier than the current version's. */
  | 'before_current';

export type LegalVersionCheck =
  { ok: true; value: LegalVersionInput } | { ok: false; fields: Record<string, LegalFieldProblem> };

/** The numbers of a well-formed version ("2.2" → [2, 2, 0]), undefined otherwise. */
export function versionNumbers(version: string): [number, number, number] | undefined {
  if (!VERSION_PATTERN.test(version)) return undefined;
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  return [major, minor, patch];
}

/** Negative, zero or positive as `a` is lower than, equal to or greater than `b` ("2.10" > "2.9"). */
export function compareVersions(a: string, b: string): number {
  const x = versionNumbers(a) ?? [0, 0, 0];
  const y = versionNumbers(b) ?? [0, 0, 0];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
}

/** A key that sorts versions in order as text ("2.2" → "0002.0002.0000"); equal versions share it. */
export function versionKey(version: string): string {
  return (versionNumbers(version) ?? [0, 0, 0]).map((n) => String(n).padStart(4, '0')).join('.');
}

/** A real calendar day written YYYY-MM-DD. */
export function isIsoDay(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The current version a new one must follow (none for a document never published). */
export type CurrentVersion = { version: string; publishedAt: string } | undefined;

/**
 * A new version checked: texts trimmed; a version number greater than the current one; a real date
 * not before the current one's; a title and a body in every language, within the limits.
 */
export function checkLegalVersion(input: unknown, current: CurrentVersion): LegalVersionCheck {
  const fields: Record<string, LegalFieldProblem> = {};
  if (!isRecord(input)) return { ok: false, fields: { version: 'required' } };
  for (const key of Object.keys(input)) {
    if (!['version', 'publishedAt', 'translations'].includes(key)) fields[key] = 'unknown_field';
  }
  const version = typeof input.version === 'string' ? input.version.trim() : '';
  if (!version) fields.version = 'required';
  else if (!versionNumbers(version)) fields.version = 'value_invalid';
  else if (current && versionNumbers(current.version) && compareVersions(version, current.version) <= 0)
    fields.version = 'not_greater';

  const publishedAt = typeof input.publishedAt === 'string' ? input.publishedAt.trim() : '';
  if (!publishedAt) fields.publishedAt = 'required';
  else if (!isIsoDay(publishedAt)) fields.publishedAt = 'value_invalid';
  else if (
    current &&
    isIsoDay(current.publishedAt.slice(0, 10)) &&
    publishedAt < current.publishedAt.slice(0, 10)
  )
    fields.publishedAt = 'before_current';

  const translations = {} as Record<Language, LegalText>;
  const given = isRecord(input.translations) ? input.translations : {};
  if (input.translations !== undefined && !isRecord(input.translations))
    fields.translations = 'value_invalid';
  for (const key of Object.keys(given)) {
    if (!(LANGUAGES as readonly string[]).includes(key)) fields[`translations.${key}`] = 'unknown_field';
  }
  for (const language of LANGUAGES) {
    const text = given[language];
    const title = isRecord(text) && typeof text.title === 'string' ? text.title.trim() : '';
    const body = isRecord(text) && typeof text.body === 'string' ? text.body.trim() : '';
    if (!title) fields[`translations.${language}.title`] = 'required';
    else if (title.length > LEGAL_TITLE_MAX) fields[`translations.${language}.title`] = 'too_long';
    if (!body) fields[`translations.${language}.body`] = 'required';
    else if (body.length > LEGAL_BODY_MAX) fields[`translations.${language}.body`] = 'too_long';
    translations[language] = { title, body };
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, value: { version, publishedAt, translations } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
