import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/domain/languages';
import type { MailVariables } from '../../src/domain/mail-templates';
import {
  approvalMailVariables,
  availabilityUrl,
  builtInApprovalMail,
} from '../../server/services/approval-mail';
import { builtInSource } from '../../server/services/comms/mail-templates';
import { renderTemplate } from '../../server/services/mail-compose';
import { fixedMessageId } from '../../server/services/mail';
import {
  builtInPayoutMail,
  earningsUrl,
  payoutMailVariables,
} from '../../server/services/payouts/payout-mail';

const PUBLIC_URL = 'https://sos-expat.example';

describe('the approval mail', () => {
  it('names the role and links to the availability tab, in every language', () => {
    const expected = {
      fr: ['Bonjour Zoé,', 'en tant qu’expatrié aidant'],
      en: ['Hello Zoé,', 'as an expat helper'],
      es: ['Hola, Zoé:', 'como expatriado colaborador'],
      ru: ['Здравствуйте, Zoé!', 'в качестве помощника-экспата'],
      de: ['Guten Tag Zoé,', 'als Expat-Helfer'],
    } as const;
    for (const language of LANGUAGES) {
      const values = approvalMailVariables(language, {
        name: ' Zoé ',
        role: 'expat',
        dashboardUrl: availabilityUrl(PUBLIC_URL),
      });
      const mail = builtInApprovalMail(language, values);
      const [greeting, role] = expected[language];
      expect(mail.text.startsWith(`${greeting}\n`), language).toBe(true);
      expect(mail.text, language).toContain(role);
      expect(mail.text, language).toContain(`${PUBLIC_URL}/dashboard?tab=availability`);
      expect(mail.html, language).toContain(`<a href="${PUBLIC_URL}/dashboard?tab=availability"`);
      // Its built-in template renders the very same text.
      const fromTemplate = renderTemplate(language, builtInSource('provider_approved', language), values);
      expect([fromTemplate.subject, fromTemplate.text]).toEqual([mail.subject, mail.text]);
    }
  });

  it('greets without a name when the account has none', () => {
    const values = approvalMailVariables('fr', { role: 'lawyer', dashboardUrl: 'https://x.example/d' });
    expect(builtInApprovalMail('fr', values).text).toMatch(/^Bonjour,\n\nBonne nouvelle\u00a0: .+ qu’avocat/);
  });
});

describe('the payout mail', () => {
  it('writes the amount in its currency and the day in the provider’s language', () => {
    const input = {
      name: 'Ana',
      amount: 124_950,
      currency: 'EUR' as const,
      paidAt: '2026-11-21T23:30:00.000Z',
      earningsUrl: earningsUrl(PUBLIC_URL),
    };
    const expected = {
      fr: [/^1\s249,50\s€$/, '21 novembre 2026'],
      en: [/^€1,249\.50$/, 'November 21, 2026'],
      es: [/^1249,50\s€$/, '21 de noviembre de 2026'],
      ru: [/^1\s249,50\s€$/, '21 ноября 2026 г.'],
      de: [/^1\.249,50\s€$/, '21. November 2026'],
    } as const;
    for (const language of LANGUAGES) {
      const values = payoutMailVariables(language, input);
      const [amount, day] = expected[language];
      expect(values.amount, language).toMatch(amount);
      // ICU versions differ in which space they put before «г.»: compared as plain spaces.
      expect(values.paidDate.replace(/\s/g, ' '), language).toBe(day);
      const mail = builtInPayoutMail(language, values);
      expect(mail.subject, language).toContain(values.amount);
      expect(mail.text, language).toContain(day);
      expect(mail.text, language).toContain(`${PUBLIC_URL}/dashboard?tab=calls`);
      const fromTemplate = renderTemplate(language, builtInSource('payout_sent', language), values);
      expect([fromTemplate.subject, fromTemplate.text]).toEqual([mail.subject, mail.text]);
    }
    expect(payoutMailVariables('en', { ...input, currency: 'USD' }).amount).toBe('$1,249.50');
  });

  it('escapes every value in the HTML', () => {
    const values: MailVariables<'payout_sent'> = {
      greeting: 'Hello <b>',
      firstName: '<b>',
      amount: '€1 & more',
      paidDate: 'today',
      earningsLink: 'https://x.example/?a="b"',
    };
    const { html } = builtInPayoutMail('en', values);
    expect(html).not.toContain('<b>');
    expect(html).toContain('€1 &amp; more');
    expect(html).toContain('href="https://x.example/?a=&quot;b&quot;"');
  });
});

describe('a fixed Message-ID', () => {
  it('is made of the key, in the sender’s domain', () => {
    expect(fixedMessageId('payout:2026-11-21:EUR:u1', 'SOS Expat <no-reply@sos-expat.test>')).toBe(
      '<payout.2026-11-21.EUR.u1@sos-expat.test>',
    );
    expect(fixedMessageId('a b<c>', 'no-reply@x.example')).toBe('<a.b.c.@x.example>');
  });
});
