import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/domain/languages';
import { passwordResetMail, verificationMail } from '../../server/services/mail-templates';

const link = 'https://sos-expat.example/verify-email?token=abc_DEF-123';

describe('mail templates', () => {
  it.each(LANGUAGES)('writes both mails in %s, with the link in the text and the HTML', (language) => {
    for (const render of [verificationMail, passwordResetMail]) {
      const mail = render(language, { name: 'Zoé', link, validHours: 48 });
      expect(mail.subject).toMatch(/SOS Expat$/);
      expect(mail.text).toContain(link);
      expect(mail.text).toContain('Zoé');
      expect(mail.html).toContain(`<html lang="${language}">`);
      expect(mail.html).toContain(`href="${link}"`);
    }
  });

  it('agrees the duration with its number in each language', () => {
    const text = (language: (typeof LANGUAGES)[number], validHours: number) =>
      passwordResetMail(language, { link, validHours }).text;
    expect(text('fr', 1)).toContain('1\u00a0heure');
    expect(text('fr', 48)).toContain('48\u00a0heures');
    expect(text('ru', 1)).toContain('1 час');
    expect(text('ru', 48)).toContain('48 часов');
    expect(text('de', 1)).toContain('1 Stunde');
    expect(text('es', 48)).toContain('48 horas');
    expect(text('en', 1)).toContain('1 hour');
  });

  it('greets without a name when there is none, and escapes what goes into the HTML', () => {
    expect(verificationMail('en', { link, validHours: 48 }).text.startsWith('Hello,\n')).toBe(true);
    const mail = verificationMail('fr', { name: '<b>Eve</b>', link: `${link}&x="y"`, validHours: 48 });
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail.html).toContain('&amp;x=&quot;y&quot;');
  });
});
