/**
 * Editable mail templates (admin screen `comms/templates`): for each kind of mail and language, the
 * wording an admin stored (`template:<kind>:<language>` in `admin`, see mail-compose.ts), listed,
 * read with the built-in wording beside it, saved, reset to the built-in wording (the stored one
 * deleted), and previewed with sample values. Each save and reset is one audit entry.
 *
 * A save names the revision it was edited from (`rev`, null when it was edited from the built-in
 * wording): when another admin saved or reset the template meanwhile, it is refused
 * (`TemplateChanged`) rather than silently overwritten.
 */
import { isLanguage, LANGUAGES } from '../../../src/domain/languages';
import type { Language } from '../../../src/domain/languages';
import {
  checkTemplateInput,
  isMailTemplateKind,
  MAIL_TEMPLATE_KINDS,
  templateVariables,
} from '../../../src/domain/mail-templates';
import type {
  MailPreview,
  MailTemplateKind,
  MailTemplateSource,
  MailTemplateSummary,
  MailTemplateView,
  MailVariables,
  TemplateFieldProblems,
} from '../../../src/domain/mail-templates';
import { getOrUndefined, isConflict, isNotFound, replaceDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { getAccount } from '../accounts';
import { recordAudit } from '../admin/audit';
import { builtInApprovalMail } from '../approval-mail';
import { builtInContactReplyMail } from '../contact-reply-mail';
import { builtInCreditNoteMail } from '../credit-note-mail';
import { mailTemplateDocId, MAIL_TEMPLATES_DB, renderTemplate } from '../mail-compose';
import type { MailTemplateDoc, RenderedMail } from '../mail-compose';
import { builtInInvoiceMail, builtInPasswordResetMail, builtInVerificationMail } from '../mail-templates';
import { builtInPayoutMail } from '../payouts/payout-mail';
import { builtInRejectionMail } from '../rejection-mail';
import { builtInCampaignMail, campaignMail } from './campaign-mail';
import { sampleVariables } from './mail-template-samples';

export class TemplateInvalid extends Error {
  constructor(readonly fields: TemplateFieldProblems) {
    super('Refused: some fields are not valid');
    this.name = 'TemplateInvalid';
  }
}

export class TemplateNotFound extends Error {
  constructor() {
    super('No such kind of mail or language');
    this.name = 'TemplateNotFound';
  }
}

export class TemplateChanged extends Error {
  constructor(readonly id: string) {
    super(`The template ${id} changed meanwhile`);
    this.name = 'TemplateChanged';
  }
}

type BuiltIns = { [K in MailTemplateKind]: (language: Language, values: MailVariables<K>) => RenderedMail };

const BUILT_IN: BuiltIns = {
  verification: builtInVerificationMail,
  password_reset: builtInPasswordResetMail,
  invoice: builtInInvoiceMail,
  credit_note: builtInCreditNoteMail,
  provider_approved: builtInApprovalMail,
  provider_rejected: builtInRejectionMail,
  payout_sent: builtInPayoutMail,
  contact_reply: builtInContactReplyMail,
  campaign: builtInCampaignMail,
};

/** The mail a kind's built-in wording renders from these values. */
function renderBuiltIn(kind: MailTemplateKind, language: Language, values: Record<string, string>) {
  const render = BUILT_IN[kind] as (language: Language, values: Record<string, string>) => RenderedMail;
  return render(language, values);
}

/** The built-in wording as a template: rendered with each variable standing for itself. */
export function builtInSource(kind: MailTemplateKind, language: Language): MailTemplateSource {
  const placeholders = Object.fromEntries(templateVariables(kind).map((name) => [name, `{{${name}}}`]));
  const { subject, text } = renderBuiltIn(kind, language, placeholders);
  return { subject, text };
}

/** The kind and language a request names, or TemplateNotFound. */
export function templateKey(kind: string, language: string): { kind: MailTemplateKind; language: Language } {
  if (!isMailTemplateKind(kind) || !isLanguage(language)) throw new TemplateNotFound();
  return { kind, language };
}

const subjectId = (kind: MailTemplateKind, language: Language) => `${kind}:${language}`;

const templatesDb = (store: Store) => store.db<MailTemplateDoc>(MAIL_TEMPLATES_DB);

async function readStored(
  store: Store,
  kind: MailTemplateKind,
  language: Language,
): Promise<(MailTemplateDoc & { _rev: string }) | undefined> {
  const doc = await getOrUndefined(templatesDb(store), mailTemplateDocId(kind, language));
  return doc?.type === 'mail_template' ? doc : undefined;
}

function summary(kind: MailTemplateKind, language: Language, doc?: MailTemplateDoc): MailTemplateSummary {
  return doc
    ? { kind, language, customised: true, updatedAt: doc.updatedAt, updatedBy: doc.updatedBy }
    : { kind, language, customised: false };
}

/** Every kind in every language (45 documents at most, read by id in one request). */
export async function listMailTemplates(store: Store): Promise<MailTemplateSummary[]> {
  const keys = MAIL_TEMPLATE_KINDS.flatMap((kind) =>
    LANGUAGES.map((language) => ({ kind, language, id: mailTemplateDocId(kind, language) })),
  );
  const { rows } = await templatesDb(store).fetch({ keys: keys.map((key) => key.id) });
  const stored = new Map<string, MailTemplateDoc>();
  for (const row of rows) {
    const doc = 'doc' in row ? row.doc : undefined;
    if (doc?.type === 'mail_template') stored.set(doc._id, doc);
  }
  return keys.map(({ kind, language, id }) => summary(kind, language, stored.get(id)));
}

export async function getMailTemplate(
  store: Store,
  kind: MailTemplateKind,
  language: Language,
): Promise<MailTemplateView> {
  const doc = await readStored(store, kind, language);
  const builtIn = builtInSource(kind, language);
  const source = doc ? { subject: doc.subject, text: doc.text } : builtIn;
  const editor = doc ? await getAccount(store, doc.updatedBy) : undefined;
  return {
    ...summary(kind, language, doc),
    ...(editor?.displayName ? { updatedByName: editor.displayName } : {}),
    ...source,
    rev: doc?._rev ?? null,
    builtIn,
  };
}

/** The revision a save was edited from: a revision string, or null for the built-in wording. */
function sentRev(input: unknown): string | null {
  const rev = typeof input === 'object' && input !== null ? (input as { rev?: unknown }).rev : undefined;
  if (rev === undefined) throw new TemplateInvalid({ rev: 'required' });
  if (rev !== null && (typeof rev !== 'string' || rev.length === 0 || rev.length > 100)) {
    throw new TemplateInvalid({ rev: 'value_invalid' });
  }
  return rev;
}

type Change = { kind: MailTemplateKind; language: Language; by: string; now?: Date };

export async function saveMailTemplate(
  store: Store,
  { kind, language, input, by, now = new Date() }: Change & { input: unknown },
): Promise<MailTemplateView> {
  const check = checkTemplateInput(kind, input, ['rev']);
  if (!check.ok) throw new TemplateInvalid(check.fields);
  const rev = sentRev(input);
  const id = subjectId(kind, language);
  const current = await readStored(store, kind, language);
  if ((current?._rev ?? null) !== rev) throw new TemplateChanged(id);
  const before = current ? { subject: current.subject, text: current.text } : null;
  if (JSON.stringify(before) === JSON.stringify(check.value)) return getMailTemplate(store, kind, language);
  const doc: MailTemplateDoc = {
    _id: mailTemplateDocId(kind, language),
    ...(current ? { _rev: current._rev } : {}),
    type: 'mail_template',
    kind,
    language,
    ...check.value,
    updatedAt: now.toISOString(),
    updatedBy: by,
  };
  try {
    await replaceDoc(store, MAIL_TEMPLATES_DB, doc);
  } catch (error) {
    if (isConflict(error)) throw new TemplateChanged(id);
    throw error;
  }
  await recordAudit(store, {
    actor: by,
    action: 'mail_template_update',
    subject: { kind: 'mail_template', id },
    before,
    after: check.value,
    now,
  });
  return getMailTemplate(store, kind, language);
}

/** Deletes the stored template, so the built-in wording is used again; nothing to do without one. */
export async function resetMailTemplate(
  store: Store,
  { kind, language, rev, by, now = new Date() }: Change & { rev?: string },
): Promise<MailTemplateView> {
  const id = subjectId(kind, language);
  const current = await readStored(store, kind, language);
  if (rev !== undefined && current?._rev !== rev) throw new TemplateChanged(id);
  if (!current) return getMailTemplate(store, kind, language);
  try {
    await templatesDb(store).destroy(current._id, current._rev);
  } catch (error) {
    if (isConflict(error) || isNotFound(error)) throw new TemplateChanged(id);
    throw error;
  }
  await recordAudit(store, {
    actor: by,
    action: 'mail_template_reset',
    subject: { kind: 'mail_template', id },
    before: { subject: current.subject, text: current.text },
    after: null,
    now,
  });
  return getMailTemplate(store, kind, language);
}

/** A template as it would be sent (unsaved, as typed), filled with sample values for its kind and language. */
export function previewMailTemplate({
  kind,
  language,
  input,
  publicUrl,
}: {
  kind: MailTemplateKind;
  language: Language;
  input: unknown;
  publicUrl: string;
}): MailPreview {
  const check = checkTemplateInput(kind, input);
  if (!check.ok) throw new TemplateInvalid(check.fields);
  const values = sampleVariables(kind, language, publicUrl);
  if (kind !== 'campaign') return renderTemplate(language, check.value, values);
  // A campaign's layout: laid out as the senders do, around a sample campaign.
  const text = { subject: values.campaignSubject ?? '', body: values.campaignText ?? '' };
  const {
    subject,
    text: plain,
    html,
  } = campaignMail(language, text, values.unsubscribeLink ?? '', undefined, check.value);
  return { subject, text: plain, html };
}
