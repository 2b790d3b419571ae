/**
 * The mail telling a lawyer or expat that an admin did not approve their registration, in the
 * provider's language (Account.preferredLanguage), with the admin's reason quoted as written and a
 * link to the contact page. Plain text and simple HTML, like the other mails (mail-templates.ts).
 */
import type { Language } from '../../src/domain/languages';
import type { ProviderRole } from '../../src/domain/professions';
import type { Config } from '../config/env';
import { sendMail } from './mail';
import { COMMON, escapeHtml } from './mail-templates';
import type { RenderedMail } from './mail-templates';

type RejectionText = {
  subject: string;
  intro: (role: ProviderRole) => string;
  reasonLabel: string;
  next: string;
  contact: string;
};

const REJECTION: Record<Language, RejectionText> = {
  fr: {
    subject: 'Votre inscription sur SOS Expat n’a pas été validée',
    intro: (role) =>
      `Nous avons examiné votre inscription en tant ${role === 'lawyer' ? 'qu’avocat' : 'qu’expatrié aidant'} sur SOS Expat et nous ne pouvons pas la valider en l’état.`,
    reasonLabel: 'Motif indiqué par notre équipe',
    next: 'Votre profil n’est pas publié. Si vous pouvez apporter les éléments demandés, écrivez-nous\u00a0: nous examinerons à nouveau votre dossier.',
    contact: 'Nous contacter',
  },
  en: {
    subject: 'Your SOS Expat registration was not approved',
    intro: (role) =>
      `We have reviewed your registration as ${role === 'lawyer' ? 'a lawyer' : 'an expat helper'} on SOS Expat and cannot approve it as it stands.`,
    reasonLabel: 'Reason given by our team',
    next: 'Your profile is not published. If you can provide what is asked, write to us and we will review your application again.',
    contact: 'Contact us',
  },
  es: {
    subject: 'Su registro en SOS Expat no ha sido validado',
    intro: (role) =>
      `Hemos examinado su registro como ${role === 'lawyer' ? 'abogado' : 'expatriado colaborador'} en SOS Expat y no podemos validarlo tal como está.`,
    reasonLabel: 'Motivo indicado por nuestro equipo',
    next: 'Su perfil no está publicado. Si puede aportar los elementos solicitados, escríbanos y examinaremos de nuevo su solicitud.',
    contact: 'Contactar con nosotros',
  },
  ru: {
    subject: 'Ваша регистрация на SOS Expat не подтверждена',
    intro: (role) =>
      `Мы рассмотрели вашу регистрацию в качестве ${role === 'lawyer' ? 'юриста' : 'помощника-экспата'} на SOS Expat и не можем подтвердить её в текущем виде.`,
    reasonLabel: 'Причина, указанная нашей командой',
    next: 'Ваш профиль не опубликован. Если вы можете предоставить запрошенные сведения, напишите нам, и мы рассмотрим вашу заявку повторно.',
    contact: 'Связаться с нами',
  },
  de: {
    subject: 'Ihre Registrierung bei SOS Expat wurde nicht freigegeben',
    intro: (role) =>
      `Wir haben Ihre Registrierung als ${role === 'lawyer' ? 'Anwalt' : 'Expat-Helfer'} bei SOS Expat geprüft und können sie in dieser Form nicht freigeben.`,
    reasonLabel: 'Begründung unseres Teams',
    next: 'Ihr Profil ist nicht veröffentlicht. Wenn Sie die gewünschten Angaben nachreichen können, schreiben Sie uns: Wir prüfen Ihre Bewerbung dann erneut.',
    contact: 'Kontakt aufnehmen',
  },
};

export type RejectionMailInput = { name?: string; role: ProviderRole; reason: string; contactUrl: string };

export function rejectionMail(language: Language, input: RejectionMailInput): RenderedMail {
  const common = COMMON[language];
  const mail = REJECTION[language];
  const name = input.name?.trim() || undefined;
  const intro = mail.intro(input.role);
  const text = [
    common.greeting(name),
    '',
    intro,
    '',
    common.linkLabel(mail.reasonLabel),
    input.reason,
    '',
    mail.next,
    '',
    common.linkLabel(mail.contact),
    input.contactUrl,
    '',
    common.signature,
    '',
    '--',
    common.automatic,
    '',
  ].join('\n');

  const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const link = escapeHtml(input.contactUrl);
  // The reason keeps the admin's line breaks.
  const reason = escapeHtml(input.reason).replace(/\r?\n/g, '<br>');
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f3f7;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#141a26">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-weight:bold;color:#d62839">SOS Expat</p>
${paragraph(common.greeting(name))}
${paragraph(intro)}
<p style="margin:0 0 4px;font-weight:bold">${escapeHtml(mail.reasonLabel)}</p>
<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #d62839;background:#f8f9fb">${reason}</blockquote>
${paragraph(mail.next)}
<p style="margin:24px 0"><a href="${link}" style="display:inline-block;background:#d62839;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px">${escapeHtml(mail.contact)}</a></p>
${paragraph(common.signature)}
<p style="margin:24px 0 0;font-size:12px;color:#3d4657">${escapeHtml(common.automatic)}</p>
</div>
</body>
</html>
`;
  return { subject: mail.subject, text, html };
}

/** Sends the rejection mail; throws when it cannot be handed over (the caller records that). */
export async function sendRejectionMail(
  config: Config,
  to: { email: string; language: Language; name?: string; role: ProviderRole },
  reason: string,
): Promise<void> {
  await sendMail(config, {
    kind: 'provider_rejected',
    to: to.email,
    ...rejectionMail(to.language, {
      name: to.name,
      role: to.role,
      reason,
      contactUrl: `${config.publicUrl}/contact`,
    }),
  });
}
