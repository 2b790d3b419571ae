/**
 * Editable mail templates (admin screen `comms/templates`): each mail the platform sends has, per
 * language, a built-in wording (server/services/*-mail.ts) that an admin may replace with a stored
 * template: a subject and a plain-text body with variables written `{{name}}`. The HTML part of a
 * stored template is built by the server from its text inside the common layout, never written by
 * the admin, so nothing an admin types can put markup or scripts into a mail.
 *
 * The kinds, their variables and the checks live here, once, for the server and the console.
 */
import type { Language } from './languages';

export const MAIL_TEMPLATE_KINDS = [
  'verification',
  'password_reset',
  'invoice',
  'credit_note',
  'provider_approved',
  'provider_rejected',
  'payout_sent',
  'contact_reply',
  'campaign',
] as const;
export type MailTemplateKind = (typeof MAIL_TEMPLATE_KINDS)[number];

export function isMailTemplateKind(value: unknown): value is MailTemplateKind {
  return typeof value === 'string' && (MAIL_TEMPLATE_KINDS as readonly string[]).includes(value);
}

/**
 * The variables each kind may use, the required ones first (`required`, in the text): a mail missing
 * them would not do its job (a verification mail without its link). `inSubject`: the ones the
 * subject must use (a campaign's layout without the campaign's own subject would give every
 * campaign the same one). `greeting` is the language's greeting with the first name, or without it
 * when the account has none.
 *
 * `campaign` is the layout around what an admin writes for a campaign or an automation (its subject
 * and text in the recipient's language), with the one-click unsubscribe link that every marketing
 * mail carries.
 */
export const MAIL_TEMPLATE_VARIABLES = {
  verification: { required: ['link'], optional: ['greeting', 'firstName', 'validity'] },
  password_reset: { required: ['link'], optional: ['greeting', 'firstName', 'validity'] },
  invoice: {
    required: ['invoiceNumber'],
    optional: ['greeting', 'firstName', 'amount', 'consultationDate', 'providerName'],
  },
  credit_note: {
    required: ['creditNoteNumber'],
    optional: ['greeting', 'firstName', 'invoiceNumber', 'amount', 'consultationDate', 'providerName'],
  },
  provider_approved: {
    required: ['dashboardLink'],
    optional: ['greeting', 'firstName', 'role'],
  },
  provider_rejected: {
    required: ['reason'],
    optional: ['greeting', 'firstName', 'role', 'contactLink'],
  },
  payout_sent: {
    required: ['amount'],
    optional: ['greeting', 'firstName', 'paidDate', 'earningsLink'],
  },
  contact_reply: {
    required: ['answer'],
    optional: ['greeting', 'firstName', 'subject', 'sentDate', 'quotedMessage'],
  },
  campaign: {
    required: ['campaignText', 'unsubscribeLink'],
    optional: ['campaignSubject'],
    inSubject: ['campaignSubject'],
  },
} as const satisfies Record<
  MailTemplateKind,
  { required: readonly string[]; optional: readonly string[]; inSubject?: readonly string[] }
>;

export type MailTemplateVariable<K extends MailTemplateKind> =
  | (typeof MAIL_TEMPLATE_VARIABLES)[K]['required'][number]
  | (typeof MAIL_TEMPLATE_VARIABLES)[K]['optional'][number];

/** The values of a kind's variables, as they go into the mail (already formatted for its language). */
export type MailVariables<K extends MailTemplateKind> = Record<MailTemplateVariable<K>, string>;

export function templateVariables(kind: MailTemplateKind): readonly string[] {
  const { required, optional } = MAIL_TEMPLATE_VARIABLES[kind];
  return [...required, ...optional];
}

export const MAIL_SUBJECT_MAX = 200;
export const MAIL_TEXT_MAX = 10_000;

/** A stored template's wording (the built-in one has the same shape). */
export type MailTemplateSource = { subject: string; text: string };

/** The console's row of the list: one kind in one language, customised or built-in. */
export type MailTemplateSummary = {
  kind: MailTemplateKind;
  language: Language;
  customised: boolean;
  updatedAt?: string;
  updatedBy?: string;
  /** The last editor's display name, on the editor's view (their uid stays when the account is gone). */
  updatedByName?: string;
};

/** The editor's view: the wording in force (stored, else built-in) and the built-in one. */
export type MailTemplateView = MailTemplateSummary &
  MailTemplateSource & {
    /** The stored template's revision, null while the built-in one is in force. */
    rev: string | null;
    builtIn: MailTemplateSource;
  };

export type MailPreview = { subject: string; text: string; html: string };

