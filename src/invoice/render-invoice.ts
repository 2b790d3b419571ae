/**
 * The invoice PDF (and the credit note's, its counterpart for a refund, drawn the same way with its
 * own title, line and totals), drawn with jspdf from the document alone. One renderer for both sides:
 * the browser downloads it offline (download.ts) and the server attaches it to the invoice mail
 * (server/services/invoice-pdf.ts), with the same fonts, so both give the same bytes. No DOM here.
 *
 * Determinism: the creation date is the invoice's issue time (in UTC), the file identifier is
 * derived from the number and the language, and every date is printed in UTC; jspdf adds nothing
 * else that varies, so two renders of the same input are byte-identical.
 *
 * jspdf's built-in fonts are Latin-only: the text is set in DejaVu Sans (Latin and Cyrillic subset,
 * src/invoice/fonts/), which jspdf embeds, cut down to the glyphs used.
 */
import { jsPDF } from 'jspdf';
import { isCreditNote } from '../domain/credit-note';
import type { BillingDoc } from '../domain/credit-note';
import type { InvoiceDoc } from '../domain/invoice';
import type { Language } from '../domain/languages';
import { invoiceFormat } from './format';
import type { InvoiceFormat } from './format';
import { INVOICE_LABELS, INVOICE_PLATFORM_NAME } from './labels';
import type { InvoiceLabels } from './labels';
import { COLOUR } from './palette';
import { buyerLines, drawParty, sellerLines } from './party-block';
import { FONT_FAMILY, LINE_HEIGHT, PT, PdfPage } from './pdf-page';

/** The two TTF files of src/invoice/fonts/, base64-encoded. */
export type InvoiceFonts = { regular: string; bold: string };

export const INVOICE_FONT_FILES = {
  regular: 'DejaVuSans-invoice.ttf',
  bold: 'DejaVuSans-Bold-invoice.ttf',
} as const satisfies Record<keyof InvoiceFonts, string>;

type JsPdfConstructor = typeof jsPDF;

const PAGE = { width: 210, height: 297, margin: 20 };
const RIGHT = PAGE.width - PAGE.margin;
/** Room kept for the amount column on the right of the table. */
const AMOUNT_COLUMN = 38;
const TOTALS_WIDTH = 86;
const PARTIES_TOP = 52;
const SELLER_COLUMN = { x: PAGE.margin, width: 80 };
const BUYER_COLUMN = { x: 112, width: 78 };

/** What the renderer draws: an invoice or a credit note (one definition, in the domain). */
export type { BillingDoc };

const titleOf = (doc: BillingDoc, labels: InvoiceLabels) =>
  isCreditNote(doc) ? labels.creditNote.title : labels.title;

export function renderInvoicePdf(
  invoice: BillingDoc,
  language: Language,
  fonts: InvoiceFonts,
): Uint8Array<ArrayBuffer> {
  return renderInvoicePdfWith(jsPDF, invoice, language, fonts);
}

/** The same, with a given jspdf build (the tests compare the Node and the browser builds). */
export function renderInvoicePdfWith(
  JsPdf: JsPdfConstructor,
  invoice: BillingDoc,
  language: Language,
  fonts: InvoiceFonts,
): Uint8Array<ArrayBuffer> {
  const doc = new JsPdf({ unit: 'mm', format: 'a4', compress: true, putOnlyUsedFonts: true });
  for (const style of ['regular', 'bold'] as const) {
    doc.addFileToVFS(INVOICE_FONT_FILES[style], fonts[style]);
    doc.addFont(INVOICE_FONT_FILES[style], FONT_FAMILY, style === 'bold' ? 'bold' : 'normal');
  }
  const labels = INVOICE_LABELS[language];
  const format = invoiceFormat(language, invoice.currency);

  doc.setCreationDate(pdfDate(invoice.issuedAt));
  doc.setFileId(fileId(`${invoice.number}|${language}|${invoice.issuedAt}`));
  doc.setLanguage(language);
  doc.setDocumentProperties({
    title: `${titleOf(invoice, labels)} ${invoice.number}`,
    subject: labels.services[invoice.service],
    author: invoice.seller.name,
    creator: INVOICE_PLATFORM_NAME,
  });

  const page = new PdfPage(doc, { left: PAGE.margin, right: RIGHT, rule: COLOUR.rule });
  drawHeader(page, invoice, labels, format);
  const partiesBottom = Math.max(
    drawParty(page, SELLER_COLUMN, PARTIES_TOP, {
      heading: format.upper(labels.seller),
      name: invoice.seller.name,
      lines: sellerLines(invoice.seller, labels),
    }),
    drawParty(page, BUYER_COLUMN, PARTIES_TOP, {
      heading: format.upper(labels.buyer),
      name: invoice.buyer.name,
      lines: buyerLines(invoice.buyer, labels, format),
    }),
  );
  const tableBottom = drawLines(page, partiesBottom + 12, invoice, labels, format);
  const totalsTop = tableBottom + 8;
  drawPayment(page, totalsTop, invoice, labels, format);
  drawTotals(page, totalsTop, invoice, labels, format);
  drawFooter(page, invoice, labels);

  return new Uint8Array(doc.output('arraybuffer'));
}

