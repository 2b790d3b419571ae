/**
 * The mail telling a lawyer or expat that an admin did not approve their registration, in the
 * provider's language (Account.preferredLanguage), with the admin's reason quoted as written and a
 * link to the contact page. Plain text and simple HTML, like the other mails (mail-templates.ts).
 */
import type { Language } from '../../src/domain/languages';
import type { ProviderRole } from '../../src/domain/professions';
import type { Config } from '../config/env';
import type { MailVariables } from '../../src/domain/mail-templates';
import { sendMail } from './mail';
import { composeMail } from './mail-compose';
import type { MailTemplateReader, RenderedMail } from './mail-compose';
import { escapeHtml, htmlPage, htmlParagraph as paragraph } from './mail-layout';
import { COMMON, footer } from './mail-templates';

type RejectionText = {
  subject: string;
  /** The role as the intro names it. */
  roles: Record<ProviderRole, string>;
  intro: (role: string) => string;
  reasonLabel: string;
  next: string;
  contact: string;
};

const REJECTION: Record<Language, RejectionText> = {
  fr: {
    subject: 'Votre inscription sur SOS Expat n’a pas été validée',
    roles: { lawyer: 'avocat', expat: 'expatrié aidant' },
    intro: (role) =>
      `Nous avons examiné votre inscription en tant qu’${role} sur SOS Expat et nous ne pouvons pas la valider en l’état.`,
    reasonLabel: 'Motif indiqué par notre équipe',
    next: 'Votre profil n’est pas publié. Si vous pouvez apporter les éléments demandés, écrivez-nous\u00a0: nous examinerons à nouveau votre dossier.',
    contact: 'Nous contacter',
  },
  en: {
    subject: 'Your SOS Expat registration was not approved',
    roles: { lawyer: 'a lawyer', expat: 'an expat helper' },
    intro: (role) =>
      `We have reviewed your registration as ${role} on SOS Expat and cannot approve it as it stands.`,
    reasonLabel: 'Reason given by our team',
    next: 'Your profile is not published. If you can provide what is asked, write to us and we will review your application again.',
    contact: 'Contact us',
  },
  es: {
    subject: 'Su registro en SOS Expat no ha sido validado',
    roles: { lawyer: 'abogado', expat: 'expatriado colaborador' },
    intro: (role) =>
      `Hemos examinado su registro como ${role} en SOS Expat y no podemos validarlo tal como está.`,
    reasonLabel: 'Motivo indicado por nuestro equipo',
    next: 'Su perfil no está publicado. Si puede aportar los elementos solicitados, escríbanos y examinaremos de nuevo su solicitud.',
    contact: 'Contactar con nosotros',
  },
  ru: {
    subject: 'Ваша регистрация на SOS Expat не подтверждена',
    roles: { lawyer: 'юриста', expat: 'помощника-экспата' },
    intro: (role) =>
      `Мы рассмотрели вашу регистрацию в качестве ${role} на SOS Expat и не можем подтвердить её в текущем виде.`,
    reasonLabel: 'Причина, указанная нашей командой',
    next: 'Ваш профиль не опубликован. Если вы можете предоставить запрошенные сведения, напишите нам, и мы рассмотрим вашу заявку повторно.',
    contact: 'Связаться с нами',
  },
  de: {
    subject: 'Ihre Registrierung bei SOS Expat wurde nicht freigegeben',
    roles: { lawyer: 'Anwalt', expat: 'Expat-Helfer' },
    intro: (role) =>
      `Wir haben Ihre Registrierung als ${role} bei SOS Expat geprüft und können sie in dieser Form nicht freigeben.`,
    reasonLabel: 'Begründung unseres Teams',
    next: 'Ihr Profil ist nicht veröffentlicht. Wenn Sie die gewünschten Angaben nachreichen können, schreiben Sie uns: Wir prüfen Ihre Bewerbung dann erneut.',
    contact: 'Kontakt aufnehmen',
  },
};

export type RejectionMailInput = { name?: string; role: ProviderRole; reason: string; contactUrl: string };

export function rejectionMailVariables(
  language: Language,
  input: RejectionMailInput,
): MailVariables<'provider_rejected'> {
  const name = input.name?.trim() || undefined;
  return {
    greeting: COMMON[language].greeting(name),
    firstName: name ?? '',
    role: REJECTION[language].roles[input.role],
    reason: input.reason,
    contactLink: input.contactUrl,
  };
}

export function builtInRejectionMail(
  language: Language,
  values: MailVariables<'provider_rejected'>,
): RenderedMail {
  const common = COMMON[language];
  const mail = REJECTION[language];
  const intro = mail.intro(values.role);
  const text = [
    values.greeting,
    '',
    intro,
    '',
    common.linkLabel(mail.reasonLabel),
    values.reason,
    '',
    mail.next,
    '',
    common.linkLabel(mail.contact),
    values.contactLink,
    '',
    common.signature,
    '',
    '--',
    common.automatic,
    '',
  ].join('\n');

  const link = escapeHtml(values.contactLink);
  // The reason keeps the admin's line breaks.
  const reason = escapeHtml(values.reason).replace(/\r?\n/g, '<br>');
  const html = htmlPage(
    language,
    mail.subject,
    `${paragraph(values.greeting)}
${paragraph(intro)}
<p style="margin:0 0 4px;font-weight:bold">${escapeHtml(mail.reasonLabel)}</p>
<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #d62839;background:#f8f9fb">${reason}</blockquote>
${paragraph(mail.next)}
<p style="margin:24px 0"><a href="${link}" style="display:inline-block;background:#d62839;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px">${escapeHtml(mail.contact)}</a></p>
${footer(language)}`,
  );
  return { subject: mail.subject, text, html };
}

export function rejectionMail(language: Language, input: RejectionMailInput): RenderedMail {
  return builtInRejectionMail(language, rejectionMailVariables(language, input));
}

/** Sends the rejection mail; throws when it cannot be handed over (the caller records that). */
export async function sendRejectionMail(
  config: Config,
  templates: MailTemplateReader,
  to: { email: string; language: Language; name?: string; role: ProviderRole },
  reason: string,
): Promise<void> {
  const values = rejectionMailVariables(to.language, {
    name: to.name,
    role: to.role,
    reason,
    contactUrl: `${config.publicUrl}/contact`,
  });
  await sendMail(config, {
    kind: 'provider_rejected',
    to: to.email,
    ...(await composeMail(templates, 'provider_rejected', to.language, values, builtInRejectionMail)),
  });
}
