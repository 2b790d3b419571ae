import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/domain/languages';
import {
  checkTemplateInput,
  fillTemplate,
  MAIL_SUBJECT_MAX,
  MAIL_TEMPLATE_KINDS,
  MAIL_TEXT_MAX,
  missingVariables,
  parseTemplate,
  unknownVariables,
  usedVariables,
} from '../../src/domain/mail-templates';
import { campaignMail } from '../../server/services/comms/campaign-mail';
import { builtInSource, previewMailTemplate } from '../../server/services/comms/mail-templates';
import { sampleVariables } from '../../server/services/comms/mail-template-samples';
import { renderTemplate } from '../../server/services/mail-compose';
import { builtInVerificationMail, verificationMail } from '../../server/services/mail-templates';

const PUBLIC_URL = 'https://sos-expat.example';

describe('template variables', () => {
  it('reads {{name}} with or without spaces, each name once, in order', () => {
    const { parts, malformed } = parseTemplate('Hi {{ firstName }}, open {{link}} ({{firstName}})');
    expect(malformed).toBe(false);
    expect(parts).toEqual([
      { text: 'Hi ' },
      { variable: 'firstName' },
      { text: ', open ' },
      { variable: 'link' },
      { text: ' (' },
      { variable: 'firstName' },
      { text: ')' },
    ]);
    expect(usedVariables('{{link}} {{greeting}} {{link}}')).toEqual(['link', 'greeting']);
  });

  it('finds stray or malformed braces', () => {
    for (const source of ['Hi {{firstName', 'Hi firstName}}', '{{first name}}', '{{}}', '{{lien-1}}']) {
      expect(parseTemplate(source).malformed, source).toBe(true);
    }
    expect(parseTemplate('Prix : {50 €}').malformed).toBe(false);
  });

  it('tells unknown variables of a kind and its missing required ones', () => {
    expect(unknownVariables('verification', '{{link}} {{invoiceNumber}} {{prenom}}')).toEqual([
      'invoiceNumber',
      'prenom',
    ]);
    expect(unknownVariables('invoice', '{{invoiceNumber}} {{amount}}')).toEqual([]);
    expect(missingVariables('verification', 'Bonjour {{firstName}}')).toEqual(['link']);
    expect(missingVariables('provider_rejected', '{{reason}}')).toEqual([]);
  });

  it('fills variables with their values, as written (no escaping in the text part)', () => {
    expect(fillTemplate('Bonjour {{ firstName }} <{{link}}>', { firstName: 'Zoé & <Léa>', link: 'x' })).toBe(
      'Bonjour Zoé & <Léa> <x>',
    );
  });
});

describe('checking a template an admin sends', () => {
  const ok = { subject: 'Confirmez', text: 'Cliquez : {{link}}' };

  it('accepts a good one, trims the subject and ends the text with one newline', () => {
    expect(
      checkTemplateInput('verification', { subject: '  Confirmez ', text: 'Lien\r\n{{link}}\n\n\n' }),
    ).toEqual({
      ok: true,
      value: { subject: 'Confirmez', text: 'Lien\n{{link}}\n' },
    });
  });

  it('answers a code per field', () => {
    const check = (input: unknown) => {
      const result = checkTemplateInput('verification', input);
      return result.ok ? 'ok' : result.fields;
    };
    expect(check(ok)).toBe('ok');
    expect(check(null)).toEqual({ body: 'value_invalid' });
    expect(check({})).toEqual({ subject: 'required', text: 'required' });
    expect(check({ subject: '  ', text: 3 })).toEqual({ subject: 'required', text: 'value_invalid' });
    expect(check({ ...ok, text: 'Bonjour {{firstName}}' })).toEqual({ text: 'missing_variable' });
    expect(check({ ...ok, text: '{{link}} {{invoiceNumber}}' })).toEqual({ text: 'unknown_variable' });
    expect(check({ ...ok, subject: 'Pour {{prenom}}' })).toEqual({ subject: 'unknown_variable' });
    expect(check({ ...ok, subject: 'Pour {{firstName' })).toEqual({ subject: 'malformed_variable' });
    expect(check({ ...ok, subject: 'Deux\nlignes' })).toEqual({ subject: 'value_invalid' });
    expect(check({ ...ok, subject: 'x'.repeat(MAIL_SUBJECT_MAX + 1) })).toEqual({ subject: 'too_long' });
    expect(check({ ...ok, text: `{{link}}${'x'.repeat(MAIL_TEXT_MAX)}` })).toEqual({ text: 'too_long' });
    expect(check({ ...ok, html: '<b>x</b>' })).toEqual({ html: 'unknown_field' });
    // The save's revision is checked by the service, so it is a known field there only.
    expect(checkTemplateInput('verification', { ...ok, rev: null }, ['rev']).ok).toBe(true);
  });
});

