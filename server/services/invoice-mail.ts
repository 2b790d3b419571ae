/**
 * Sends an invoice to its client: the mail in the invoice's language with the PDF attached, the same
 * PDF the client downloads from the app. Throws when the mail cannot be handed over; the caller
 * (the consultation service) decides whether to try again.
 */
import type { InvoiceDoc } from '../../src/domain/invoice';
import type { Config } from '../config/env';
import { renderInvoiceForMail } from './invoice-pdf';
import { sendMail } from './mail';
import { composeMail } from './mail-compose';
import type { MailTemplateReader } from './mail-compose';
import { builtInInvoiceMail, invoiceMailVariables } from './mail-templates';

/** `templates`: where the admin's stored wording is read (mail-compose.ts); the built-in one otherwise. */
export async function sendInvoiceMail(
  config: Config,
  templates: MailTemplateReader,
  invoice: InvoiceDoc,
  to: string,
): Promise<void> {
  const pdf = await renderInvoiceForMail(invoice, invoice.language);
  const values = invoiceMailVariables(invoice.language, invoice);
  await sendMail(config, {
    kind: 'invoice',
    to,
    ...(await composeMail(templates, 'invoice', invoice.language, values, builtInInvoiceMail)),
    attachments: [{ filename: `${invoice.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
  });
}
