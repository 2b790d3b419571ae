/**
 * The invoice PDF renderer (src/invoice/render-invoice.ts) on 100 different invoices: names in Latin
 * and Cyrillic letters, the five languages, both currencies, with and without promo code and VAT.
 * The fonts are loaded and jspdf warmed up first, as on a server that has sent invoices before.
 */
import { invoiceFonts } from '../server/services/invoice-pdf';
import { CURRENCIES } from '../src/domain/config';
import type { InvoiceDoc } from '../src/domain/invoice';
import { LANGUAGES } from '../src/domain/languages';
import { renderInvoicePdf } from '../src/invoice/render-invoice';
import { sampleInvoice } from '../tests/support/invoices';
import type { Percentiles } from './query-bench';
import { percentiles } from './query-bench';

const FIRST_NAMES = ['Camille', 'Анна', 'Lucía', 'Jürgen', 'Дмитрий', 'Zoë', 'Oliver', 'Ekaterina', 'Łukasz'];
const LAST_NAMES = ['Martin', 'Иванова', 'García López', 'Müller', 'Соколов', 'Lefèvre', 'Smith', 'Petrova'];
const COUNTRIES = ['FR', 'TH', 'RU', 'ES', 'DE', 'US', 'MX', 'AE'];
const WARM_UP = 30;

function invoices(count: number): InvoiceDoc[] {
  return Array.from({ length: count }, (_, i) =>
    sampleInvoice({
      sequence: i + 1,
      language: LANGUAGES[i % LANGUAGES.length]!,
      currency: CURRENCIES[i % CURRENCIES.length]!,
      price: 1900 + ((i * 137) % 8000),
      vatRate: i % 4 === 3 ? 0 : 0.2,
      ...(i % 4 === 3 ? { vatNote: 'TVA non applicable, art. 293 B du CGI' } : {}),
      ...(i % 3 === 0
        ? { coupon: { code: `PROMO${i}`, kind: 'percent' as const, value: 5 + (i % 20) } }
        : {}),
      buyer: {
        name: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[(i * 5) % LAST_NAMES.length]}`,
        email: `client${i}@example.test`,
        country: COUNTRIES[i % COUNTRIES.length],
      },
      provider: {
        id: `provider-${i}`,
        name: `${FIRST_NAMES[(i + 3) % FIRST_NAMES.length]} ${LAST_NAMES[(i + 2) % LAST_NAMES.length]}`,
        role: i % 2 ? 'expat' : 'lawyer',
      },
      service: i % 2 ? 'expatCall' : 'lawyerCall',
      durationMinutes: i % 2 ? 30 : 20,
      callSeconds: 300 + ((i * 97) % 1500),
    }),
  );
}

export type InvoiceBench = Percentiles & { meanBytes: number };

export async function benchInvoices(count = 100): Promise<InvoiceBench> {
  const fonts = await invoiceFonts();
  const docs = invoices(count);
  for (let i = 0; i < WARM_UP; i++) {
    const invoice = docs[i % docs.length]!;
    renderInvoicePdf(invoice, invoice.language, fonts);
  }
  const times: number[] = [];
  let bytes = 0;
  for (const invoice of docs) {
    const started = performance.now();
    const pdf = renderInvoicePdf(invoice, invoice.language, fonts);
    times.push(performance.now() - started);
    bytes += pdf.byteLength;
  }
  return { ...percentiles(times), meanBytes: bytes / docs.length };
}
