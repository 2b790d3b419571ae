/**
 * The editor's draft of a new version: prefilled from the current one (its texts, the next minor
 * number, today's date) so that an admin changes only what changes.
 */
import { LANGUAGES } from '../../../domain/languages';
import type { Language } from '../../../domain/languages';
import { versionNumbers } from '../../../domain/legal-documents';
import type { LegalDocumentView, LegalText } from '../../../domain/legal-documents';

export type Draft = { version: string; publishedAt: string; translations: Record<Language, LegalText> };

/** "2.2" → "2.3", "3" → "3.1", "2.2.1" → "2.3"; "1.0" for a document never published. */
export function nextVersion(current: string | undefined): string {
  const numbers = current ? versionNumbers(current) : undefined;
  if (!numbers) return '1.0';
  return `${numbers[0]}.${numbers[1] + 1}`;
}

/** Today in the admin's time zone, YYYY-MM-DD, never before `notBefore`. */
export function defaultDate(now: Date, notBefore?: string): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
  const floor = notBefore?.slice(0, 10);
  return floor && floor > local ? floor : local;
}

export function draftFrom(document: LegalDocumentView, now: Date): Draft {
  return {
    version: nextVersion(document.version),
    publishedAt: defaultDate(now, document.publishedAt),
    translations: Object.fromEntries(
      LANGUAGES.map((language) => {
        const text = document.translations[language];
        return [language, { title: text?.title ?? '', body: text?.body ?? '' }];
      }),
    ) as Record<Language, LegalText>,
  };
}

/** The languages whose texts have a problem among the field codes (`translations.en.body`…). */
export function languagesWithProblems(fields: Readonly<Record<string, string>>): Language[] {
  return LANGUAGES.filter((language) =>
    Object.keys(fields).some((field) => field.startsWith(`translations.${language}`)),
  );
}
