/**
 * A campaign mail's texts (one subject and body per language, French always): their limits and their
 * check, shared by a campaign's own texts and by the second text of an A/B test (comms-ab.ts).
 */
import { checkTextsPerLanguage, isRecord } from './comms';
import type { CommsFieldProblem } from './comms';
import type { Language } from './languages';

/** A campaign mail's subject and body, in characters (the body is plain text, paragraphs kept). */
export const CAMPAIGN_SUBJECT_MAX = 150;
export const CAMPAIGN_BODY_MAX = 10_000;

/**
 * Why a field was refused; the console shows `commsCampaigns.errors.<code>`. `same_as_a`: an A/B
 * test's second text is the first one.
 */
export type CampaignFieldProblem = CommsFieldProblem | 'same_as_a';
export type CampaignFieldProblems = Record<string, CampaignFieldProblem>;

export type CampaignText = { subject: string; body: string };
export type CampaignTexts = { fr: CampaignText } & Partial<Record<Language, CampaignText>>;

function checkText(value: unknown, at: string, fields: CampaignFieldProblems): CampaignText | undefined {
  if (!isRecord(value)) {
    fields[at] = 'value_invalid';
    return undefined;
  }
  for (const key of Object.keys(value))
    if (key !== 'subject' && key !== 'body') fields[`${at}.${key}`] = 'unknown_field';
  const text: Partial<CampaignText> = {};
  for (const [key, max] of [
    ['subject', CAMPAIGN_SUBJECT_MAX],
    ['body', CAMPAIGN_BODY_MAX],
  ] as const) {
    const raw = value[key];
    const trimmed = typeof raw === 'string' ? raw.trim() : '';
    // A subject is one line: a line break in it would start another header.
    if (typeof raw !== 'string' || trimmed === '') fields[`${at}.${key}`] = 'required';
    else if (trimmed.length > max) fields[`${at}.${key}`] = 'too_long';
    else if (key === 'subject' && /[\r\n]/.test(trimmed)) fields[`${at}.${key}`] = 'value_invalid';
    else text[key] = trimmed;
  }
  return text.subject !== undefined && text.body !== undefined ? (text as CampaignText) : undefined;
}

/** Texts per language at `at` (`texts`, `ab.textsB`): French required, known languages only. */
export function checkTexts(
  value: unknown,
  at: string,
  fields: CampaignFieldProblems,
): CampaignTexts | undefined {
  return checkTextsPerLanguage(value, at, fields, (text, path) => checkText(text, path, fields));
}
