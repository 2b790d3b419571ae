/**
 * The mails the service sends, in the recipient's language (Account.preferredLanguage): e-mail
 * verification, password reset and the invoice after a consultation (its PDF attached by
 * invoice-mail.ts), each as plain text and simple HTML. The wording lives here on the
 * server, not in the browser's locale files, because the browser never sees it. Durations go through
 * Intl so that "48 heures", "48 часов" and "1 Stunde" agree in number.
 *
 * This is the built-in wording. Each mail is written from its variables (`…MailVariables`, the
 * values an admin's stored template fills too, see mail-compose.ts), so that the built-in wording
 * can be shown in the console as a template (`{{link}}` in place of the link).
 */
import type { InvoiceDoc } from '../../src/domain/invoice';
import type { Language } from '../../src/domain/languages';
import type { MailVariables } from '../../src/domain/mail-templates';
import { invoiceFormat } from '../../src/invoice/format';
import type { RenderedMail } from './mail-compose';
import { escapeHtml, htmlPage, htmlParagraph as paragraph } from './mail-layout';

export type { RenderedMail } from './mail-compose';

export type MailLinkInput = {
  /** First name or display name; the greeting is impersonal without it. */
  name?: string;
  link: string;
  validHours: number;
};

export type Common = {
  greeting: (name: string | undefined) => string;
  /** The action's name introducing the bare link in the plain-text part. */
  linkLabel: (action: string) => string;
  copyLink: string;
  signature: string;
  automatic: string;
};

type MailText = {
  subject: string;
  intro: string;
  action: string;
  expiry: (duration: string) => string;
  ignore: string;
  after?: string;
};

export const COMMON: Record<Language, Common> = {
  fr: {
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    linkLabel: (action) => `${action}\u00a0:`,
    copyLink: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
    signature: 'L’équipe SOS Expat',
    automatic: 'Ce message est envoyé automatiquement, merci de ne pas y répondre.',
  },
  en: {
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    linkLabel: (action) => `${action}:`,
    copyLink: 'If the button does not work, copy this link into your browser:',
    signature: 'The SOS Expat team',
    automatic: 'This message was sent automatically; please do not reply to it.',
  },
  es: {
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    linkLabel: (action) => `${action}:`,
    copyLink: 'Si el botón no funciona, copie este enlace en su navegador:',
    signature: 'El equipo de SOS Expat',
    automatic: 'Este mensaje se envía automáticamente; por favor, no responda.',
  },
  ru: {
    greeting: (name) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    linkLabel: (action) => `${action}:`,
    copyLink: 'Если кнопка не работает, скопируйте эту ссылку в адресную строку браузера:',
    signature: 'Команда SOS Expat',
    automatic: 'Это письмо отправлено автоматически, отвечать на него не нужно.',
  },
  de: {
    greeting: (name) => (name ? `Guten Tag ${name},` : 'Guten Tag,'),
    linkLabel: (action) => `${action}:`,
    copyLink: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
    signature: 'Ihr SOS-Expat-Team',
    automatic: 'Diese Nachricht wurde automatisch versendet. Bitte antworten Sie nicht darauf.',
  },
};

