/**
 * Sends a credit note to its client: the mail in the credit note's language with its PDF attached,
 * the same PDF the client downloads from their invoices (src/invoice/render-invoice.ts).
 */
import type { CreditNoteDoc } from '../../src/domain/credit-note';
import type { Language } from '../../src/domain/languages';
import { invoiceFormat } from '../../src/invoice/format';
import type { Config } from '../config/env';
import { renderInvoiceForMail } from './invoice-pdf';
import { sendMail } from './mail';
import { documentMail } from './mail-templates';
import type { RenderedMail } from './mail-templates';

type CreditNoteMailText = {
  subject: (number: string) => string;
  intro: (amount: string, date: string, provider: string) => string;
  number: string;
  invoice: string;
  total: string;
  closing: string;
};

const CREDIT_NOTE: Record<Language, CreditNoteMailText> = {
  fr: {
    subject: (number) => `Votre avoir ${number} – SOS Expat`,
    intro: (amount, date, provider) =>
      `Nous vous avons remboursé ${amount} sur votre consultation du ${date} avec ${provider}. Vous trouverez l’avoir correspondant en pièce jointe ; le remboursement apparaît sur votre relevé bancaire sous quelques jours.`,
    number: 'Avoir',
    invoice: 'Facture d’origine',
    total: 'Montant remboursé',
    closing: 'Vous le retrouvez aussi à tout moment dans vos factures, dans «\u00a0Mon espace\u00a0».',
  },
  en: {
    subject: (number) => `Your credit note ${number} – SOS Expat`,
    intro: (amount, date, provider) =>
      `We have refunded ${amount} of your consultation with ${provider} on ${date}. The credit note is attached; the refund shows on your bank statement within a few days.`,
    number: 'Credit note',
    invoice: 'Original invoice',
    total: 'Amount refunded',
    closing: 'You can also find it at any time in your invoices under “My account”.',
  },
  es: {
    subject: (number) => `Su nota de abono ${number} – SOS Expat`,
    intro: (amount, date, provider) =>
      `Le hemos reembolsado ${amount} de su consulta con ${provider} del ${date}. Adjuntamos la nota de abono; el reembolso aparecerá en su extracto bancario en unos días.`,
    number: 'Nota de abono',
    invoice: 'Factura original',
    total: 'Importe reembolsado',
    closing: 'También puede consultarla en cualquier momento en sus facturas, en «Mi espacio».',
  },
  ru: {
    subject: (number) => `Ваша кредит-нота ${number} – SOS Expat`,
    intro: (amount, date, provider) =>
      `Мы вернули вам ${amount} за консультацию от ${date} (эксперт: ${provider}). Кредит-нота во вложении; возврат появится в выписке банка в течение нескольких дней.`,
    number: 'Кредит-нота',
    invoice: 'Исходный счёт',
    total: 'Возвращено',
    closing: 'Она также всегда доступна среди ваших счетов в личном кабинете.',
  },
  de: {
    subject: (number) => `Ihre Gutschrift ${number} – SOS Expat`,
    intro: (amount, date, provider) =>
      `Wir haben Ihnen ${amount} Ihrer Beratung mit ${provider} am ${date} erstattet. Die Gutschrift finden Sie im Anhang; die Erstattung erscheint in einigen Tagen auf Ihrem Kontoauszug.`,
    number: 'Gutschrift',
    invoice: 'Ursprüngliche Rechnung',
    total: 'Erstatteter Betrag',
    closing: 'Sie finden sie außerdem jederzeit bei Ihren Rechnungen unter „Mein Bereich“.',
  },
};

export function creditNoteMail(language: Language, creditNote: CreditNoteDoc): RenderedMail {
  const mail = CREDIT_NOTE[language];
  const format = invoiceFormat(language, creditNote.currency);
  const amount = format.money(creditNote.amounts.total);
  return documentMail(language, {
    subject: mail.subject(creditNote.number),
    name: creditNote.buyer.name.trim() || undefined,
    intro: mail.intro(amount, format.date(creditNote.consultationAt), creditNote.provider.name),
    fields: [
      [mail.number, creditNote.number],
      [mail.invoice, creditNote.invoiceNumber],
      [mail.total, amount],
    ],
    closing: mail.closing,
  });
}

export async function sendCreditNoteMail(
  config: Config,
  creditNote: CreditNoteDoc,
  to: string,
): Promise<void> {
  const pdf = await renderInvoiceForMail(creditNote, creditNote.language);
  await sendMail(config, {
    kind: 'credit_note',
    to,
    ...creditNoteMail(creditNote.language, creditNote),
    attachments: [{ filename: `${creditNote.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
  });
}