function drawHeader(page: PdfPage, invoice: BillingDoc, labels: InvoiceLabels, format: InvoiceFormat): void {
  page.use('bold', 18, COLOUR.brand).text(INVOICE_PLATFORM_NAME, PAGE.margin, 18);
  page.use('bold', 22, COLOUR.ink).text(titleOf(invoice, labels), RIGHT, 17, 'right');

  const rows: [string, string][] = [
    [labels.number, invoice.number],
    [labels.issuedOn, format.date(invoice.issuedAt)],
    ...(isCreditNote(invoice)
      ? [[labels.creditNote.corrects, invoice.invoiceNumber] as [string, string]]
      : []),
  ];
  page.use('normal', 9, COLOUR.faint);
  const labelWidth = Math.max(...rows.map(([label]) => page.width(label)));
  page.use('bold', 10, COLOUR.ink);
  const valueWidth = Math.max(...rows.map(([, value]) => page.width(value)));
  const x = RIGHT - labelWidth - 6 - valueWidth;
  // A credit note has a third row (the invoice it corrects): they start higher to clear the rule.
  let y = rows.length > 2 ? 26.5 : 30;
  for (const [label, value] of rows) {
    page.use('normal', 9, COLOUR.faint).text(label, x, y + 0.5);
    y += page.use('bold', 10, COLOUR.ink).text(value, RIGHT, y, 'right') + 0.5;
  }
  page.rule(46);
}

/** The table: a header band, then the service with its details; returns its bottom. */
function drawLines(
  page: PdfPage,
  top: number,
  invoice: BillingDoc,
  labels: InvoiceLabels,
  format: InvoiceFormat,
): number {
  const left = PAGE.margin;
  const inner = left + 3;
  page.band(left, top, RIGHT - left, 8, COLOUR.band);
  page.use('bold', 9, COLOUR.muted);
  page.text(labels.description, inner, top + 2.2);
  page.text(labels.amount, RIGHT - 3, top + 2.2, 'right');

  let y = top + 12;
  const service = labels.services[invoice.service];
  const credit = isCreditNote(invoice) ? invoice : undefined;
  page.use('bold', 11, COLOUR.ink).text(credit ? labels.creditNote.refundOf(service) : service, inner, y);
  y += page
    .use('normal', 10.5, COLOUR.ink)
    .text(
      format.money(isCreditNote(invoice) ? invoice.amounts.total : invoice.amounts.standard),
      RIGHT - 3,
      y,
      'right',
    );
  y += 1.5;

  const details: [string, string][] = [
    [labels.provider, providerLine(invoice.provider, labels)],
    [labels.bookedDuration, format.minutes(invoice.durationMinutes)],
    [labels.consultationOn, format.dateTime(invoice.consultationAt)],
    [labels.callDuration, format.callLength(invoice.callSeconds)],
    ...(credit?.reason ? [[labels.creditNote.reason, credit.reason] as [string, string]] : []),
  ];
  page.use('normal', 9, COLOUR.faint);
  const valueX = inner + Math.max(...details.map(([label]) => page.width(label))) + 5;
  const valueWidth = RIGHT - AMOUNT_COLUMN - valueX;
  for (const [label, value] of details) {
    page.use('normal', 9, COLOUR.faint).text(label, inner, y);
    y = page.use('normal', 9, COLOUR.ink).wrapped(value, valueX, y, valueWidth) + 0.6;
  }
  y += 3;
  page.rule(y);
  return y;
}

/**
 * The provider's name with the profession the directory listed: never the service's role, which
 * only prices the call (a tax consultant may take lawyer calls). Older invoices lack it: name alone.
 */
function providerLine(provider: InvoiceDoc['provider'], labels: InvoiceLabels): string {
  return provider.profession
    ? `${provider.name} · ${labels.professions[provider.profession]}`
    : provider.name;
}

