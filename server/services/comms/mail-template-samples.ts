/**
 * The sample values a template preview is filled with: made-up people and documents, formatted by
 * the same functions as the real mails (dates, amounts and durations in the preview's language),
 * so that a preview looks like what a recipient of that language would receive.
 */
import type { Language } from '../../../src/domain/languages';
import type { MailTemplateKind, MailVariables } from '../../../src/domain/mail-templates';
import { approvalMailVariables, availabilityUrl } from '../approval-mail';
import { contactReplyMailVariables } from '../contact-reply-mail';
import { creditNoteMailVariables } from '../credit-note-mail';
import { invoiceMailVariables, linkMailVariables } from '../mail-templates';
import { earningsUrl, payoutMailVariables } from '../payouts/payout-mail';
import { rejectionMailVariables } from '../rejection-mail';
import { PASSWORD_RESET_VALID_HOURS, VERIFICATION_VALID_HOURS } from '../verification';

type Sample = {
  campaignSubject: string;
  /** Ends where the directory's address goes. */
  campaignText: string;
  firstName: string;
  buyer: string;
  provider: string;
  reason: string;
  subject: string;
  message: string;
  answer: string;
};

const SAMPLES: Record<Language, Sample> = {
  fr: {
    campaignSubject: 'Nouveau : des avocats à Lisbonne, 24 h/24',
    campaignText:
      'Bonjour,\n\nDes avocats francophones installés à Lisbonne répondent désormais à vos questions, de jour comme de nuit.\n\nVoir les avocats :',
    firstName: 'Camille',
    buyer: 'Camille Martin',
    provider: 'Maître Jeanne Dubois',
    reason: 'La photo de votre pièce d’identité est illisible.',
    subject: 'Question sur mon visa',
    message: 'Bonjour,\nPuis-je prolonger mon visa depuis l’étranger ?',
    answer: 'Oui, un avocat de notre réseau peut vous accompagner dans cette démarche.',
  },
  en: {
    campaignSubject: 'New: lawyers in Lisbon, around the clock',
    campaignText:
      'Hello,\n\nEnglish-speaking lawyers based in Lisbon now answer your questions, day and night.\n\nSee the lawyers:',
    firstName: 'Emma',
    buyer: 'Emma Smith',
    provider: 'Jane Brown, attorney',
    reason: 'The photo of your identity document cannot be read.',
    subject: 'Question about my visa',
    message: 'Hello,\nCan I extend my visa from abroad?',
    answer: 'Yes, a lawyer of our network can help you with this.',
  },
  es: {
    campaignSubject: 'Novedad: abogados en Lisboa, las 24 horas',
    campaignText:
      'Hola:\n\nAbogados hispanohablantes instalados en Lisboa responden ahora a sus preguntas, de día y de noche.\n\nVer los abogados:',
    firstName: 'Lucía',
    buyer: 'Lucía García',
    provider: 'Abogada Carmen López',
    reason: 'La foto de su documento de identidad no se puede leer.',
    subject: 'Pregunta sobre mi visado',
    message: 'Hola:\n¿Puedo prolongar mi visado desde el extranjero?',
    answer: 'Sí, un abogado de nuestra red puede ayudarle con este trámite.',
  },
  ru: {
    campaignSubject: 'Новое: юристы в Лиссабоне, круглосуточно',
    campaignText:
      'Здравствуйте!\n\nРусскоязычные юристы в Лиссабоне теперь отвечают на ваши вопросы днём и ночью.\n\nСмотреть юристов:',
    firstName: 'Анна',
    buyer: 'Анна Иванова',
    provider: 'Дмитрий Соколов',
    reason: 'Фотография вашего удостоверения личности нечитаема.',
    subject: 'Вопрос о визе',
    message: 'Здравствуйте!\nМожно ли продлить визу, находясь за границей?',
    answer: 'Да, юрист нашей сети поможет вам с этим.',
  },
  de: {
    campaignSubject: 'Neu: Anwälte in Lissabon, rund um die Uhr',
    campaignText:
      'Guten Tag,\n\ndeutschsprachige Anwälte in Lissabon beantworten jetzt Ihre Fragen, bei Tag und bei Nacht.\n\nZu den Anwälten:',
    firstName: 'Lena',
    buyer: 'Lena Müller',
    provider: 'Rechtsanwältin Petra Schmidt',
    reason: 'Das Foto Ihres Ausweisdokuments ist nicht lesbar.',
    subject: 'Frage zu meinem Visum',
    message: 'Guten Tag,\nkann ich mein Visum vom Ausland aus verlängern?',
    answer: 'Ja, ein Anwalt unseres Netzwerks kann Sie dabei begleiten.',
  },
};