describe('rendering a stored template', () => {
  it('escapes the admin’s text and every value in the HTML, and links only web addresses', () => {
    const mail = renderTemplate(
      'fr',
      {
        subject: 'Pour {{firstName}}',
        text: '<b>Bonjour</b> {{firstName}},\n\nOuvrez {{link}}.\njavascript:alert(1)\n',
      },
      { firstName: '<script>alert("x")</script>', link: 'https://sos-expat.example/v?token=a&b="c"' },
    );
    expect(mail.subject).toBe('Pour <script>alert("x")</script>');
    expect(mail.text).toContain('<b>Bonjour</b> <script>alert("x")</script>,');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain(
      '&lt;b&gt;Bonjour&lt;/b&gt; &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;,',
    );
    expect(mail.html).toContain('<title>Pour &lt;script&gt;');
    // The link stops before the escaped quote, and the full stop after it stays outside.
    expect(mail.html).toContain(
      'Ouvrez <a href="https://sos-expat.example/v?token=a&amp;b=" style="color:#1f5fc4;word-break:break-all">https://sos-expat.example/v?token=a&amp;b=</a>&quot;c&quot;.<br>javascript:alert(1)</p>',
    );
    expect(mail.html).not.toContain('href="javascript');
    expect(mail.html).toContain('<html lang="fr">');
  });

  it('keeps a value’s line breaks out of the subject', () => {
    const mail = renderTemplate(
      'en',
      { subject: 'About {{reason}}', text: '{{reason}}' },
      { reason: 'a\r\nb' },
    );
    expect(mail.subject).toBe('About a b');
  });

  it.each(MAIL_TEMPLATE_KINDS)(
    'shows the built-in %s wording as a valid template that renders the same text',
    (kind) => {
      for (const language of LANGUAGES) {
        const source = builtInSource(kind, language);
        expect(checkTemplateInput(kind, source)).toEqual({ ok: true, value: source });
        const preview = previewMailTemplate({ kind, language, input: source, publicUrl: PUBLIC_URL });
        expect(preview.text).not.toContain('{{');
        expect(preview.html).toContain(`<html lang="${language}">`);
      }
    },
  );

  it('renders the built-in verification template exactly as the built-in mail, in every language', () => {
    for (const language of LANGUAGES) {
      const values = sampleVariables('verification', language, PUBLIC_URL);
      const builtIn = builtInVerificationMail(
        language,
        values as Parameters<typeof builtInVerificationMail>[1],
      );
      const fromTemplate = renderTemplate(language, builtInSource('verification', language), values);
      expect(fromTemplate.subject).toBe(builtIn.subject);
      expect(fromTemplate.text).toBe(builtIn.text);
    }
    const fr = builtInSource('verification', 'fr');
    expect(fr.text.startsWith('{{greeting}}\n')).toBe(true);
    expect(fr.text).toContain('Ce lien est valable {{validity}}');
    const sent = verificationMail('fr', {
      name: 'Camille',
      link: `${PUBLIC_URL}/verify-email?token=exemple-de-jeton`,
      validHours: 48,
    });
    expect(renderTemplate('fr', fr, sampleVariables('verification', 'fr', PUBLIC_URL)).text).toBe(sent.text);
  });

  it('previews with sample values in the preview’s language', () => {
    const invoice = previewMailTemplate({
      kind: 'invoice',
      language: 'de',
      input: {
        subject: 'Rechnung {{invoiceNumber}}',
        text: '{{greeting}}\n{{invoiceNumber}}: {{amount}} am {{consultationDate}}',
      },
      publicUrl: PUBLIC_URL,
    });
    expect(invoice.subject).toBe('Rechnung SOS-2026-000123');
    expect(invoice.text).toContain('Guten Tag Lena Müller,');
    expect(invoice.text).toMatch(/49,00\s€ am 20\. November 2026/);
    expect(() =>
      previewMailTemplate({
        kind: 'invoice',
        language: 'de',
        input: { subject: 'x', text: 'y' },
        publicUrl: PUBLIC_URL,
      }),
    ).toThrow(/not valid/);
  });
});