/** Standard price, promo code, net, VAT, the total paid and the currency, on the right. */
function drawTotals(
  page: PdfPage,
  top: number,
  invoice: BillingDoc,
  labels: InvoiceLabels,
  format: InvoiceFormat,
): void {
  const x = RIGHT - TOTALS_WIDTH;
  const { amounts } = invoice;
  let y = top;
  const row = (label: string, value: string) => {
    const labelWidth = TOTALS_WIDTH - page.use('normal', 10, COLOUR.ink).width(value) - 8;
    const bottom = page.use('normal', 10, COLOUR.muted).wrapped(label, x, y, labelWidth);
    page.use('normal', 10, COLOUR.ink).text(value, RIGHT - 3, y, 'right');
    y = bottom + 1;
  };
  if (!isCreditNote(invoice)) {
    row(labels.standardPrice, format.money(invoice.amounts.standard));
    const { coupon } = invoice;
    if (coupon) {
      const off = coupon.kind === 'percent' ? ` (${format.percent(-coupon.value / 100)})` : '';
      row(`${labels.coupon} ${coupon.code}${off}`, format.money(-invoice.amounts.discount));
    }
    page.rule(y, x, RIGHT);
    y += 2;
  }
  row(labels.net, format.money(amounts.net));
  if (invoice.vatRate > 0 || !invoice.vatNote) {
    row(labels.vat(format.percent(invoice.vatRate)), format.money(amounts.vat));
  } else {
    y = page.use('normal', 9, COLOUR.muted).wrapped(invoice.vatNote, x, y, TOTALS_WIDTH - 3) + 1;
  }

  y += 1;
  const total = format.money(amounts.total);
  const totalLabel = isCreditNote(invoice) ? labels.creditNote.total : labels.total;
  const totalWidth = page.use('bold', 13, COLOUR.total).width(total);
  const labelWidth = TOTALS_WIDTH - totalWidth - 8;
  const labelLines = page.use('bold', 11, COLOUR.ink).lines(totalLabel, labelWidth).length;
  const bandHeight = Math.max(12, labelLines * 11 * PT * LINE_HEIGHT + 7);
  page.band(x - 3, y, TOTALS_WIDTH + 3, bandHeight, COLOUR.totalBand);
  page.use('bold', 11, COLOUR.ink).wrapped(totalLabel, x, y + 3.8, labelWidth);
  page.use('bold', 13, COLOUR.total).text(total, RIGHT - 3, y + 3.2, 'right');
  y += bandHeight + 3;
  page.use('normal', 9, COLOUR.faint).text(labels.currency, x, y);
  page
    .use('normal', 9, COLOUR.ink)
    .text(`${invoice.currency} · ${format.currencyName(invoice.currency)}`, RIGHT - 3, y, 'right');
}

function drawPayment(
  page: PdfPage,
  top: number,
  invoice: BillingDoc,
  labels: InvoiceLabels,
  format: InvoiceFormat,
): void {
  const x = PAGE.margin;
  const width = RIGHT - TOTALS_WIDTH - 12 - x;
  let y = top;
  y += page.use('bold', 8, COLOUR.faint).text(format.upper(labels.payment), x, y) + 1;
  for (const [label, value] of [
    isCreditNote(invoice)
      ? [labels.creditNote.refundedOn, format.dateTime(invoice.refundedAt)]
      : [labels.paidOn, format.dateTime(invoice.paidAt)],
    [labels.orderId, invoice.orderId],
  ] as const) {
    y += page.use('normal', 8.5, COLOUR.faint).text(label, x, y);
    y = page.use('normal', 10, COLOUR.ink).wrapped(value, x, y, width) + 2;
  }
}

function drawFooter(page: PdfPage, invoice: BillingDoc, labels: InvoiceLabels): void {
  const y = PAGE.height - 18;
  page.rule(y);
  page.use('normal', 8, COLOUR.faint);
  page.text(labels.footer(INVOICE_PLATFORM_NAME), PAGE.margin, y + 3);
  page.text(`${titleOf(invoice, labels)} ${invoice.number}`, RIGHT, y + 3, 'right');
}

/** A PDF date (`D:20260312143000+00'00'`) in UTC, so that it does not depend on the machine's zone. */
function pdfDate(iso: string): string {
  const digits = new Date(iso).toISOString().replace(/\D/g, '').slice(0, 14);
  return `D:${digits}+00'00'`;
}

/** 32 hex digits derived from `seed` (four FNV-1a hashes): a stable PDF file identifier. */
function fileId(seed: string): string {
  let out = '';
  for (const basis of [0x811c9dc5, 0x01000193, 0x9e3779b9, 0x85ebca6b]) {
    let hash = basis;
    for (let i = 0; i < seed.length; i++) {
      hash ^= seed.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    out += hash.toString(16).padStart(8, '0');
  }
  return out;
}
