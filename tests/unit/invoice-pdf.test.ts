/**
 * The invoice PDF as a reader sees it: rendered by the real renderer with the committed fonts, then
 * read back with pdfjs (the text a viewer extracts, Cyrillic included). Also: the same bytes from
 * the server and from the browser's jspdf build, whatever the machine's time zone, and the invoice
 * mail written to the demo outbox with the PDF attached.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { jsPDF } from 'jspdf';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config/env';
import { sendInvoiceMail } from '../../server/services/invoice-mail';
import { invoiceFonts, renderInvoiceForMail } from '../../server/services/invoice-pdf';
import { builtInMailTemplates } from '../../server/services/mail-compose';
import { invoiceMail } from '../../server/services/mail-templates';
import { LANGUAGES } from '../../src/domain/languages';
import type { Language } from '../../src/domain/languages';
import de from '../../src/i18n/locales/de.json';
import en from '../../src/i18n/locales/en.json';
import es from '../../src/i18n/locales/es.json';
import fr from '../../src/i18n/locales/fr.json';
import ru from '../../src/i18n/locales/ru.json';
import { bytesToBase64 } from '../../src/invoice/base64';
import { INVOICE_LABELS } from '../../src/invoice/labels';
import { INVOICE_FONT_FILES, renderInvoicePdf, renderInvoicePdfWith } from '../../src/invoice/render-invoice';
import { sampleInvoice } from '../support/invoices';
import { pdfText } from '../support/pdf-text';

const LOCALES: Record<Language, { professions: Record<string, string> }> = { fr, en, es, ru, de };

const russian = sampleInvoice({
  language: 'ru',
  sequence: 7,
  currency: 'USD',
  price: 5500,
  vatRate: 0,
  vatNote: 'НДС не начисляется (ст. 293 B Налогового кодекса Франции)',
  buyer: { name: 'Анна Иванова', email: 'anna.ivanova@example.test', country: 'RU' },
  provider: { id: 'provider-2', name: 'Дмитрий Соколов', role: 'expat', profession: 'expat' },
  service: 'expatCall',
  durationMinutes: 30,
  callSeconds: 1805,
});

// The first render loads jspdf, pdfjs and the fonts: seconds on a busy machine.
describe('invoice PDF', { timeout: 30_000 }, () => {
  it('says everything in French, in euros, with a promo code and VAT', async () => {
    const invoice = sampleInvoice({ coupon: { code: 'BIENVENUE10', kind: 'percent', value: 10 } });
    const { text, pages } = await pdfText(renderInvoicePdf(invoice, 'fr', await invoiceFonts()));

    expect(pages).toHaveLength(1);
    for (const expected of [
      'Facture',
      'Numéro SOS-2026-000042',
      'Date d’émission 12 mars 2026',
      'SOS Expat SAS',
      '12 rue de la Paix',
      'Immatriculation RCS Paris 123 456 789',
      'N° de TVA FR12345678901',
      'Camille Martin',
      'camille.martin@example.test',
      'Thaïlande',
      'Appel avocat 49,00 €',
      'Expert Maître Julie Moreau · Avocat',
      'Durée réservée 20 minutes',
      'Date de la consultation 12 mars 2026 à 14:02 UTC',
      'Durée de l’appel 18:32',
      'Prix standard 49,00 €',
      'Code promo BIENVENUE10 (-10 %) -4,90 €',
      'Montant HT 36,75 €',
      'TVA 20 % 7,35 €',
      'Total payé TTC 44,10 €',
      'Devise EUR · euro',
      'Payé le\n12 mars 2026 à 14:30 UTC',
      'Référence de la commande\nord_7Hk2mQ9xT4',
      'SOS Expat · Merci de votre confiance.',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('writes Cyrillic names and Russian labels, in dollars, with the VAT note instead of a rate', async () => {
    const { text } = await pdfText(renderInvoicePdf(russian, 'ru', await invoiceFonts()));

    for (const expected of [
      'Счёт',
      'Номер SOS-2026-000007',
      'ПОКУПАТЕЛЬ',
      'Анна Иванова',
      'Россия',
      'Звонок эксперту-экспату 55,00 $',
      'Эксперт Дмитрий Соколов · Эксперт-экспат',
      'Оплаченное время 30 минут',
      'Длительность звонка 30:05',
      'Сумма без НДС 55,00 $',
      'НДС не начисляется',
      'Итого оплачено 55,00 $',
      'Валюта USD · доллар США',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Промокод');
    expect(text).not.toContain('НДС 0');
  });

  it('shows a fixed promo code in English and dollars', async () => {
    const invoice = sampleInvoice({
      currency: 'USD',
      price: 5500,
      coupon: { code: 'WELCOME5', kind: 'fixed', value: 500 },
      buyer: { name: 'Jane Doe', country: 'US' },
    });
    const { text } = await pdfText(renderInvoicePdf(invoice, 'en', await invoiceFonts()));

    for (const expected of [
      'Invoice',
      'Issue date March 12, 2026',
      'BILL TO',
      'United States',
      'Lawyer call $55.00',
      'Promo code WELCOME5 -$5.00',
      'Net amount $41.67',
      'VAT 20% $8.33',
      'Total paid $50.00',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('names the provider with the profession listed, whatever service priced the call', async () => {
    const notary = sampleInvoice({
      provider: { id: 'provider-3', name: 'Hélène Garnier', role: 'lawyer', profession: 'notary' },
    });
    const { text } = await pdfText(renderInvoicePdf(notary, 'fr', await invoiceFonts()));
    expect(text).toContain('Appel avocat 49,00 €');
    expect(text).toContain('Expert Hélène Garnier · Notaire');
    expect(text).not.toContain('Avocat');

    const accountant = sampleInvoice({
      provider: { id: 'provider-4', name: 'Tom Becker', role: 'expat', profession: 'accountant' },
      service: 'expatCall',
    });
    const english = await pdfText(renderInvoicePdf(accountant, 'en', await invoiceFonts()));
    expect(english.text).toContain('Expert Tom Becker · Accountant');
    expect(english.text).not.toContain('Expat helper ·');
  });

  it('prints the name alone on an invoice issued before the profession was recorded', async () => {
    const older = sampleInvoice({
      provider: { id: 'provider-1', name: 'Maître Julie Moreau', role: 'lawyer' },
    });
    const { text } = await pdfText(renderInvoicePdf(older, 'fr', await invoiceFonts()));
    expect(text).toMatch(/^Expert Maître Julie Moreau$/m);
    expect(text).not.toContain('Avocat');
  });

  it('prints only the seller lines it has: no blank line, no label without a number', async () => {
    const invoice = sampleInvoice({ seller: { name: 'SOS Expat' } });
    const { text } = await pdfText(renderInvoicePdf(invoice, 'fr', await invoiceFonts()));
    expect(text).toContain('ÉMETTEUR\nSOS Expat\nCLIENT');
    expect(text).not.toContain('Immatriculation');
    expect(text).not.toContain('N° de TVA');
  });

  it.each(LANGUAGES)('uses the site’s names of the professions in %s', (language) => {
    expect(INVOICE_LABELS[language].professions).toEqual(LOCALES[language].professions);
  });

  it.each(LANGUAGES)('renders the labels of %s', async (language) => {
    const labels = INVOICE_LABELS[language];
    const { text } = await pdfText(renderInvoicePdf(sampleInvoice(), language, await invoiceFonts()));
    for (const label of [labels.title, labels.total, labels.services.lawyerCall, labels.orderId]) {
      expect(text).toContain(label);
    }
  });

  it('prints U+FFFD for a character the font lacks, and the rest of the name after it', async () => {
    const invoice = sampleInvoice({ buyer: { name: 'Ελένη Zoë Ș' } });
    const { text } = await pdfText(renderInvoicePdf(invoice, 'fr', await invoiceFonts()));
    expect(text).toContain('\ufffd\ufffd\ufffd\ufffd\ufffd Zoë Ș');
  });

  it('composes decomposed accents (NFD names) with the font’s own letters', async () => {
    const invoice = sampleInvoice({ buyer: { name: 'Zoe\u0308 Lefe\u0300vre' } });
    const { text } = await pdfText(renderInvoicePdf(invoice, 'fr', await invoiceFonts()));
    expect(text).toContain('Zoë Lefèvre');
  });
});

describe('invoice PDF bytes', { timeout: 30_000 }, () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('are the same on every render, in every time zone, and carry the issue time as creation date', async () => {
    const fonts = await invoiceFonts();
    process.env.TZ = 'Asia/Bangkok';
    const first = renderInvoicePdf(russian, 'ru', fonts);
    process.env.TZ = 'America/New_York';
    const second = renderInvoicePdf(russian, 'ru', fonts);

    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    expect(Buffer.from(first).toString('latin1')).toContain("/CreationDate (D:20260312143105+00'00')");
  });

  it('are the same from the server and from the browser’s jspdf build with fonts read as bytes', async () => {
    // The browser path: the fonts fetched as bytes and turned into base64 in JavaScript, and jspdf's
    // ES build (what Vite bundles) instead of its Node build.
    const fontsDir = new URL('../../src/invoice/fonts/', import.meta.url);
    const bytes = async (file: string) => new Uint8Array(await readFile(new URL(file, fontsDir)));
    const browserFonts = {
      regular: bytesToBase64(await bytes(INVOICE_FONT_FILES.regular)),
      bold: bytesToBase64(await bytes(INVOICE_FONT_FILES.bold)),
    };
    expect(browserFonts).toEqual(await invoiceFonts());
    const browserBuild = 'jspdf/dist/jspdf.es.min.js';
    const { jsPDF: BrowserJsPdf }: { jsPDF: typeof jsPDF } = await import(/* @vite-ignore */ browserBuild);

    for (const language of ['ru', 'fr'] as const) {
      const server = await renderInvoiceForMail(russian, language);
      const browser = renderInvoicePdfWith(BrowserJsPdf, russian, language, browserFonts);
      expect(Buffer.from(browser).equals(server)).toBe(true);
    }
  });
});

