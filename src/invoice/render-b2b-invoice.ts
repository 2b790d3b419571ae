/**
 * The monthly invoice of a company account (src/domain/b2b.ts) as a PDF: the consultation invoice's
 * drawing pieces (page, fonts, party blocks, formats, labels) with a table of the month's
 * consultations — date, member, expert, service, amount — then net, VAT and total. Pages break when
 * the table runs long; the totals follow the last line. Deterministic like render-invoice.ts.
 */
import { jsPDF } from 'jspdf';
import type { B2bInvoice } from '../domain/b2b';
import type { Language } from '../domain/languages';
import { invoiceFormat } from './format';
import type { InvoiceFormat } from './format';
import { INVOICE_LABELS, INVOICE_PLATFORM_NAME } from './labels';
import type { InvoiceLabels } from './labels';
import { COLOUR } from './palette';
import { drawParty, sellerLines } from './party-block';
import { FONT_FAMILY, PdfPage } from './pdf-page';
import { INVOICE_FONT_FILES } from './render-invoice';
import type { InvoiceFonts } from './render-invoice';

type B2bLabels = { period: string; date: string; member: string; totalDue: string; service: string };

const B2B_LABELS: Record<Language, B2bLabels> = {
  fr: {
    period: 'Période',
    date: 'Date',
    member: 'Collaborateur',
    totalDue: 'Total TTC dû',
    service: 'Service',
  },
  en: {
    period: 'Period',
    date: 'Date',
    member: 'Employee',
    totalDue: 'Total due incl. VAT',
    service: 'Service',
  },
  es: {
    period: 'Periodo',
    date: 'Fecha',
    member: 'Empleado',
    totalDue: 'Total a pagar IVA incl.',
    service: 'Servicio',
  },
  ru: {
    period: 'Период',
    date: 'Дата',
    member: 'Сотрудник',
    totalDue: 'Итого к оплате с НДС',
    service: 'Услуга',
  },
  de: {
    period: 'Zeitraum',
    date: 'Datum',
    member: 'Mitarbeiter',
    totalDue: 'Gesamtbetrag inkl. MwSt.',
    service: 'Leistung',
  },
};

const PAGE = { width: 210, height: 297, margin: 20 };
const RIGHT = PAGE.width - PAGE.margin;
const BOTTOM = PAGE.height - 26;
/** Left edge and width of each column (mm); long names and labels wrap inside their column. */
const COLUMNS = {
  date: { x: PAGE.margin + 2, width: 22 },
  member: { x: 46, width: 45 },
  provider: { x: 93, width: 38 },
  service: { x: 133, width: 33 },
};
const TOTALS_WIDTH = 86;

export function renderB2bInvoicePdf(
  invoice: B2bInvoice,
  language: Language,
  fonts: InvoiceFonts,
): Uint8Array<ArrayBuffer> {
  const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: true, putOnlyUsedFonts: true });
  for (const style of ['regular', 'bold'] as const) {
    doc.addFileToVFS(INVOICE_FONT_FILES[style], fonts[style]);
    doc.addFont(INVOICE_FONT_FILES[style], FONT_FAMILY, style === 'bold' ? 'bold' : 'normal');
  }
  const labels = INVOICE_LABELS[language];
  const b2b = B2B_LABELS[language];
  const format = invoiceFormat(language, invoice.currency);
  doc.setCreationDate(`D:${invoice.issuedAt.replace(/\D/g, '').slice(0, 14)}+00'00'`);
  doc.setLanguage(language);
  doc.setDocumentProperties({
    title: `${labels.title} ${invoice.number}`,
    author: invoice.seller.name,
    creator: INVOICE_PLATFORM_NAME,
  });
  const page = new PdfPage(doc, { left: PAGE.margin, right: RIGHT, rule: COLOUR.rule });
  drawHeader(page, invoice, labels, b2b, format, language);
  const partiesBottom = Math.max(
    drawParty(page, { x: PAGE.margin, width: 80 }, 52, {
      heading: format.upper(labels.seller),
      name: invoice.seller.name,
      lines: sellerLines(invoice.seller, labels),
    }),
    drawParty(page, { x: 112, width: 78 }, 52, {
      heading: format.upper(labels.buyer),
      name: invoice.buyer.name,
      lines: [
        ...invoice.buyer.address.split('\n'),
        invoice.buyer.email,
        ...(invoice.buyer.vatId ? [`${labels.vatId} ${invoice.buyer.vatId}`] : []),
      ],
    }),
  );
  // Line dates in numbers (01/10/2026): the long form would wrap in the narrow column.
  const day = new Intl.DateTimeFormat(language, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
  let y = drawTableHead(page, partiesBottom + 10, labels, b2b);
  for (const line of invoice.lines) {
    if (y > BOTTOM) {
      drawFooter(page, invoice, labels);
      doc.addPage();
      y = drawTableHead(page, PAGE.margin, labels, b2b);
    }
    page.use('normal', 8.5, COLOUR.ink);
    const cells: [keyof typeof COLUMNS, string][] = [
      ['date', day.format(new Date(line.date))],
      ['member', line.member.name],
      ['provider', line.provider],
      ['service', labels.services[line.service]],
    ];
    const bottoms = cells.map(([column, text]) =>
      page.wrapped(text, COLUMNS[column].x, y, COLUMNS[column].width),
    );
    page.text(format.money(line.amount), RIGHT - 2, y, 'right');
    y = Math.max(...bottoms) + 1.5;
  }
  page.rule(y);
  if (y > BOTTOM - 40) {
    drawFooter(page, invoice, labels);
    doc.addPage();
    y = PAGE.margin;
  }
  drawTotals(page, y + 6, invoice, labels, b2b, format);
  drawFooter(page, invoice, labels);
  return new Uint8Array(doc.output('arraybuffer'));
}

