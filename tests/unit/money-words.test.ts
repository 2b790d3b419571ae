/**
 * One truth about the client's money: the rule that names what became of it (src/domain/payment-state.ts),
 * its wording in the five languages, and where it is told (call page, calls tab, notifications). A
 * hold that was lifted was never charged: it is never "paid", "returned" or "refunded".
 */
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationDoc } from '../../src/domain/mine';
import { CALL_PHASES, PAYMENT_STATES } from '../../src/domain/order';
import type { PaymentState } from '../../src/domain/order';
import { CLIENT_MONEY_STATES, clientMoney, wasCharged } from '../../src/domain/payment-state';
import type { ClientMoney } from '../../src/domain/payment-state';
import { LANGUAGES } from '../../src/domain/languages';
import type { Language } from '../../src/domain/languages';
import { callStatus } from '../../src/features/call/call-status-model';
import type { CallView } from '../../src/features/call/call-status-model';
import { notificationText } from '../../src/features/dashboard/dashboard-model';
import de from '../../src/i18n/locales/de.json';
import en from '../../src/i18n/locales/en.json';
import es from '../../src/i18n/locales/es.json';
import fr from '../../src/i18n/locales/fr.json';
import ru from '../../src/i18n/locales/ru.json';

const LOCALES = { fr, en, es, ru, de } satisfies Record<Language, unknown>;

/** Words that say the client's money was taken (or given back after being taken), per language. */
const TAKEN: Record<Language, RegExp> = {
  fr: /pay[ée]|restitu|rembours/i,
  en: /\bpaid\b|refund|returned/i,
  es: /pagad|reembols|devuelt/i,
  ru: /оплач|возвра/i,
  de: /bezahlt|erstatt|zurück/i,
};
const NEVER_CHARGED: ClientMoney[] = ['none', 'held', 'releasing', 'released'];

const texts: Record<Language, (key: string, values?: Record<string, unknown>) => string> = {} as never;

beforeAll(async () => {
  for (const language of LANGUAGES) {
    const instance = i18next.createInstance();
    await instance.init({
      lng: language,
      resources: { [language]: { translation: LOCALES[language] } },
      fallbackLng: false,
    });
    // Keys built at run time: the typed `t` of the app checks literal keys only.
    const t = instance.t as unknown as (key: string, values: Record<string, unknown>) => string;
    texts[language] = (key, values) => t(key, values ?? {});
  }
});

describe('the rule', () => {
  it('names the money from the payment recorded, whatever the call did', () => {
    const expected: Record<PaymentState, ClientMoney> = {
      requires_payment: 'none',
      authorised: 'held',
      captured: 'charged',
      released: 'released',
      refunded: 'refunded',
      failed: 'none',
    };
    for (const payment of PAYMENT_STATES) {
      expect(clientMoney({ payment }), payment).toBe(expected[payment]);
      for (const phase of CALL_PHASES.filter((p) => p !== 'failed'))
        expect(clientMoney({ payment, phase }), `${payment} ${phase}`).toBe(expected[payment]);
    }
  });

  it('says a failed consultation gives back what is still held or charged, without calling a hold a refund', () => {
    expect(clientMoney({ payment: 'authorised', phase: 'failed' })).toBe('releasing');
    expect(clientMoney({ payment: 'captured', phase: 'failed' })).toBe('refunding');
    expect(clientMoney({ payment: 'released', phase: 'failed' })).toBe('released');
    expect(clientMoney({ payment: 'refunded', phase: 'failed' })).toBe('refunded');
  });

  it('knows which states mean the card was charged at some point', () => {
    expect(CLIENT_MONEY_STATES.filter(wasCharged)).toEqual([
      'charged',
      'partlyRefunded',
      'refunding',
      'refunded',
    ]);
  });
});

describe('the wording', () => {
  it.each(LANGUAGES)('%s has one label and one sentence per state', (language) => {
    for (const money of CLIENT_MONEY_STATES) {
      expect(texts[language](`money.state.${money}`)).not.toBe(`money.state.${money}`);
      expect(texts[language](`money.detail.${money}`, { hours: 24 })).not.toBe(`money.detail.${money}`);
    }
  });

  it.each(LANGUAGES)('%s never says money was taken when the card was not charged', (language) => {
    for (const money of NEVER_CHARGED) {
      expect(texts[language](`money.state.${money}`)).not.toMatch(TAKEN[language]);
      expect(texts[language](`money.detail.${money}`, { hours: 24 })).not.toMatch(TAKEN[language]);
    }
  });

  it('calls a refund a refund, only once money was charged', () => {
    expect(texts.fr('money.state.refunded')).toBe('Remboursé');
    expect(texts.fr('money.state.released')).toBe('Non débité — empreinte levée');
    expect(texts.fr('money.state.charged')).toBe('Débité');
    expect(texts.en('money.state.released')).toBe('Not charged — hold released');
  });
});

function notification(params: NotificationDoc['params'], kind: NotificationDoc['kind'] = 'refund_issued') {
  return { kind, params };
}

