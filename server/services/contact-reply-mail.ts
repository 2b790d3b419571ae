/**
 * The mail that carries an admin's answer to a contact message, in the sender's language (the
 * interface language the message was written in): a greeting, the answer as the admin wrote it, the
 * sender's own message quoted below, and the team's signature. Plain text with a simple HTML twin.
 */
import type { Language } from '../../src/domain/languages';

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

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('');

export function contactReplyMail(
  language: Language,
  input: ContactReplyInput,
): { subject: string; text: string; html: string } {
  const words = WORDS[language];
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(input.sentAt));
  const quote = input.original
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const text = [
    words.greeting(input.firstName),
    '',
    input.answer,
    '',
    words.signature,
    '',
    words.quoted(date),
    quote,
    '',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(words.greeting(input.firstName))}</p>`,
    paragraphs(input.answer),
    `<p>${escapeHtml(words.signature)}</p>`,
    `<p style="color:#555">${escapeHtml(words.quoted(date))}</p>`,
    `<blockquote style="border-left:3px solid #ccc;margin:0;padding-left:12px;color:#555">${paragraphs(input.original)}</blockquote>`,
  ].join('\n');
  return { subject: words.subject(input.subject), text, html };
}
