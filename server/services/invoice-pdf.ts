/**
 * The invoice PDF on the server, for the mail attachment: the browser's renderer
 * (src/invoice/render-invoice.ts) with the same font files, read once from src/invoice/fonts/, so the
 * attachment and the client's offline download are the same bytes. The renderer (and jsPDF) is
 * loaded with the first invoice, not when the service starts.
 */
import { readFile } from 'node:fs/promises';
import type { BillingDoc } from '../../src/invoice/render-invoice';
import type { Language } from '../../src/domain/languages';
import type { InvoiceFonts } from '../../src/invoice/render-invoice';

const FONTS_DIR = new URL('../../src/invoice/fonts/', import.meta.url);

let fonts: Promise<InvoiceFonts> | undefined;

/** The invoice fonts as base64, read from disk on first use (read again if that failed). */
export function invoiceFonts(): Promise<InvoiceFonts> {
  if (!fonts) {
    fonts = loadFonts();
    fonts.catch(() => {
      fonts = undefined;
    });
  }
  return fonts;
}

async function loadFonts(): Promise<InvoiceFonts> {
  const { INVOICE_FONT_FILES } = await import('../../src/invoice/render-invoice');
  const read = async (file: string) => (await readFile(new URL(file, FONTS_DIR))).toString('base64');
  const [regular, bold] = await Promise.all([
    read(INVOICE_FONT_FILES.regular),
    read(INVOICE_FONT_FILES.bold),
  ]);
  return { regular, bold };
}

export async function renderInvoiceForMail(invoice: BillingDoc, language: Language): Promise<Buffer> {
  const [{ renderInvoicePdf }, fonts] = await Promise.all([
    import('../../src/invoice/render-invoice'),
    invoiceFonts(),
  ]);
  const pdf = renderInvoicePdf(invoice, language, fonts);
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
