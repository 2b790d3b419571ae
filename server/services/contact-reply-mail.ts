/**
 * The mail that carries an admin's answer to a contact message, in the sender's language (the
 * interface language the message was written in): a greeting, the answer as the admin wrote it, the
 * sender's own message quoted below, and the team's signature. Plain text with a simple HTML twin.
 */
import type { Language } from '../../src/domain/languages';
import type { MailVariables } from '../../src/domain/mail-templates';
import type { RenderedMail } from './mail-compose';
import { escapeHtml } from './mail-layout';

export type ContactReplyInput = {
  firstName: string;
  subject: string;
  /** The sender's message, quoted. */
  original: string;
  sentAt: string;
  answer: string;
};

type Words = {
  subject: (subject: string) => string;
  greeting: (name: string) => string;
  quoted: (date: string) => string;
  signature: string;
};

const WORDS: Record<Language, Words> = {
  fr: {
    subject: (subject) => `Re : ${subject} – SOS Expat`,
    greeting: (name) => `Bonjour ${name},`,
    quoted: (date) => `Votre message du ${date}\u00a0:`,
    signature: 'L’équipe SOS Expat',
  },
  en: {
    subject: (subject) => `Re: ${subject} – SOS Expat`,
    greeting: (name) => `Hello ${name},`,
    quoted: (date) => `Your message of ${date}:`,
    signature: 'The SOS Expat team',
  },
  es: {
    subject: (subject) => `Re: ${subject} – SOS Expat`,
    greeting: (name) => `Hola, ${name}:`,
    quoted: (date) => `Su mensaje del ${date}:`,
    signature: 'El equipo de SOS Expat',
  },
  ru: {
    subject: (subject) => `Re: ${subject} – SOS Expat`,
    greeting: (name) => `Здравствуйте, ${name}!`,
    quoted: (date) => `Ваше сообщение от ${date}:`,
    signature: 'Команда SOS Expat',
  },
  de: {
    subject: (subject) => `Re: ${subject} – SOS Expat`,
    greeting: (name) => `Guten Tag ${name},`,
    quoted: (date) => `Ihre Nachricht vom ${date}:`,
    signature: 'Ihr SOS-Expat-Team',
  },
};

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('');

export function contactReplyMailVariables(
  language: Language,
  input: ContactReplyInput,
): MailVariables<'contact_reply'> {
  return {
    greeting: WORDS[language].greeting(input.firstName),
    firstName: input.firstName,
    subject: input.subject,
    sentDate: new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(input.sentAt)),
    quotedMessage: input.original
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n'),
    answer: input.answer,
  };
}

export function builtInContactReplyMail(
  language: Language,
  values: MailVariables<'contact_reply'>,
): RenderedMail {
  const words = WORDS[language];
  const text = [
    values.greeting,
    '',
    values.answer,
    '',
    words.signature,
    '',
    words.quoted(values.sentDate),
    values.quotedMessage,
    '',
  ].join('\n');
  const original = values.quotedMessage
    .split('\n')
    .map((line) => line.replace(/^> ?/, ''))
    .join('\n');
  const html = [
    `<p>${escapeHtml(values.greeting)}</p>`,
    paragraphs(values.answer),
    `<p>${escapeHtml(words.signature)}</p>`,
    `<p style="color:#555">${escapeHtml(words.quoted(values.sentDate))}</p>`,
    `<blockquote style="border-left:3px solid #ccc;margin:0;padding-left:12px;color:#555">${paragraphs(original)}</blockquote>`,
  ].join('\n');
  return { subject: words.subject(values.subject), text, html };
}

export function contactReplyMail(language: Language, input: ContactReplyInput): RenderedMail {
  return builtInContactReplyMail(language, contactReplyMailVariables(language, input));
}
