/**
 * A party's block on an invoice (or, later, a credit note): a small heading, the name, then its
 * lines. The seller's lines are its legal identity as the invoice copied it from the settings when
 * issued (address, company registration, VAT number), printed only when present: a blank line or a
 * placeholder number is never drawn.
 */
import type { InvoiceParty } from '../domain/invoice';
import type { InvoiceFormat } from './format';
import type { InvoiceLabels } from './labels';
import { COLOUR } from './palette';
import type { PdfPage } from './pdf-page';

export type PartyColumn = { x: number; width: number };

/** A number set whole: a line that is too long breaks before it, never inside it. */
const unbroken = (value: string) => value.trim().replace(/\s+/g, '\u00a0');

/** The seller's legal identity, line by line. */
export function sellerLines(seller: InvoiceParty, labels: InvoiceLabels): string[] {
  return [
    ...(seller.address ?? []),
    ...(seller.companyId ? [`${labels.companyId} ${unbroken(seller.companyId)}`] : []),
    ...(seller.vatId ? [`${labels.vatId} ${unbroken(seller.vatId)}`] : []),
  ];
}

/** The buyer's lines: address, e-mail, country named in the invoice's language, VAT number. */
export function buyerLines(buyer: InvoiceParty, labels: InvoiceLabels, format: InvoiceFormat): string[] {
  const country = format.country(buyer.country);
  return [
    ...(buyer.address ?? []),
    ...(buyer.email ? [buyer.email] : []),
    ...(country ? [country] : []),
    ...(buyer.companyId ? [`${labels.companyId} ${unbroken(buyer.companyId)}`] : []),
    ...(buyer.vatId ? [unbroken(buyer.vatId)] : []),
  ];
}

/** Draws a block from `top`; returns its bottom. */
export function drawParty(
  page: PdfPage,
  column: PartyColumn,
  top: number,
  block: { heading: string; name: string; lines: string[] },
): number {
  const { x, width } = column;
  let y = top;
  y += page.use('bold', 8, COLOUR.faint).text(block.heading, x, y) + 1;
  y = page.use('bold', 11, COLOUR.ink).wrapped(block.name.trim(), x, y, width) + 0.5;
  page.use('normal', 9.5, COLOUR.muted);
  for (const line of block.lines) y = page.wrapped(line.trim(), x, y, width);
  return y;
}
