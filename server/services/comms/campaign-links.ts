/**
 * The links of a campaign body (plain text): found once, numbered by first appearance, so that a
 * tracked link names its target by number (tracking.ts) and the redirect can only ever lead to a URL
 * written in the campaign (no open redirect). The mail renders each link as an anchor.
 */

/** Links numbered, and so tracked, per body; any further one is left as written. */
export const CAMPAIGN_LINKS_MAX = 20;
const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
/** Punctuation ending a sentence right after a link is not part of it. */
const TRAILING = /[.,;:!?)\]]+$/;

export type BodyPart = { text: string } | { link: string; index: number };

/** A text cut into plain runs and links; `index` numbers distinct links (-1 beyond the maximum). */
export function splitLinks(text: string): BodyPart[] {
  const parts: BodyPart[] = [];
  const seen: string[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const link = match[0].replace(TRAILING, '');
    if (!URL.canParse(link)) continue;
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    let index = seen.indexOf(link);
    if (index === -1 && seen.length < CAMPAIGN_LINKS_MAX) index = seen.push(link) - 1;
    parts.push({ link, index });
    last = start + link.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The distinct links of a body, numbered as `splitLinks` numbers them. */
export function campaignLinks(body: string): string[] {
  const links: string[] = [];
  for (const part of splitLinks(body))
    if ('link' in part && part.index === links.length) links.push(part.link);
  return links;
}
