/**
 * What a campaign or automation mail looks like (the admin's subject and body in the recipient's
 * language, a footer with the one-click unsubscribe link, RFC 8058 headers) and the small pages the
 * unsubscribe link opens. The wording lives here on the server, as for the other mails
 * (mail-templates.ts): the browser never sees it, and the pages work without JavaScript.
 *
 * The layout around the admin's words is the `campaign` mail template: the built-in one here, or the
 * one an admin stored for the language (console `comms/templates`). A stored layout's own text is
 * laid out as any stored template's (mail-layout.ts); the campaign's text, where the layout places
 * it, keeps its paragraphs and its links (tracked for a consenting recipient, shown as written).
 */
import type { CampaignText } from '../../../src/domain/comms-campaigns';
import type { Language } from '../../../src/domain/languages';
import { fillTemplate } from '../../../src/domain/mail-templates';
import type { MailTemplateSource, MailVariables } from '../../../src/domain/mail-templates';
import { escapeHtml, htmlPage, linkedParagraph, textBlocks } from '../mail-layout';
import { fillSubject } from '../mail-compose';
import type { RenderedMail } from '../mail-compose';
import { campaignLinks, splitLinks } from './campaign-links';

/**
 * Tracking of a consenting recipient's mail (tracking.ts): the pixel's URL, and the tracked URL of
 * link number `index` of the body. Absent: no pixel, links as written.
 */
export type MailTracking = { pixel: string; link: (index: number) => string };

type Words = {
  footer: string;
  unsubscribe: string;
  pageTitle: string;
  confirm: (email: string) => string;
  button: string;
  done: (email: string) => string;
  invalid: string;
};

const WORDS: Record<Language, Words> = {
  fr: {
    footer: 'Vous recevez ce message car vous avez un compte SOS Expat.',
    unsubscribe: 'Se désabonner de ces messages',
    pageTitle: 'Désabonnement – SOS Expat',
    confirm: (email) => `Ne plus envoyer de messages d’information à ${email}\u00a0?`,
    button: 'Me désabonner',
    done: (email) =>
      `C’est fait\u00a0: ${email} ne recevra plus nos messages d’information. Les messages liés à votre compte (factures, réinitialisation du mot de passe) continuent d’arriver.`,
    invalid: 'Ce lien de désabonnement n’est pas valide.',
  },
  en: {
    footer: 'You are receiving this message because you have an SOS Expat account.',
    unsubscribe: 'Unsubscribe from these messages',
    pageTitle: 'Unsubscribe – SOS Expat',
    confirm: (email) => `Stop sending newsletters to ${email}?`,
    button: 'Unsubscribe',
    done: (email) =>
      `Done: ${email} will no longer receive our newsletters. Messages about your account (invoices, password resets) still arrive.`,
    invalid: 'This unsubscribe link is not valid.',
  },
  es: {
    footer: 'Recibe este mensaje porque tiene una cuenta en SOS Expat.',
    unsubscribe: 'Darse de baja de estos mensajes',
    pageTitle: 'Darse de baja – SOS Expat',
    confirm: (email) => `¿Dejar de enviar boletines a ${email}?`,
    button: 'Darme de baja',
    done: (email) =>
      `Hecho: ${email} ya no recibirá nuestros boletines. Los mensajes sobre su cuenta (facturas, restablecimiento de contraseña) siguen llegando.`,
    invalid: 'Este enlace para darse de baja no es válido.',
  },
  ru: {
    footer: 'Вы получили это письмо, потому что у вас есть аккаунт SOS Expat.',
    unsubscribe: 'Отписаться от этих писем',
    pageTitle: 'Отписка – SOS Expat',
    confirm: (email) => `Больше не отправлять рассылки на ${email}?`,
    button: 'Отписаться',
    done: (email) =>
      `Готово: ${email} больше не будет получать наши рассылки. Письма о вашем аккаунте (счета, сброс пароля) по-прежнему приходят.`,
    invalid: 'Эта ссылка для отписки недействительна.',
  },
  de: {
    footer: 'Sie erhalten diese Nachricht, weil Sie ein Konto bei SOS Expat haben.',
    unsubscribe: 'Von diesen Nachrichten abmelden',
    pageTitle: 'Abmelden – SOS Expat',
    confirm: (email) => `Keine Newsletter mehr an ${email} senden?`,
    button: 'Abmelden',
    done: (email) =>
      `Erledigt: ${email} erhält keine Newsletter mehr. Nachrichten zu Ihrem Konto (Rechnungen, Passwort-Zurücksetzung) kommen weiterhin an.`,
    invalid: 'Dieser Abmeldelink ist ungültig.',
  },
};

/** Where a link of the body leads: its tracked URL (by its number in the whole body), or itself. */
type Target = (link: string) => string;

function targetFor(body: string, tracking?: MailTracking): Target {
  if (!tracking) return (link) => link;
  const links = campaignLinks(body);
  return (link) => {
    const index = links.indexOf(link);
    return index >= 0 ? tracking.link(index) : link;
  };
}

/** A paragraph in HTML: its links as anchors. */
function htmlParagraph(block: string, target: Target): string {
  const html = splitLinks(block)
    .map((part) =>
      'text' in part
        ? escapeHtml(part.text)
        : `<a href="${escapeHtml(target(part.link))}" style="color:#1f5fc4">${escapeHtml(part.link)}</a>`,
    )
    .join('');
  return html.replace(/\n/g, '<br>');
}