describe('invoice mail', () => {
  let dataDir: string | undefined;
  afterEach(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it.each(LANGUAGES)('is written in %s with the number and the amount paid', (language) => {
    const mail = invoiceMail(language, { ...russian, language });
    expect(mail.subject).toMatch(/SOS-2026-000007 – SOS Expat$/);
    expect(mail.text).toContain('Анна Иванова');
    expect(mail.text).toContain('Дмитрий Соколов');
    expect(mail.text).toContain('SOS-2026-000007');
    expect(mail.text).toMatch(/55[.,]00/);
    expect(mail.html).toContain(`<html lang="${language}">`);
  });

  it('goes to the demo outbox with the PDF attached, named after the invoice', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sos-invoice-mail-'));
    const { config, problems } = readConfig({ DATA_DIR: dataDir });
    expect(problems).toEqual([]);

    await sendInvoiceMail(config, builtInMailTemplates, russian, 'anna.ivanova@example.test');

    const outbox = path.join(dataDir, 'mail');
    const files = await readdir(outbox);
    const eml = files.find((name) => name.endsWith('.eml'));
    const json = files.find((name) => name.endsWith('.json'));
    expect(eml && json).toBeTruthy();

    const summaryText = await readFile(path.join(outbox, json!), 'utf8');
    const summary = JSON.parse(summaryText) as Record<string, unknown>;
    expect(summary).toMatchObject({
      kind: 'invoice',
      to: 'anna.ivanova@example.test',
      subject: 'Ваш счёт SOS-2026-000007 – SOS Expat',
      attachments: ['SOS-2026-000007.pdf'],
    });
    expect(summaryText.length).toBeLessThan(10_000);

    const attachment = pdfAttachment(await readFile(path.join(outbox, eml!), 'utf8'));
    expect(attachment.headers).toMatch(/content-type: application\/pdf/i);
    expect(attachment.headers).toMatch(/content-disposition: attachment;\s*filename=SOS-2026-000007\.pdf/i);
    expect(attachment.content.equals(await renderInvoiceForMail(russian, 'ru'))).toBe(true);
    expect((await pdfText(attachment.content)).text).toContain('Анна Иванова');
  });
});

/** The PDF part of a MIME message (nodemailer writes attachments in base64). */
function pdfAttachment(eml: string): { headers: string; content: Buffer } {
  const part = eml
    .split(/\n--[^\n]+\n/)
    .map((chunk) => {
      const end = chunk.indexOf('\n\n');
      return { headers: chunk.slice(0, end), body: chunk.slice(end + 2) };
    })
    .find((chunk) => /content-type: application\/pdf/i.test(chunk.headers));
  if (!part) throw new Error('No PDF attachment in the message.');
  return { headers: part.headers, content: Buffer.from(part.body.replace(/\s+/g, ''), 'base64') };
}