function drawHeader(
  page: PdfPage,
  invoice: B2bInvoice,
  labels: InvoiceLabels,
  b2b: B2bLabels,
  format: InvoiceFormat,
  language: Language,
): void {
  page.use('bold', 18, COLOUR.brand).text(INVOICE_PLATFORM_NAME, PAGE.margin, 18);
  page.use('bold', 22, COLOUR.ink).text(labels.title, RIGHT, 17, 'right');
  const period = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const rows: [string, string][] = [
    [labels.number, invoice.number],
    [labels.issuedOn, format.date(invoice.issuedAt)],
    [b2b.period, period.format(new Date(`${invoice.month}-01T00:00:00Z`))],
  ];
  let y = 28;
  for (const [label, value] of rows) {
    page.use('normal', 9, COLOUR.faint).text(label, RIGHT - 70, y + 0.5);
    y += page.use('bold', 10, COLOUR.ink).text(value, RIGHT, y, 'right') + 0.3;
  }
  page.rule(46);
}

function drawTableHead(page: PdfPage, top: number, labels: InvoiceLabels, b2b: B2bLabels): number {
  page.band(PAGE.margin, top, RIGHT - PAGE.margin, 7, COLOUR.band);
  page.use('bold', 8.5, COLOUR.muted);
  page.text(b2b.date, COLUMNS.date.x, top + 1.8);
  page.text(b2b.member, COLUMNS.member.x, top + 1.8);
  page.text(labels.provider, COLUMNS.provider.x, top + 1.8);
  page.text(b2b.service, COLUMNS.service.x, top + 1.8);
  page.text(labels.amount, RIGHT - 2, top + 1.8, 'right');
  return top + 10;
}

function drawTotals(
  page: PdfPage,
  top: number,
  invoice: B2bInvoice,
  labels: InvoiceLabels,
  b2b: B2bLabels,
  format: InvoiceFormat,
): void {
  const x = RIGHT - TOTALS_WIDTH;
  let y = top;
  const row = (label: string, value: string, bold = false) => {
    page.use(bold ? 'bold' : 'normal', bold ? 11 : 10, bold ? COLOUR.total : COLOUR.muted).text(label, x, y);
    y +=
      page.use(bold ? 'bold' : 'normal', bold ? 11 : 10, COLOUR.ink).text(value, RIGHT - 2, y, 'right') + 1;
  };
  row(labels.net, format.money(invoice.amounts.net));
  if (invoice.vatRate > 0 || !invoice.vatNote) {
    row(labels.vat(format.percent(invoice.vatRate)), format.money(invoice.amounts.vat));
  } else {
    y = page.use('normal', 9, COLOUR.muted).wrapped(invoice.vatNote, x, y, TOTALS_WIDTH) + 1;
  }
  page.rule(y, x, RIGHT);
  y += 2;
  row(b2b.totalDue, format.money(invoice.amounts.total), true);
  page.use('normal', 9, COLOUR.faint).text(labels.currency, x, y + 1);
  page.use('normal', 9, COLOUR.ink).text(invoice.currency, RIGHT - 2, y + 1, 'right');
}

function drawFooter(page: PdfPage, invoice: B2bInvoice, labels: InvoiceLabels): void {
  const y = PAGE.height - 18;
  page.rule(y);
  page.use('normal', 8, COLOUR.faint);
  page.text(labels.footer(INVOICE_PLATFORM_NAME), PAGE.margin, y + 3);
  page.text(`${labels.title} ${invoice.number}`, RIGHT, y + 3, 'right');
}