const VERIFICATION: Record<Language, MailText> = {
  fr: {
    subject: 'Confirmez votre adresse e-mail – SOS Expat',
    intro:
      'Merci de votre inscription sur SOS Expat. Pour confirmer que cette adresse e-mail est bien la vôtre, cliquez sur le bouton ci-dessous.',
    action: 'Confirmer mon adresse e-mail',
    expiry: (d) => `Ce lien est valable ${d} et ne sert qu’une seule fois.`,
    ignore:
      'Si vous n’êtes pas à l’origine de cette inscription, ignorez simplement ce message\u00a0: votre adresse ne sera pas confirmée.',
  },
  en: {
    subject: 'Confirm your e-mail address – SOS Expat',
    intro:
      'Thank you for signing up to SOS Expat. To confirm that this e-mail address is yours, click the button below.',
    action: 'Confirm my e-mail address',
    expiry: (d) => `This link is valid for ${d} and can be used only once.`,
    ignore: 'If you did not sign up, simply ignore this message: your address will not be confirmed.',
  },
  es: {
    subject: 'Confirme su dirección de correo electrónico – SOS Expat',
    intro:
      'Gracias por registrarse en SOS Expat. Para confirmar que esta dirección de correo es suya, haga clic en el botón de abajo.',
    action: 'Confirmar mi dirección de correo',
    expiry: (d) => `Este enlace es válido durante ${d} y solo puede usarse una vez.`,
    ignore: 'Si usted no se ha registrado, ignore este mensaje: su dirección no quedará confirmada.',
  },
  ru: {
    subject: 'Подтвердите адрес электронной почты – SOS Expat',
    intro:
      'Спасибо за регистрацию на SOS Expat. Чтобы подтвердить, что этот адрес электронной почты принадлежит вам, нажмите на кнопку ниже.',
    action: 'Подтвердить адрес',
    expiry: (d) => `Ссылка действительна ${d} и срабатывает только один раз.`,
    ignore: 'Если вы не регистрировались, просто проигнорируйте это письмо: адрес не будет подтверждён.',
  },
  de: {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse – SOS Expat',
    intro:
      'Vielen Dank für Ihre Registrierung bei SOS Expat. Um zu bestätigen, dass diese E-Mail-Adresse Ihnen gehört, klicken Sie auf die Schaltfläche unten.',
    action: 'E-Mail-Adresse bestätigen',
    expiry: (d) => `Dieser Link ist ${d} gültig und kann nur einmal verwendet werden.`,
    ignore:
      'Wenn Sie sich nicht registriert haben, ignorieren Sie diese Nachricht einfach: Ihre Adresse wird dann nicht bestätigt.',
  },
};

const PASSWORD_RESET: Record<Language, MailText> = {
  fr: {
    subject: 'Réinitialisation de votre mot de passe – SOS Expat',
    intro:
      'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte SOS Expat. Pour choisir un nouveau mot de passe, cliquez sur le bouton ci-dessous.',
    action: 'Choisir un nouveau mot de passe',
    expiry: (d) => `Ce lien est valable ${d} et ne sert qu’une seule fois.`,
    after: 'Une fois le mot de passe changé, vos autres appareils seront déconnectés.',
    ignore: 'Si vous n’avez rien demandé, ignorez ce message\u00a0: votre mot de passe actuel reste valable.',
  },
  en: {
    subject: 'Reset your password – SOS Expat',
    intro:
      'We received a request to reset the password of your SOS Expat account. To choose a new password, click the button below.',
    action: 'Choose a new password',
    expiry: (d) => `This link is valid for ${d} and can be used only once.`,
    after: 'Once your password is changed, your other devices will be signed out.',
    ignore: 'If you did not ask for this, ignore this message: your current password stays valid.',
  },
  es: {
    subject: 'Restablecimiento de su contraseña – SOS Expat',
    intro:
      'Hemos recibido una solicitud para restablecer la contraseña de su cuenta de SOS Expat. Para elegir una nueva contraseña, haga clic en el botón de abajo.',
    action: 'Elegir una nueva contraseña',
    expiry: (d) => `Este enlace es válido durante ${d} y solo puede usarse una vez.`,
    after: 'Una vez cambiada la contraseña, se cerrará la sesión en sus demás dispositivos.',
    ignore: 'Si no ha pedido nada, ignore este mensaje: su contraseña actual sigue siendo válida.',
  },
  ru: {
    subject: 'Восстановление пароля – SOS Expat',
    intro:
      'Мы получили запрос на восстановление пароля от вашего аккаунта SOS Expat. Чтобы задать новый пароль, нажмите на кнопку ниже.',
    action: 'Задать новый пароль',
    expiry: (d) => `Ссылка действительна ${d} и срабатывает только один раз.`,
    after: 'После смены пароля на других ваших устройствах будет выполнен выход из аккаунта.',
    ignore:
      'Если вы ничего не запрашивали, просто проигнорируйте это письмо: текущий пароль останется прежним.',
  },
  de: {
    subject: 'Passwort zurücksetzen – SOS Expat',
    intro:
      'Wir haben eine Anfrage erhalten, das Passwort Ihres SOS-Expat-Kontos zurückzusetzen. Um ein neues Passwort festzulegen, klicken Sie auf die Schaltfläche unten.',
    action: 'Neues Passwort festlegen',
    expiry: (d) => `Dieser Link ist ${d} gültig und kann nur einmal verwendet werden.`,
    after: 'Sobald das Passwort geändert ist, werden Sie auf Ihren anderen Geräten abgemeldet.',
    ignore:
      'Wenn Sie nichts angefordert haben, ignorieren Sie diese Nachricht: Ihr bisheriges Passwort bleibt gültig.',
  },
};