describe('the campaign layout', () => {
  const campaign = {
    subject: 'Nouveau <à> Lisbonne',
    body: 'Bonjour,\n\nLisez https://sos-expat.example/a\nà bientôt',
  };
  const unsubscribe = `${PUBLIC_URL}/unsubscribe?token=t0k`;
  const layout = {
    subject: '[SOS Expat] {{campaignSubject}}',
    text: '<i>Chère cliente,</i>\n{{campaignText}}\n\nPlus de messages ? {{unsubscribeLink}}\n',
  };

  it('must place the campaign’s subject in its subject, its text and the unsubscribe link in its text', () => {
    const check = (input: unknown) => {
      const result = checkTemplateInput('campaign', input);
      return result.ok ? 'ok' : result.fields;
    };
    expect(check(layout)).toBe('ok');
    expect(check({ ...layout, subject: 'Les nouvelles' })).toEqual({ subject: 'missing_variable' });
    expect(missingVariables('campaign', 'Les nouvelles', 'subject')).toEqual(['campaignSubject']);
    expect(check({ ...layout, text: '{{campaignText}}' })).toEqual({ text: 'missing_variable' });
    expect(missingVariables('campaign', '{{campaignText}}')).toEqual(['unsubscribeLink']);
    expect(check({ ...layout, text: '{{campaignText}} {{unsubscribeLink}} {{firstName}}' })).toEqual({
      text: 'unknown_variable',
    });
  });

  it('lays a stored layout around the campaign: its text escaped, the campaign’s paragraphs and tracked links kept', () => {
    const tracking = {
      pixel: `${PUBLIC_URL}/m/o/pix.gif`,
      link: (index: number) => `${PUBLIC_URL}/m/c/link-${index}`,
    };
    const mail = campaignMail('fr', campaign, unsubscribe, tracking, layout);
    expect(mail.subject).toBe('[SOS Expat] Nouveau <à> Lisbonne');
    expect(mail.text).toBe(
      `<i>Chère cliente,</i>\nBonjour,\n\nLisez ${PUBLIC_URL}/m/c/link-0\nà bientôt\n\nPlus de messages ? ${unsubscribe}\n`,
    );
    expect(mail.html).not.toContain('<i>');
    expect(mail.html).toContain('<p style="margin:0 0 16px">&lt;i&gt;Chère cliente,&lt;/i&gt;</p>');
    // The campaign's text: its own paragraphs, its link tracked but shown as written.
    expect(mail.html).toContain('<p style="margin:0 0 16px">Bonjour,</p>');
    expect(mail.html).toContain(
      `Lisez <a href="${PUBLIC_URL}/m/c/link-0" style="color:#1f5fc4">https://sos-expat.example/a</a><br>à bientôt</p>`,
    );
    expect(mail.html).toContain(`<a href="${unsubscribe}"`);
    expect(mail.html).toMatch(
      /<\/div>\n<img src="https:\/\/sos-expat\.example\/m\/o\/pix\.gif"[^>]*>\n<\/body>/,
    );
    expect(mail.html).toContain('<title>[SOS Expat] Nouveau &lt;à&gt; Lisbonne</title>');
    expect(mail.headers['List-Unsubscribe']).toBe(`<${unsubscribe}>`);
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('without a stored layout, is the built-in one, whose wording is the template the console shows', () => {
    const mail = campaignMail('de', campaign, unsubscribe);
    const source = builtInSource('campaign', 'de');
    expect(source.subject).toBe('{{campaignSubject}}');
    const values = {
      campaignSubject: campaign.subject,
      campaignText: campaign.body,
      unsubscribeLink: unsubscribe,
    };
    expect(mail.subject).toBe(fillTemplate(source.subject, values));
    expect(mail.text).toBe(fillTemplate(source.text, values));
    expect(mail.text).toContain(`Von diesen Nachrichten abmelden: ${unsubscribe}`);
    // Stored as it is, the built-in wording sends the same text.
    expect(campaignMail('de', campaign, unsubscribe, undefined, source).text).toBe(mail.text);
  });

  it('previews a layout around a sample campaign in the preview’s language', () => {
    const preview = previewMailTemplate({
      kind: 'campaign',
      language: 'es',
      input: layout,
      publicUrl: PUBLIC_URL,
    });
    expect(preview.subject).toBe('[SOS Expat] Novedad: abogados en Lisboa, las 24 horas');
    expect(preview.text).toContain(`Ver los abogados: ${PUBLIC_URL}/providers`);
    expect(preview.text).toContain(`Plus de messages ? ${PUBLIC_URL}/unsubscribe?token=`);
    expect(preview.html).toContain('<html lang="es">');
  });
});
