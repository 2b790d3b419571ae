/**
 * The mail telling a provider that a payout was sent to them, in their language: the amount in its
 * currency and the day it was paid (through Intl, as on the invoice), and a link to the dashboard tab
 * that lists their earnings and payouts. Plain text and simple HTML, like the other mails
 * (mail-templates.ts); when it is sent, and once, is payout-mailing.ts.
 */
import { pathOf } from '../../../src/config/paths';
import type { Currency } from '../../../src/domain/config';
import type { Language } from '../../../src/domain/languages';
import type { MailVariables } from '../../../src/domain/mail-templates';
import { invoiceFormat } from '../../../src/invoice/format';
import type { RenderedMail } from '../mail-compose';
import { escapeHtml, htmlButton, htmlPage, htmlParagraph as paragraph } from '../mail-layout';
import { COMMON, footer } from '../mail-templates';

type PayoutText = {
  subject: (amount: string) => string;
  intro: string;
  amount: string;
  date: string;
  bank: string;
  details: string;
  action: string;
};

const PAYOUT: Record<Language, PayoutText> = {
  fr: {
    subject: (amount) => `Versement de ${amount} effectué – SOS Expat`,
    intro: 'Nous vous avons versé les gains de vos consultations sur SOS Expat.',
    amount: 'Montant versé',
    date: 'Date du versement',
    bank: 'Selon votre banque, la somme peut mettre quelques jours à apparaître sur votre compte.',
    details: 'Le détail de vos gains et de vos versements se trouve dans votre espace.',
    action: 'Voir mes gains',
  },
  en: {
    subject: (amount) => `Payout of ${amount} sent – SOS Expat`,
    intro: 'We have paid out the earnings from your consultations on SOS Expat.',
    amount: 'Amount paid',
    date: 'Payout date',
    bank: 'Depending on your bank, it may take a few days to appear in your account.',
    details: 'The details of your earnings and payouts are in your dashboard.',
    action: 'See my earnings',
  },
  es: {
    subject: (amount) => `Pago de ${amount} realizado – SOS Expat`,
    intro: 'Le hemos transferido los ingresos de sus consultas en SOS Expat.',
    amount: 'Importe pagado',
    date: 'Fecha del pago',
    bank: 'Según su banco, el importe puede tardar unos días en aparecer en su cuenta.',
    details: 'Encontrará el detalle de sus ingresos y pagos en su espacio.',
    action: 'Ver mis ingresos',
  },
  ru: {
    subject: (amount) => `Выплата ${amount} отправлена – SOS Expat`,
    intro: 'Мы перевели вам заработок за консультации на SOS Expat.',
    amount: 'Сумма выплаты',
    date: 'Дата выплаты',
    bank: 'В зависимости от банка деньги могут поступить на счёт в течение нескольких дней.',
    details: 'Подробности о заработке и выплатах — в личном кабинете.',
    action: 'Посмотреть заработок',
  },
  de: {
    subject: (amount) => `Auszahlung über ${amount} veranlasst – SOS Expat`,
    intro: 'Wir haben Ihre Einnahmen aus Beratungen bei SOS Expat ausgezahlt.',
    amount: 'Ausgezahlter Betrag',
    date: 'Datum der Auszahlung',
    bank: 'Je nach Bank kann es einige Tage dauern, bis der Betrag auf Ihrem Konto erscheint.',
    details: 'Eine Übersicht Ihrer Einnahmen und Auszahlungen finden Sie in Ihrem Bereich.',
    action: 'Meine Einnahmen ansehen',
  },
};

/** Where a provider's earnings and payouts are listed: the dashboard's calls tab. */
export const earningsUrl = (publicUrl: string) => `${publicUrl}${pathOf('dashboard')}?tab=calls`;

export type PayoutMailInput = {
  name?: string;
  /** Minor units, as the payout holds it. */
  amount: number;
  currency: Currency;
  /** When it was paid (ISO). */
  paidAt: string;
  earningsUrl: string;
};

export function payoutMailVariables(
  language: Language,
  input: PayoutMailInput,
): MailVariables<'payout_sent'> {
  const name = input.name?.trim() || undefined;
  const format = invoiceFormat(language, input.currency);
  return {
    greeting: COMMON[language].greeting(name),
    firstName: name ?? '',
    amount: format.money(input.amount),
    paidDate: format.date(input.paidAt),
    earningsLink: input.earningsUrl,
  };
}

export function builtInPayoutMail(language: Language, values: MailVariables<'payout_sent'>): RenderedMail {
  const common = COMMON[language];
  const mail = PAYOUT[language];
  const subject = mail.subject(values.amount);
  const fields: [string, string][] = [
    [mail.amount, values.amount],
    [mail.date, values.paidDate],
  ];
  const text = [
    values.greeting,
    '',
    mail.intro,
    '',
    ...fields.map(([label, value]) => `${common.linkLabel(label)} ${value}`),
    '',
    mail.bank,
    '',
    mail.details,
    common.linkLabel(mail.action),
    values.earningsLink,
    '',
    common.signature,
    '',
    '--',
    common.automatic,
    '',
  ].join('\n');
  const rows = fields
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 16px 4px 0;color:#3d4657">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const html = htmlPage(
    language,
    subject,
    `${paragraph(values.greeting)}
${paragraph(mail.intro)}
<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">
${rows}
</table>
${paragraph(mail.bank)}
${paragraph(mail.details)}
${htmlButton(values.earningsLink, mail.action)}
${footer(language)}`,
  );
  return { subject, text, html };
}