/** A paragraph in plain text: a tracked link replaces the URL (a text reader follows it as it is). */
const textParagraph = (block: string, target: Target) =>
  splitLinks(block)
    .map((part) => ('text' in part ? part.text : target(part.link)))
    .join('');

/** Where the campaign's text goes in a stored layout's HTML: a paragraph of its own. */
const CAMPAIGN_TEXT_MARK = '\u0001campaign-text\u0001';

const trackingPixel = (tracking?: MailTracking) =>
  tracking
    ? `\n<img src="${escapeHtml(tracking.pixel)}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">`
    : '';

export type CampaignMail = RenderedMail & { headers: Record<string, string> };

/**
 * A campaign mail in `language` (the text already chosen for it), with its unsubscribe link, and, for
 * a recipient who consented, a tracking pixel and tracked links; in `layout`, the stored `campaign`
 * template of the language, when there is one.
 */
export function campaignMail(
  language: Language,
  text: CampaignText,
  unsubscribeLink: string,
  tracking?: MailTracking,
  layout?: MailTemplateSource,
): CampaignMail {
  const target = targetFor(text.body, tracking);
  const paragraphs = text.body
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean);
  const bodyHtml = paragraphs
    .map((block) => `<p style="margin:0 0 16px">${htmlParagraph(block, target)}</p>`)
    .join('\n');
  const bodyText = paragraphs.map((block) => textParagraph(block, target)).join('\n\n');
  const mail = layout
    ? laidOut(language, layout, { subject: text.subject, bodyHtml, bodyText, unsubscribeLink, tracking })
    : builtIn(language, { subject: text.subject, bodyHtml, bodyText, unsubscribeLink, tracking });
  return {
    ...mail,
    // RFC 8058: a mail client may unsubscribe with one POST to this address, no page in between.
    headers: {
      'List-Unsubscribe': `<${unsubscribeLink}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

type Parts = {
  subject: string;
  bodyHtml: string;
  bodyText: string;
  unsubscribeLink: string;
  tracking?: MailTracking;
};

function builtIn(language: Language, { subject, bodyHtml, bodyText, unsubscribeLink, tracking }: Parts) {
  const words = WORDS[language];
  const link = escapeHtml(unsubscribeLink);
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f6f8;font-family:Arial,Helvetica,sans-serif;color:#1b2230">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
${bodyHtml}
<p style="margin:24px 0 0;font-size:12px;color:#3d4657">${escapeHtml(words.footer)} <a href="${link}" style="color:#1f5fc4">${escapeHtml(words.unsubscribe)}</a></p>
</div>${trackingPixel(tracking)}
</body>
</html>`;
  return { subject, text: builtInText(language, bodyText, unsubscribeLink), html };
}

const builtInText = (language: Language, body: string, unsubscribeLink: string) =>
  `${body}\n\n--\n${WORDS[language].footer}\n${WORDS[language].unsubscribe}: ${unsubscribeLink}\n`;

function laidOut(
  language: Language,
  layout: MailTemplateSource,
  { subject: campaignSubject, bodyHtml, bodyText, unsubscribeLink, tracking }: Parts,
): RenderedMail {
  const values = { campaignSubject, unsubscribeLink };
  const subject = fillSubject(layout.subject, values);
  const marked = fillTemplate(layout.text, { ...values, campaignText: `\n\n${CAMPAIGN_TEXT_MARK}\n\n` });
  const inner = textBlocks(marked, (block) =>
    block === CAMPAIGN_TEXT_MARK ? bodyHtml : linkedParagraph(block),
  ).join('\n');
  return {
    subject,
    text: fillTemplate(layout.text, { ...values, campaignText: bodyText }),
    html: htmlPage(language, subject, inner, trackingPixel(tracking)),
  };
}

/** The built-in layout as the `campaign` template's wording (the console's "built-in" version). */
export function builtInCampaignMail(language: Language, values: MailVariables<'campaign'>): RenderedMail {
  const text = { subject: values.campaignSubject, body: values.campaignText };
  const { subject, text: plain, html } = campaignMail(language, text, values.unsubscribeLink);
  return { subject, text: plain, html };
}

const page = (language: Language, title: string, content: string) => `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f5f6f8;font-family:Arial,Helvetica,sans-serif;color:#1b2230">
<main style="max-width:480px;margin:40px auto;background:#ffffff;padding:24px;border-radius:8px">
<h1 style="font-size:20px;margin:0 0 16px">SOS Expat</h1>
${content}
</main>
</body>
</html>`;

/** The page an unsubscribe link opens: a question and one button, which posts the same link. */
export function unsubscribeConfirmPage(language: Language, email: string, action: string): string {
  const words = WORDS[language];
  return page(
    language,
    words.pageTitle,
    `<p>${escapeHtml(words.confirm(email))}</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="background:#d62839;color:#ffffff;border:0;font-weight:bold;padding:12px 20px;border-radius:6px;cursor:pointer">${escapeHtml(words.button)}</button></form>`,
  );
}

export function unsubscribeDonePage(language: Language, email: string): string {
  const words = WORDS[language];
  return page(language, words.pageTitle, `<p role="status">${escapeHtml(words.done(email))}</p>`);
}

export function unsubscribeInvalidPage(language: Language): string {
  const words = WORDS[language];
  return page(language, words.pageTitle, `<p role="alert">${escapeHtml(words.invalid)}</p>`);
}