/** Why a field was refused; the console shows `commsTemplates.errors.<code>`. */
export type TemplateFieldProblem =
  | 'required'
  | 'too_long'
  | 'value_invalid'
  | 'unknown_field'
  | 'unknown_variable'
  | 'missing_variable'
  | 'malformed_variable';

export type TemplateFieldProblems = Record<string, TemplateFieldProblem>;

/** A piece of a template: literal text, or a variable by name. */
export type TemplatePart = { text: string } | { variable: string };

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

/**
 * Splits a template into text and variables. `{{ name }}` is a variable; any other `{{` or `}}`
 * (an unclosed brace pair, a name with spaces or punctuation) makes the template malformed.
 */
export function parseTemplate(source: string): { parts: TemplatePart[]; malformed: boolean } {
  const parts: TemplatePart[] = [];
  let malformed = false;
  let last = 0;
  for (const match of source.matchAll(PLACEHOLDER)) {
    const literal = source.slice(last, match.index);
    if (literal.includes('{{') || literal.includes('}}')) malformed = true;
    if (literal) parts.push({ text: literal });
    parts.push({ variable: match[1]! });
    last = match.index + match[0].length;
  }
  const rest = source.slice(last);
  if (rest.includes('{{') || rest.includes('}}')) malformed = true;
  if (rest) parts.push({ text: rest });
  return { parts, malformed };
}

/** The variable names a template uses, each once, in order of first use. */
export function usedVariables(source: string): string[] {
  const names = parseTemplate(source).parts.flatMap((part) => ('variable' in part ? [part.variable] : []));
  return [...new Set(names)];
}

/** The variables a template uses that its kind does not have. */
export function unknownVariables(kind: MailTemplateKind, source: string): string[] {
  const allowed = new Set(templateVariables(kind));
  return usedVariables(source).filter((name) => !allowed.has(name));
}

/** The variables a field must use: the kind's required ones in the text, `inSubject` in the subject. */
export function requiredVariables(kind: MailTemplateKind, field: 'subject' | 'text'): readonly string[] {
  const variables: { required: readonly string[]; inSubject?: readonly string[] } =
    MAIL_TEMPLATE_VARIABLES[kind];
  return field === 'text' ? variables.required : (variables.inSubject ?? []);
}

/** The variables of its kind that a field (the text unless said) must use and does not. */
export function missingVariables(
  kind: MailTemplateKind,
  source: string,
  field: 'subject' | 'text' = 'text',
): string[] {
  const used = new Set(usedVariables(source));
  return requiredVariables(kind, field).filter((name) => !used.has(name));
}

/** Fills a template's variables; a checked template names only known ones, an unknown one stays empty. */
export function fillTemplate(source: string, values: Readonly<Record<string, string>>): string {
  return parseTemplate(source)
    .parts.map((part) => ('variable' in part ? (values[part.variable] ?? '') : part.text))
    .join('');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function checkField(kind: MailTemplateKind, value: unknown, max: number): TemplateFieldProblem | undefined {
  if (typeof value !== 'string') return value === undefined ? 'required' : 'value_invalid';
  if (!value.trim()) return 'required';
  if (value.length > max) return 'too_long';
  if (parseTemplate(value).malformed) return 'malformed_variable';
  if (unknownVariables(kind, value).length > 0) return 'unknown_variable';
  return undefined;
}

/**
 * A template as an admin sends it: `{ subject, text }` (and, when saving, the `rev` it was edited
 * from, checked by the service). The subject is one line; the text ends with one newline.
 */
export function checkTemplateInput(
  kind: MailTemplateKind,
  input: unknown,
  extraFields: readonly string[] = [],
): { ok: true; value: MailTemplateSource } | { ok: false; fields: TemplateFieldProblems } {
  if (!isRecord(input)) return { ok: false, fields: { body: 'value_invalid' } };
  const fields: TemplateFieldProblems = {};
  for (const key of Object.keys(input)) {
    if (key !== 'subject' && key !== 'text' && !extraFields.includes(key)) fields[key] = 'unknown_field';
  }
  const subjectProblem = checkField(kind, input.subject, MAIL_SUBJECT_MAX);
  if (subjectProblem) fields.subject = subjectProblem;
  else if (/[\r\n]/.test(input.subject as string)) fields.subject = 'value_invalid';
  else if (missingVariables(kind, input.subject as string, 'subject').length > 0)
    fields.subject = 'missing_variable';
  const textProblem = checkField(kind, input.text, MAIL_TEXT_MAX);
  if (textProblem) fields.text = textProblem;
  else if (missingVariables(kind, input.text as string).length > 0) fields.text = 'missing_variable';
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  const subject = (input.subject as string).trim();
  const text = `${(input.text as string).replace(/\r\n?/g, '\n').trimEnd()}\n`;
  return { ok: true, value: { subject, text } };
}
