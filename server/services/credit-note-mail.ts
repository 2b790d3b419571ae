/**
 * Sends a credit note to its client: the mail in the credit note's language with its PDF attached,
 * the same PDF the client downloads from their invoices (src/invoice/render-invoice.ts).
 */
import type { CreditNoteDoc } from '../../src/domain/credit-note';
import type { Language } from '../../src/domain/languages';
import { invoiceFormat } from '../../src/invoice/format';
import type { Config } from '../config/env';
import { renderInvoiceForMail } from './invoice-pdf';
import type { MailVariables } from '../../src/domain/mail-templates';
import { sendMail } from './mail';
import { composeMail } from './mail-compose';
import type { MailTemplateReader, RenderedMail } from './mail-compose';
import { COMMON, documentMail } from './mail-templates';

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

/** The facts of a credit note its mail names. */
export type CreditNoteMailFacts = Pick<
  CreditNoteDoc,
  'number' | 'invoiceNumber' | 'currency' | 'consultationAt'
> & { buyer: { name: string }; provider: { name: string }; amounts: { total: number } };

export function creditNoteMailVariables(
  language: Language,
  creditNote: CreditNoteMailFacts,
): MailVariables<'credit_note'> {
  const format = invoiceFormat(language, creditNote.currency);
  const name = creditNote.buyer.name.trim() || undefined;
  return {
    greeting: COMMON[language].greeting(name),
    firstName: name ?? '',
    creditNoteNumber: creditNote.number,
    invoiceNumber: creditNote.invoiceNumber,
    amount: format.money(creditNote.amounts.total),
    consultationDate: format.date(creditNote.consultationAt),
    providerName: creditNote.provider.name,
  };
}

export function builtInCreditNoteMail(
  language: Language,
  values: MailVariables<'credit_note'>,
): RenderedMail {
  const mail = CREDIT_NOTE[language];
  return documentMail(language, {
    subject: mail.subject(values.creditNoteNumber),
    greeting: values.greeting,
    intro: mail.intro(values.amount, values.consultationDate, values.providerName),
    fields: [
      [mail.number, values.creditNoteNumber],
      [mail.invoice, values.invoiceNumber],
      [mail.total, values.amount],
    ],
    closing: mail.closing,
  });
}

export function creditNoteMail(language: Language, creditNote: CreditNoteDoc): RenderedMail {
  return builtInCreditNoteMail(language, creditNoteMailVariables(language, creditNote));
}

export async function sendCreditNoteMail(
  config: Config,
  templates: MailTemplateReader,
  creditNote: CreditNoteDoc,
  to: string,
): Promise<void> {
  const pdf = await renderInvoiceForMail(creditNote, creditNote.language);
  const language = creditNote.language;
  const values = creditNoteMailVariables(language, creditNote);
  await sendMail(config, {
    kind: 'credit_note',
    to,
    ...(await composeMail(templates, 'credit_note', language, values, builtInCreditNoteMail)),
    attachments: [{ filename: `${creditNote.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
  });
}
