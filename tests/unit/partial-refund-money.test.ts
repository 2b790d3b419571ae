/**
 * A payment given back in part (an admin's partial refund, finance/refunds) stays `captured`; the
 * one rule (src/domain/payment-state.ts) tells it apart by what was refunded, and the calls tab and
 * the call page say both what was charged and what came back, in the five languages.
 */
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/domain/languages';
import type { Language } from '../../src/domain/languages';
import { clientMoney, wasCharged } from '../../src/domain/payment-state';
import { callStatus, viewOfSession } from '../../src/features/call/call-status-model';
import type { CallSessionDoc } from '../../src/domain/mine';
import { formatMoney } from '../../src/ui/intl';
import de from '../../src/i18n/locales/de.json';
import en from '../../src/i18n/locales/en.json';
import es from '../../src/i18n/locales/es.json';
import fr from '../../src/i18n/locales/fr.json';
import ru from '../../src/i18n/locales/ru.json';

const LOCALES = { fr, en, es, ru, de } satisfies Record<Language, unknown>;
const texts = {} as Record<Language, (key: string, values?: Record<string, unknown>) => string>;

beforeAll(async () => {
  for (const language of LANGUAGES) {
    const instance = i18next.createInstance();
    await instance.init({
      lng: language,
      resources: { [language]: { translation: LOCALES[language] } },
      fallbackLng: false,
    });
    const t = instance.t as unknown as (key: string, values: Record<string, unknown>) => string;
    texts[language] = (key, values) => t(key, values ?? {});
  }
});

describe('a payment refunded in part', () => {
  it('is charged, part of it given back, while the payment stays captured', () => {
    expect(clientMoney({ payment: 'captured', refunded: 2450 })).toBe('partlyRefunded');
    expect(clientMoney({ payment: 'captured', phase: 'completed', refunded: 2450 })).toBe('partlyRefunded');
    expect(wasCharged('partlyRefunded')).toBe(true);
  });

  it('is simply charged when nothing was refunded, and refunded once all of it was', () => {
    expect(clientMoney({ payment: 'captured', refunded: 0 })).toBe('charged');
    expect(clientMoney({ payment: 'captured' })).toBe('charged');
    expect(clientMoney({ payment: 'refunded', refunded: 4900 })).toBe('refunded');
  });

  it('never turns a hold into a refund, whatever the amount says', () => {
    expect(clientMoney({ payment: 'authorised', refunded: 2450 })).toBe('held');
    expect(clientMoney({ payment: 'released', refunded: 2450 })).toBe('released');
  });

  it('while a failed consultation is being refunded, says the refund is under way', () => {
    expect(clientMoney({ payment: 'captured', phase: 'failed', refunded: 2450 })).toBe('refunding');
  });

  it('is told by the call page from the client’s copy of the session', () => {
    const session: CallSessionDoc = {
      id: 'call_session:ord_1',
      type: 'call_session',
      orderId: 'ord_1',
      role: 'client',
      service: 'lawyerCall',
      providerId: 'p1',
      providerName: 'Maître Martin',
      clientName: 'Paul',
      phase: 'completed',
      attempt: 1,
      maxAttempts: 3,
      durationMinutes: 20,
      payment: 'captured',
      currency: 'EUR',
      amount: 4900,
      refunded: 2450,
      createdAt: '2026-11-25T10:00:00.000Z',
      updatedAt: '2026-11-25T10:30:00.000Z',
    };
    const view = viewOfSession(session);
    expect(view.refunded).toBe(2450);
    expect(callStatus(view, Date.parse('2026-11-25T11:00:00.000Z')).money).toBe('partlyRefunded');
  });

  it.each(LANGUAGES)('%s says what was given back, in the language’s own money format', (language) => {
    const refunded = formatMoney(2450, 'EUR', language);
    const label = texts[language]('money.state.partlyRefunded', { refunded });
    expect(label).toContain(refunded);
    expect(label).not.toBe(texts[language]('money.state.refunded'));
    expect(texts[language]('money.detail.partlyRefunded', { refunded })).toContain(refunded);
  });

  it('says it in French as the product does', () => {
    expect(texts.fr('money.state.partlyRefunded', { refunded: formatMoney(2450, 'EUR', 'fr') })).toBe(
      'Débité · 24,50\u00a0€ remboursés',
    );
  });
});