type InvoiceMailText = {
  subject: (number: string) => string;
  intro: (date: string, provider: string) => string;
  number: string;
  total: string;
  dashboard: string;
};

const INVOICE: Record<Language, InvoiceMailText> = {
  fr: {
    subject: (number) => `Votre facture ${number} – SOS Expat`,
    intro: (date, provider) =>
      `Merci d’avoir fait appel à SOS Expat. Vous trouverez en pièce jointe la facture de votre consultation du ${date} avec ${provider}.`,
    number: 'Facture',
    total: 'Montant payé',
    dashboard: 'Vous la retrouvez aussi à tout moment dans «\u00a0Mon espace\u00a0».',
  },
  en: {
    subject: (number) => `Your invoice ${number} – SOS Expat`,
    intro: (date, provider) =>
      `Thank you for using SOS Expat. Please find attached the invoice for your consultation with ${provider} on ${date}.`,
    number: 'Invoice',
    total: 'Amount paid',
    dashboard: 'You can also find it at any time under “My account”.',
  },
  es: {
    subject: (number) => `Su factura ${number} – SOS Expat`,
    intro: (date, provider) =>
      `Gracias por confiar en SOS Expat. Adjuntamos la factura de su consulta con ${provider} del ${date}.`,
    number: 'Factura',
    total: 'Importe pagado',
    dashboard: 'También puede consultarla en cualquier momento en «Mi espacio».',
  },
  ru: {
    subject: (number) => `Ваш счёт ${number} – SOS Expat`,
    intro: (date, provider) =>
      `Спасибо, что воспользовались SOS Expat. Во вложении — счёт за консультацию от ${date} (эксперт: ${provider}).`,
    number: 'Счёт',
    total: 'Оплачено',
    dashboard: 'Счёт также всегда доступен в личном кабинете.',
  },
  de: {
    subject: (number) => `Ihre Rechnung ${number} – SOS Expat`,
    intro: (date, provider) =>
      `Vielen Dank, dass Sie SOS Expat genutzt haben. Im Anhang finden Sie die Rechnung für Ihre Beratung mit ${provider} am ${date}.`,
    number: 'Rechnung',
    total: 'Gezahlter Betrag',
    dashboard: 'Sie finden sie außerdem jederzeit unter „Mein Bereich“.',
  },
};

/** The facts of an invoice its mail names. */
export type InvoiceMailFacts = Pick<InvoiceDoc, 'number' | 'currency' | 'consultationAt'> & {
  buyer: { name: string };
  provider: { name: string };
  amounts: { total: number };
};

export function invoiceMailVariables(
  language: Language,
  invoice: InvoiceMailFacts,
): MailVariables<'invoice'> {
  const format = invoiceFormat(language, invoice.currency);
  const name = invoice.buyer.name.trim() || undefined;
  return {
    greeting: COMMON[language].greeting(name),
    firstName: name ?? '',
    invoiceNumber: invoice.number,
    amount: format.money(invoice.amounts.total),
    consultationDate: format.date(invoice.consultationAt),
    providerName: invoice.provider.name,
  };
}

