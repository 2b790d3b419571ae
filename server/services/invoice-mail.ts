/**
 * Sends an invoice to its client: the mail in the invoice's language with the PDF attached, the same
 * PDF the client downloads from the app. Throws when the mail cannot be handed over; the caller
 * (the consultation service) decides whether to try again.
 */
import type { InvoiceDoc } from '../../src/domain/invoice';
import type { Config } from '../config/env';
import { renderInvoiceForMail } from './invoice-pdf';
import { sendMail } from './mail';
import { invoiceMail } from './mail-templates';

export async function sendInvoiceMail(config: Config, invoice: InvoiceDoc, to: string): Promise<void> {
  const pdf = await renderInvoiceForMail(invoice, invoice.language);
  await sendMail(config, {
    kind: 'invoice',
    to,
    ...invoiceMail(invoice.language, invoice),
    attachments: [{ filename: `${invoice.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
  });
}