const CONSULTATION_AT = '2026-11-20T14:30:00.000Z';
const PAID_AT = '2026-11-21T06:00:00.000Z';
const SAMPLE_TOKEN = 'exemple-de-jeton';

type SampleMakers = {
  [K in MailTemplateKind]: (language: Language, publicUrl: string) => MailVariables<K>;
};

const MAKERS: SampleMakers = {
  verification: (language, publicUrl) =>
    linkMailVariables(language, {
      name: SAMPLES[language].firstName,
      link: `${publicUrl}/verify-email?token=${SAMPLE_TOKEN}`,
      validHours: VERIFICATION_VALID_HOURS,
    }),
  password_reset: (language, publicUrl) =>
    linkMailVariables(language, {
      name: SAMPLES[language].firstName,
      link: `${publicUrl}/password-reset?token=${SAMPLE_TOKEN}`,
      validHours: PASSWORD_RESET_VALID_HOURS,
    }),
  invoice: (language) =>
    invoiceMailVariables(language, {
      number: 'SOS-2026-000123',
      currency: 'EUR',
      consultationAt: CONSULTATION_AT,
      buyer: { name: SAMPLES[language].buyer },
      provider: { name: SAMPLES[language].provider },
      amounts: { total: 4900 },
    }),
  credit_note: (language) =>
    creditNoteMailVariables(language, {
      number: 'SOS-AV-2026-000045',
      invoiceNumber: 'SOS-2026-000123',
      currency: 'EUR',
      consultationAt: CONSULTATION_AT,
      buyer: { name: SAMPLES[language].buyer },
      provider: { name: SAMPLES[language].provider },
      amounts: { total: 4900 },
    }),
  provider_approved: (language, publicUrl) =>
    approvalMailVariables(language, {
      name: SAMPLES[language].firstName,
      role: 'lawyer',
      dashboardUrl: availabilityUrl(publicUrl),
    }),
  payout_sent: (language, publicUrl) =>
    payoutMailVariables(language, {
      name: SAMPLES[language].firstName,
      amount: 24_990,
      currency: 'EUR',
      paidAt: PAID_AT,
      earningsUrl: earningsUrl(publicUrl),
    }),
  provider_rejected: (language, publicUrl) =>
    rejectionMailVariables(language, {
      name: SAMPLES[language].firstName,
      role: 'lawyer',
      reason: SAMPLES[language].reason,
      contactUrl: `${publicUrl}/contact`,
    }),
  contact_reply: (language) =>
    contactReplyMailVariables(language, {
      firstName: SAMPLES[language].firstName,
      subject: SAMPLES[language].subject,
      original: SAMPLES[language].message,
      sentAt: CONSULTATION_AT,
      answer: SAMPLES[language].answer,
    }),
  campaign: (language, publicUrl) => ({
    campaignSubject: SAMPLES[language].campaignSubject,
    campaignText: `${SAMPLES[language].campaignText} ${publicUrl}/providers`,
    unsubscribeLink: `${publicUrl}/unsubscribe?token=${SAMPLE_TOKEN}`,
  }),
};

export function sampleVariables(
  kind: MailTemplateKind,
  language: Language,
  publicUrl: string,
): Record<string, string> {
  return MAKERS[kind](language, publicUrl);
}