/** The built-in mail that carries an invoice (the PDF is attached by the caller). */
export function builtInInvoiceMail(language: Language, values: MailVariables<'invoice'>): RenderedMail {
  const mail = INVOICE[language];
  return documentMail(language, {
    subject: mail.subject(values.invoiceNumber),
    greeting: values.greeting,
    intro: mail.intro(values.consultationDate, values.providerName),
    fields: [
      [mail.number, values.invoiceNumber],
      [mail.total, values.amount],
    ],
    closing: mail.dashboard,
  });
}

export function invoiceMail(language: Language, invoice: InvoiceDoc): RenderedMail {
  return builtInInvoiceMail(language, invoiceMailVariables(language, invoice));
}

/** A mail that carries a document (an invoice, a credit note): greeting, intro, its figures, closing. */
export function documentMail(
  language: Language,
  {
    subject,
    greeting,
    intro,
    fields,
    closing,
  }: {
    subject: string;
    greeting: string;
    intro: string;
    fields: [string, string][];
    closing: string;
  },
): RenderedMail {
  const common = COMMON[language];
  const text = [
    greeting,
    '',
    intro,
    '',
    ...fields.map(([label, value]) => `${common.linkLabel(label)} ${value}`),
    '',
    closing,
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
    `${paragraph(greeting)}
${paragraph(intro)}
<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">
${rows}
</table>
${paragraph(closing)}
${footer(language)}`,
  );
  return { subject, text, html };
}

/** The signature and the automatic-message notice that close every built-in mail's HTML. */
export function footer(language: Language): string {
  const common = COMMON[language];
  return `${paragraph(common.signature)}
<p style="margin:24px 0 0;font-size:12px;color:#3d4657">${escapeHtml(common.automatic)}</p>`;
}

/** The values of a link mail (verification, password reset). */
export function linkMailVariables(language: Language, input: MailLinkInput): MailVariables<'verification'> {
  const name = input.name?.trim() || undefined;
  const validity = new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'hour',
    unitDisplay: 'long',
  }).format(input.validHours);
  return { greeting: COMMON[language].greeting(name), firstName: name ?? '', link: input.link, validity };
}

export function builtInVerificationMail(
  language: Language,
  values: MailVariables<'verification'>,
): RenderedMail {
  return render(language, VERIFICATION[language], values);
}

export function builtInPasswordResetMail(
  language: Language,
  values: MailVariables<'password_reset'>,
): RenderedMail {
  return render(language, PASSWORD_RESET[language], values);
}

export function verificationMail(language: Language, input: MailLinkInput): RenderedMail {
  return builtInVerificationMail(language, linkMailVariables(language, input));
}

export function passwordResetMail(language: Language, input: MailLinkInput): RenderedMail {
  return builtInPasswordResetMail(language, linkMailVariables(language, input));
}

function render(language: Language, mail: MailText, values: MailVariables<'verification'>): RenderedMail {
  const common = COMMON[language];
  const closing = [mail.expiry(values.validity), mail.after, mail.ignore].filter(
    (line): line is string => !!line,
  );

  const text = [
    values.greeting,
    '',
    mail.intro,
    '',
    common.linkLabel(mail.action),
    values.link,
    '',
    ...closing.flatMap((line) => [line, '']),
    common.signature,
    '',
    '--',
    common.automatic,
    '',
  ].join('\n');

  const link = escapeHtml(values.link);
  const html = htmlPage(
    language,
    mail.subject,
    `${paragraph(values.greeting)}
${paragraph(mail.intro)}
<p style="margin:24px 0"><a href="${link}" style="display:inline-block;background:#d62839;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px">${escapeHtml(mail.action)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#3d4657">${escapeHtml(common.copyLink)}<br><a href="${link}" style="color:#1f5fc4;word-break:break-all">${link}</a></p>
${closing.map(paragraph).join('\n')}
${footer(language)}`,
  );
  return { subject: mail.subject, text, html };
}
