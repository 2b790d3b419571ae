/**
 * What the product promises about the client's money says what really happens: the card is only
 * held at checkout and charged once the call connects, so when the expert never answers the hold is
 * lifted and nothing is charged. No interface text nor seeded help, FAQ, legal or testimonial
 * content, in any language, calls that a refund. "Refund" is said only where money was really
 * charged and given back, in the texts listed below, each for its reason.
 */
import { describe, expect, it } from 'vitest';
import { contentDocuments } from '../../server/seed/content';
import type { ContentSeedDoc } from '../../server/seed/content';
import { LANGUAGES } from '../../src/domain/languages';
import type { Language } from '../../src/domain/languages';
import de from '../../src/i18n/locales/de.json';
import en from '../../src/i18n/locales/en.json';
import es from '../../src/i18n/locales/es.json';
import fr from '../../src/i18n/locales/fr.json';
import ru from '../../src/i18n/locales/ru.json';

const LOCALES = { fr, en, es, ru, de } satisfies Record<Language, unknown>;

/** Words that say money is (or was) given back, per language. */
const REFUND: Record<Language, RegExp> = {
  fr: /rembours|restitu/i,
  en: /refund|reimburs|money back/i,
  // "devolver la llamada" is a call back, not money.
  es: /reembols|devoluci[oó]n|devuelt[oa]|devol\w*\s+(?:el|su)\s+(?:dinero|importe|pago)|devuelve\s+(?:el|su)\s+(?:dinero|importe|pago)/i,
  // "безвозвратно" (for good) is not money.
  ru: /(?<!без)возвра|вернём|вернем|вернут\S*\s+деньг|деньг\S*\s+(?:\S+\s+)?верн|возмещ/i,
  de: /erstatt|rückzahlung|zurückgebucht|gutgeschrieben|geld\s+(?:\S+\s+){0,3}zurück/i,
};

/** Words that speak of the expert (or the client) not answering the platform's calls. */
const NO_ANSWER: Record<Language, RegExp> = {
  fr: /ne (?:répond|répondez|décroche)\w* pas|n['’]a pas (?:répondu|décroché)|sans réponse|absence de réponse/i,
  en: /(?:not|n['’]t) (?:answer|pick up)|unanswered|no answer/i,
  es: /no (?:contesta|responde|contestó|respondió|ha contestado|ha respondido)|sin respuesta|falta de respuesta/i,
  ru: /не ответ|не отвечает|без ответа|безответн/i,
  de: /nimmt\b[^.!?]*\bnicht ab\b|nicht abgenommen|nicht abnimmt|nicht abhebt|nicht antwortet|unbeantwortet|keine antwort/i,
};

/** How each language says the card was not charged. */
const NOT_CHARGED: Record<Language, RegExp> = {
  fr: /n['’]est pas débitée|rien n['’]est débité|sans rien débiter|non débité/i,
  en: /not charged|nothing (?:is )?charged/i,
  es: /no se (?:le )?cobra nada|sin (?:ningún )?cargo/i,
  ru: /ничего не списыва|без списания/i,
  de: /nicht belastet|nichts belastet|keine belastung|ohne belastung/i,
};

/** Interface texts that speak of a refund, each because money was really charged, then given back. */
const REFUND_KEYS_ALLOWED = [
  // The one rule's states of a payment captured, then given back (src/domain/payment-state.ts).
  'money.state.refunding',
  'money.state.refunded',
  'money.detail.refunding',
  'money.detail.refunded',
  // A payment charged, then given back in part by an admin (finance/refunds): the rest stays charged.
  'money.state.partlyRefunded',
  'money.detail.partlyRefunded',
  // The notification of a refund, sent only when the payment recorded was captured, then refunded.
  'dashboard.notifications.kinds.moneyRefunded',
  // An admin's partial refund of a charged consultation (services/consultation/refunds.ts).
  'dashboard.notifications.kinds.partialRefund',
  'dashboard.notifications.kinds.partialRefundCreditNote',
  // A provider's share taken back because the client's charged payment was refunded (payouts).
  'dashboard.earnings.recovered',
  'dashboard.earnings.negativeHint',
  // The traveller's own money owed by someone else (a shop, a landlord's deposit): what a lawyer helps with.
  'callPages.situations.consumer.body',
  'callPages.situations.contract.body',
];

/** Seeded content items (type:slug or testimonial:id) that speak of refunds, each for its reason. */
const REFUND_CONTENT_ALLOWED = [
  // Tell apart a lifted hold (nothing charged) and a refund, which concerns an amount charged.
  'article:refunds',
  'faq:refunds',
  // A charged amount is refunded when the consultation fails after all (settlement's `refund`).
  'legal:terms-clients',
  // Processing purpose: release the hold, or refund an amount charged, after a failed call.
  'legal:privacy-policy',
  // A refunded consultation (charged, given back) earns the expert nothing.
  'legal:terms-lawyers',
  'legal:terms-expats',
  // Reimbursement of the invoice by an employer or an insurer.
  'article:invoices',
  'faq:invoice',
  'article:healthcare-abroad',
  // Someone else's money: a deposit to get back, a report to file (de "Anzeige erstatten").
  'article:renting-a-flat-abroad-without-scams',
  // ru: the journey home ("возвращение"), a compensation claim ("возмещение").
  'article:lost-or-stolen-passport-abroad',
  'article:preparing-lawyer-call-abroad',
  'article:car-accident-abroad',
  // Travellers' stories of getting their own money back from a landlord, a shop or a rental firm.
  'testimonial:t-024',
  'testimonial:t-060',
  'testimonial:t-075',
  'testimonial:t-088',
];

type Text = { where: string; text: string };

function localeTexts(value: unknown, path: string[] = []): Text[] {
  if (typeof value === 'string') return [{ where: path.join('.'), text: value }];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => localeTexts(child, [...path, key]));
}

/** Keys of plural forms share one entry: `booking.summary.refund_other` is `booking.summary.refund`. */
const withoutPlural = (key: string) => key.replace(/_(?:zero|one|two|few|many|other)$/, '');

function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+|\n+/).filter(Boolean);
}

