/**
 * The mail telling a lawyer or expat that an admin approved their registration, in the provider's
 * language (Account.preferredLanguage): their profile is published and they can go online, with a
 * link to the dashboard tab where they do. Plain text and simple HTML, like the rejection mail
 * (rejection-mail.ts); who sends it, and once, is provider-approval.ts.
 */
import { pathOf } from '../../src/config/paths';
import type { Language } from '../../src/domain/languages';
import type { MailVariables } from '../../src/domain/mail-templates';
import type { ProviderRole } from '../../src/domain/professions';
import type { Config } from '../config/env';
import { sendMail } from './mail';
import { composeMail } from './mail-compose';
import type { MailTemplateReader, RenderedMail } from './mail-compose';
import { htmlButton, htmlPage, htmlParagraph as paragraph } from './mail-layout';
import { COMMON, footer } from './mail-templates';

type ApprovalText = {
  subject: string;
  /** The role as the intro names it. */
  roles: Record<ProviderRole, string>;
  intro: (role: string) => string;
  next: string;
  action: string;
  offline: string;
};

const APPROVAL: Record<Language, ApprovalText> = {
  fr: {
    subject: 'Votre profil SOS Expat est validé',
    roles: { lawyer: 'avocat', expat: 'expatrié aidant' },
    intro: (role) =>
      `Bonne nouvelle\u00a0: notre équipe a validé votre inscription en tant qu’${role} sur SOS Expat.`,
    next: 'Votre profil est désormais publié. Dès que vous êtes disponible, passez en ligne depuis votre espace\u00a0: les clients pourront alors vous appeler.',
    action: 'Accéder à mon espace',
    offline: 'Pensez à repasser hors ligne lorsque vous n’êtes plus disponible.',
  },
  en: {
    subject: 'Your SOS Expat profile is approved',
    roles: { lawyer: 'a lawyer', expat: 'an expat helper' },
    intro: (role) => `Good news: our team has approved your registration as ${role} on SOS Expat.`,
    next: 'Your profile is now published. Whenever you are available, go online from your dashboard and clients will be able to call you.',
    action: 'Go to my dashboard',
    offline: 'Remember to go offline when you are no longer available.',
  },
  es: {
    subject: 'Su perfil en SOS Expat ha sido validado',
    roles: { lawyer: 'abogado', expat: 'expatriado colaborador' },
    intro: (role) => `Buenas noticias: nuestro equipo ha validado su registro como ${role} en SOS Expat.`,
    next: 'Su perfil ya está publicado. En cuanto esté disponible, conéctese desde su espacio y los clientes podrán llamarle.',
    action: 'Ir a mi espacio',
    offline: 'Recuerde desconectarse cuando deje de estar disponible.',
  },
  ru: {
    subject: 'Ваш профиль на SOS Expat подтверждён',
    roles: { lawyer: 'юриста', expat: 'помощника-экспата' },
    intro: (role) =>
      `Хорошие новости: наша команда подтвердила вашу регистрацию в качестве ${role} на SOS Expat.`,
    next: 'Ваш профиль опубликован. Когда будете готовы принимать звонки, включите статус «В сети» в личном кабинете, и клиенты смогут вам позвонить.',
    action: 'Перейти в личный кабинет',
    offline: 'Не забывайте выключать статус «В сети», когда вы недоступны.',
  },
  de: {
    subject: 'Ihr Profil bei SOS Expat ist freigegeben',
    roles: { lawyer: 'Anwalt', expat: 'Expat-Helfer' },
    intro: (role) =>
      `Gute Nachrichten: Unser Team hat Ihre Registrierung als ${role} bei SOS Expat freigegeben.`,
    next: 'Ihr Profil ist jetzt veröffentlicht. Sobald Sie verfügbar sind, schalten Sie sich in Ihrem Bereich online – dann können Kunden Sie anrufen.',
    action: 'Zu meinem Bereich',
    offline: 'Denken Sie daran, sich offline zu schalten, wenn Sie nicht mehr verfügbar sind.',
  },
};

/** Where a provider goes online: the dashboard's availability tab. */
export const availabilityUrl = (publicUrl: string) => `${publicUrl}${pathOf('dashboard')}?tab=availability`;

export type ApprovalMailInput = { name?: string; role: ProviderRole; dashboardUrl: string };

export function approvalMailVariables(
  language: Language,
  input: ApprovalMailInput,
): MailVariables<'provider_approved'> {
  const name = input.name?.trim() || undefined;
  return {
    greeting: COMMON[language].greeting(name),
    firstName: name ?? '',
    role: APPROVAL[language].roles[input.role],
    dashboardLink: input.dashboardUrl,
  };
}

export function builtInApprovalMail(
  language: Language,
  values: MailVariables<'provider_approved'>,
): RenderedMail {
  const common = COMMON[language];
  const mail = APPROVAL[language];
  const intro = mail.intro(values.role);
  const text = [
    values.greeting,
    '',
    intro,
    '',
    mail.next,
    '',
    common.linkLabel(mail.action),
    values.dashboardLink,
    '',
    mail.offline,
    '',
    common.signature,
    '',
    '--',
    common.automatic,
    '',
  ].join('\n');
  const html = htmlPage(
    language,
    mail.subject,
    `${paragraph(values.greeting)}
${paragraph(intro)}
${paragraph(mail.next)}
${htmlButton(values.dashboardLink, mail.action)}
${paragraph(mail.offline)}
${footer(language)}`,
  );
  return { subject: mail.subject, text, html };
}

/** Sends the approval mail; throws when it cannot be handed over (the caller records that). */
export async function sendApprovalMail(
  config: Config,
  templates: MailTemplateReader,
  to: { email: string; language: Language; name?: string; role: ProviderRole },
  messageId: string,
): Promise<void> {
  const values = approvalMailVariables(to.language, {
    name: to.name,
    role: to.role,
    dashboardUrl: availabilityUrl(config.publicUrl),
  });
  await sendMail(config, {
    kind: 'provider_approved',
    to: to.email,
    messageId,
    ...(await composeMail(templates, 'provider_approved', to.language, values, builtInApprovalMail)),
  });
}
