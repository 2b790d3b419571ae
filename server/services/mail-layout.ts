/**
 * The common HTML layout of every mail (a white card on a grey page, the brand on top), and the
 * HTML of a stored template, built from its plain text: the whole text is escaped, blank lines make
 * paragraphs, other line breaks stay, and web addresses (http or https only) become links. An admin
 * therefore never writes HTML, and no value (a name, a reason) can add markup to a mail.
 */
import type { Language } from '../../src/domain/languages';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export const htmlParagraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;

/** A link drawn as the mail's one button (`href` and `label` as plain text, escaped here). */
export const htmlButton = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#d62839;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px">${escapeHtml(label)}</a></p>`;

/**
 * The page around a mail's content (`inner` is HTML, already escaped); `after`, HTML after the card
 * (a campaign mail's tracking pixel).
 */
export function htmlPage(language: Language, title: string, inner: string, after = ''): string {
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f1f3f7;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#141a26">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-weight:bold;color:#d62839">SOS Expat</p>
${inner}
</div>${after}
</body>
</html>
`;
}

// Runs on escaped text: an address stops at white space or at an escaped quote or bracket.
const WEB_ADDRESS = /https?:\/\/(?:(?!&quot;|&#39;|&lt;|&gt;)[^\s])+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)]+$/;

function linkify(escaped: string): string {
  return escaped.replace(WEB_ADDRESS, (found) => {
    const trailing = TRAILING_PUNCTUATION.exec(found)?.[0] ?? '';
    const address = found.slice(0, found.length - trailing.length);
    return `<a href="${address}" style="color:#1f5fc4;word-break:break-all">${address}</a>${trailing}`;
  });
}

/** A plain text's paragraphs (blank lines apart), each as the HTML of `paragraph`. */
export function textBlocks<T>(text: string, paragraph: (block: string) => T): T[] {
  return text
    .trim()
    .split(/\n[ \t]*\n+/)
    .map((block) => block.trim())
    .filter((block) => block.length > 0)
    .map(paragraph);
}

/** One paragraph of a plain-text mail in HTML: escaped, its web addresses as links. */
export const linkedParagraph = (block: string) =>
  `<p style="margin:0 0 16px">${linkify(escapeHtml(block)).replace(/\n/g, '<br>')}</p>`;

/** The HTML of a filled plain-text mail, in the common layout. */
export function textToHtml(language: Language, subject: string, text: string): string {
  return htmlPage(language, subject, textBlocks(text, linkedParagraph).join('\n'));
}
