/**
 * Composes a mail from the template in force: the one an admin stored for its kind and language
 * (admin screen `comms/templates`, services/comms/mail-templates.ts), else the built-in wording.
 *
 * Stored templates are documents `template:<kind>:<language>` of the server-only `admin` database,
 * read through the copy kept current by the store's change feed (store/followed-docs.ts): a mail
 * sent does not cost a store round trip, and a template an admin saves is the one the next mail
 * uses (this process's own writes drop the copy at once, other processes' as the feed reports them).
 */
import { fillTemplate } from '../../src/domain/mail-templates';
import type { MailTemplateKind, MailTemplateSource, MailVariables } from '../../src/domain/mail-templates';
import type { Language } from '../../src/domain/languages';
import { followedDocsOf } from '../store/followed-docs';
import type { Store } from '../store/store';
import { textToHtml } from './mail-layout';

export type RenderedMail = { subject: string; text: string; html: string };

export const MAIL_TEMPLATES_DB = 'admin';

export type MailTemplateDoc = {
  _id: string;
  _rev?: string;
  type: 'mail_template';
  kind: MailTemplateKind;
  language: Language;
  subject: string;
  text: string;
  updatedAt: string;
  updatedBy: string;
};

export const mailTemplateDocId = (kind: MailTemplateKind, language: Language) =>
  `template:${kind}:${language}`;

/** Where a sender finds the stored template of a kind and language (undefined: the built-in one). */
export type MailTemplateReader = (
  kind: MailTemplateKind,
  language: Language,
) => Promise<MailTemplateSource | undefined>;

/** The stored templates of the store, through the followed copy of `admin`. */
export function storedMailTemplates(store: Store): MailTemplateReader {
  return async (kind, language) => {
    const doc = await followedDocsOf(store, MAIL_TEMPLATES_DB).get<MailTemplateDoc>(
      mailTemplateDocId(kind, language),
    );
    return doc?.type === 'mail_template' ? { subject: doc.subject, text: doc.text } : undefined;
  };
}

/** For a caller without a store (the demo outbox's own tests): the built-in wording always. */
export const builtInMailTemplates: MailTemplateReader = () => Promise.resolve(undefined);

/** A subject template filled: one line, whatever the values hold. */
export function fillSubject(subject: string, values: Readonly<Record<string, string>>): string {
  // A value with line breaks (a rejection reason) must not break the subject header into two.
  return fillTemplate(subject, values)
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .trim();
}

/** A template filled with the mail's values; its HTML built from the text (mail-layout.ts). */
export function renderTemplate(
  language: Language,
  source: MailTemplateSource,
  values: Readonly<Record<string, string>>,
): RenderedMail {
  const subject = fillSubject(source.subject, values);
  const text = fillTemplate(source.text, values);
  return { subject, text, html: textToHtml(language, subject, text) };
}

export async function composeMail<K extends MailTemplateKind>(
  templates: MailTemplateReader,
  kind: K,
  language: Language,
  values: MailVariables<K>,
  builtIn: (language: Language, values: MailVariables<K>) => RenderedMail,
): Promise<RenderedMail> {
  const stored = await templates(kind, language);
  return stored ? renderTemplate(language, stored, values) : builtIn(language, values);
}
