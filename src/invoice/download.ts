/**
 * The invoice (or credit note) PDF in the browser, offline too: the same renderer as the server's mail attachment,
 * from the invoice document in the user's own database. jspdf and the renderer are loaded on first
 * use (a dynamic import, so none of it is in the first visit's bundle); the two fonts are fetched
 * once from their URLs (precached by the service worker) and kept as base64.
 */
import type { BillingDoc } from '../domain/credit-note';
import type { Language } from '../domain/languages';
import { bytesToBase64 } from './base64';
import boldUrl from './fonts/DejaVuSans-Bold-invoice.ttf?url';
import regularUrl from './fonts/DejaVuSans-invoice.ttf?url';
import type { InvoiceFonts } from './render-invoice';

/** How long the downloaded file's object URL is kept, for browsers that read it after `click()`. */
const REVOKE_AFTER_MS = 60_000;

let fonts: Promise<InvoiceFonts> | undefined;

function invoiceFonts(): Promise<InvoiceFonts> {
  if (!fonts) {
    fonts = loadFonts();
    // A failed fetch (offline before the fonts were cached) is tried again next time.
    fonts.catch(() => {
      fonts = undefined;
    });
  }
  return fonts;
}

async function loadFonts(): Promise<InvoiceFonts> {
  const read = async (url: string) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Invoice font ${url}: HTTP ${response.status}`);
    return bytesToBase64(new Uint8Array(await response.arrayBuffer()));
  };
  const [regular, bold] = await Promise.all([read(regularUrl), read(boldUrl)]);
  return { regular, bold };
}

export async function invoicePdfBlob(invoice: BillingDoc, language: Language): Promise<Blob> {
  const [{ renderInvoicePdf }, loaded] = await Promise.all([import('./render-invoice'), invoiceFonts()]);
  const pdf = renderInvoicePdf(invoice, language, loaded);
  return new Blob([pdf], { type: 'application/pdf' });
}

/** Saves the invoice or credit note as `<number>.pdf` through the browser's download. */
export async function downloadInvoicePdf(invoice: BillingDoc, language: Language): Promise<void> {
  const url = URL.createObjectURL(await invoicePdfBlob(invoice, language));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${invoice.number}.pdf`;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