/** The sentences that say a refund follows an unanswered call. */
function refundForNoAnswer(language: Language, text: string): string[] {
  return sentences(text).filter((s) => NO_ANSWER[language].test(s) && REFUND[language].test(s));
}

const seeded = contentDocuments('2026-11-24T00:00:00.000Z').filter((doc) =>
  ['article', 'faq', 'legal', 'testimonial'].includes(doc.type),
);
const itemOf = (doc: ContentSeedDoc) =>
  doc.type === 'testimonial' ? doc._id : `${doc.type}:${doc.slug ?? doc._id}`;
const contentTexts = (doc: ContentSeedDoc): string[] =>
  [doc.title, doc.summary, doc.body].filter((text): text is string => typeof text === 'string');

/** The console's texts: `admin.*`, and the communications screens' own namespaces (`comms…`). */
const isConsoleText = (where: string) => where.startsWith('admin.') || /^comms[A-Z]/.test(where);

describe('the interface texts', () => {
  it.each(LANGUAGES)('%s speaks of a refund only where money was charged, then given back', (language) => {
    const refunds = localeTexts(LOCALES[language]).filter(({ text }) => REFUND[language].test(text));
    // The console's texts name the admins' refund operation (on money charged); they promise nothing
    // to a client. They are still checked below for a refund after an unanswered call.
    const unexpected = refunds.filter(
      ({ where }) => !isConsoleText(where) && !REFUND_KEYS_ALLOWED.includes(withoutPlural(where)),
    );
    expect(unexpected).toEqual([]);
    for (const { where, text } of refunds) expect(refundForNoAnswer(language, text), where).toEqual([]);
  });

  it.each(LANGUAGES)(
    '%s promises, for an expert who never answers, that the card is not charged',
    (language) => {
      const t = (key: string) =>
        key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], LOCALES[language]);
      for (const key of [
        'pricing.guarantees.refund',
        'home.hero.promises.refund',
        'home.safety.refund.body',
        'howItWorks.after.refund.body',
        'booking.summary.refund_other',
        'seo.pricing.description',
        'seo.howItWorks.description',
      ]) {
        expect(t(key), `${language} ${key}`).toMatch(NOT_CHARGED[language]);
        expect(t(key), `${language} ${key}`).not.toMatch(REFUND[language]);
      }
    },
  );
});

describe('the seeded help centre, FAQ, legal pages and testimonials', () => {
  it('speak of a refund only where money was charged, then given back, or someone else’s money', () => {
    const unexpected = seeded
      .filter((doc) => contentTexts(doc).some((text) => REFUND[doc.language as Language].test(text)))
      .map(itemOf)
      .filter((item) => !REFUND_CONTENT_ALLOWED.includes(item));
    expect([...new Set(unexpected)]).toEqual([]);
  });

  it('never say a refund follows an unanswered call', () => {
    const promises = seeded.flatMap((doc) =>
      contentTexts(doc).flatMap((text) =>
        refundForNoAnswer(doc.language as Language, text).map((sentence) => `${doc._id}: ${sentence}`),
      ),
    );
    expect(promises).toEqual([]);
  });

  it.each(LANGUAGES)(
    '%s says, where an unanswered expert is explained, that the card is not charged',
    (language) => {
      const docs = seeded.filter((doc) => doc.language === language);
      for (const item of [
        'article:expert-did-not-answer-refund',
        'faq:expert-does-not-answer',
        'faq:refunds',
      ]) {
        const doc = docs.find((d) => itemOf(d) === item);
        expect(doc, `${language} ${item}`).toBeDefined();
        expect(contentTexts(doc!).join('\n'), `${language} ${item}`).toMatch(NOT_CHARGED[language]);
      }
    },
  );
});