describe('the notifications', () => {
  const released = notification({
    amount: 4900,
    currency: 'EUR',
    providerName: 'Maître Martin',
    payment: 'released',
  });

  function say(language: Language, doc: ReturnType<typeof notification>, known?: PaymentState) {
    const t = (key: string) => texts[language](key);
    const { key, values } = notificationText(doc, language, t, known);
    return texts[language](`dashboard.notifications.kinds.${key}`, values);
  }

  it.each(LANGUAGES)(
    '%s says a lifted hold was not charged, and never that money was returned',
    (language) => {
      expect(say(language, released)).not.toMatch(TAKEN[language]);
      expect(say(language, released)).toContain('Maître Martin');
      expect(say(language, released)).toMatch(/49/);
    },
  );

  it('says so in French in the words of the call page', () => {
    expect(say('fr', released)).toMatch(/^Votre carte n.a pas été débitée pour l.appel avec Maître Martin/);
    const refunded = notification({ amount: 4900, currency: 'EUR', providerName: 'A', payment: 'refunded' });
    expect(say('fr', refunded)).toMatch(/rembours/);
  });

  it('reads an older notification by the payment of its call, or says only that nothing is owed', () => {
    const older = notification({ amount: 4900, currency: 'EUR', providerName: 'A' });
    expect(say('fr', older, 'released')).toMatch(/^Votre carte n.a pas été débitée/);
    expect(say('fr', older, 'refunded')).toMatch(/rembours/);
    expect(say('fr', older)).not.toMatch(TAKEN.fr);
  });

  it.each(LANGUAGES)('%s tells why a call failed without guessing about the money', (language) => {
    const failed = notification({ providerName: 'A', failure: 'provider_no_answer' }, 'call_failed');
    expect(say(language, failed)).not.toMatch(TAKEN[language]);
    expect(say('fr', failed)).not.toMatch(/débit/);
  });
});

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const at = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();

function view(overrides: Partial<CallView> = {}): CallView {
  return {
    orderId: 'order_1',
    viewer: 'client',
    service: 'lawyerCall',
    providerId: 'prov_1',
    providerName: 'Maître Dupont',
    clientName: 'Paul',
    phase: 'calling_provider',
    attempt: 1,
    maxAttempts: 3,
    durationMinutes: 20,
    payment: 'authorised',
    currency: 'EUR',
    amount: 4900,
    ...overrides,
  };
}

describe('the call page', () => {
  it('says what became of the money at every step, for the client only', () => {
    expect(callStatus(view(), NOW).money).toBe('held');
    expect(callStatus(view({ phase: 'in_progress', payment: 'captured' }), NOW).money).toBe('charged');
    expect(callStatus(view({ phase: 'completed', payment: 'captured' }), NOW).money).toBe('charged');
    expect(callStatus(view({ phase: 'failed', payment: 'released' }), NOW).money).toBe('released');
    expect(callStatus(view({ phase: 'failed', payment: 'authorised' }), NOW).money).toBe('releasing');
    expect(callStatus(view({ phase: 'failed', viewer: 'provider' }), NOW).money).toBeUndefined();
  });

  it('while the expert is tried again, says which attempt and when, never that the expert is calling', () => {
    const waiting = callStatus(view({ attempt: 1, retryAt: at(14), expectedCallAt: at(16) }), NOW);
    expect(waiting).toMatchObject({ headline: 'retrying', detail: 'retryWait', clockMs: 14_000 });
    const ringing = callStatus(view({ attempt: 2, expectedCallAt: at(2) }), NOW);
    expect(ringing).toMatchObject({ headline: 'retrying', detail: 'retrying' });
    expect(ringing.clockMs).toBeUndefined();
    const due = callStatus(view({ attempt: 1, retryAt: at(-1) }), NOW);
    expect(due).toMatchObject({ headline: 'retrying', detail: 'retrying', attempt: 2 });

    const detail = (status: ReturnType<typeof callStatus>, attempt: number) =>
      texts.fr(`paymentSuccess.detail.${status.detail}`, { attempt, max: 3, name: 'Maître Dupont' });
    expect(detail(waiting, 1)).toBe("L'expert n'a pas répondu à l'appel 1 sur 3. Nouvel essai dans");
    expect(detail(ringing, 2)).toBe("Nous rappelons l'expert : tentative 2 sur 3.");
    for (const status of [waiting, ringing, due])
      expect(texts.fr(`paymentSuccess.headline.${status.headline}`) + detail(status, 2)).not.toMatch(
        /vous appelle/,
      );
  });

  it('keeps the first attempt’s countdown, and says when the client is about to be called again', () => {
    expect(callStatus(view({ attempt: 1, expectedCallAt: at(30) }), NOW)).toMatchObject({
      headline: 'contacting',
      detail: 'countdown',
    });
    const again = callStatus(view({ phase: 'calling_client', attempt: 1, retryAt: at(10) }), NOW);
    expect(again).toMatchObject({ headline: 'callingYouAgain', detail: 'clientRetryWait', clockMs: 10_000 });
  });
});
