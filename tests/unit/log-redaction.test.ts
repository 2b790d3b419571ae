import { afterEach, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../../server/config/env';
import {
  describeError,
  formatForLog,
  installConsoleRedaction,
  redactText,
  registerConfigSecrets,
  registerSecret,
} from '../../server/log';

const ENV_SECRETS = {
  COUCHDB_URL: 'http://admin:couch-Pa55word@couch.internal:5984',
  STRIPE_SECRET_KEY: 'sk_live_51AbCdEfGhIjKlMnOp',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_51Publishable',
  STRIPE_WEBHOOK_SECRET: 'whsec_AbCdEfGhIjKlMnOp',
  TWILIO_ACCOUNT_SID: 'AC' + 'a'.repeat(32),
  TWILIO_AUTH_TOKEN: 'twilio-token-0123456789',
  TWILIO_FROM_NUMBER: '+33100000000',
  SMTP_URL: 'smtps://mailer:smtp-Pa55word@smtp.example.com:465',
  GOOGLE_CLIENT_ID: 'client-id.apps.example',
  GOOGLE_CLIENT_SECRET: 'GOCSPX-google-secret-value',
};
const SECRET_VALUES = [
  'couch-Pa55word',
  'sk_live_51AbCdEfGhIjKlMnOp',
  'whsec_AbCdEfGhIjKlMnOp',
  'twilio-token-0123456789',
  'smtp-Pa55word',
  'GOCSPX-google-secret-value',
];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('redactText, by shape', () => {
  it('removes the password of a URL and keeps the rest', () => {
    expect(redactText('store at http://admin:s3cret@db.internal:5984/x failed')).toBe(
      'store at http://admin:[REDACTED]@db.internal:5984/x failed',
    );
    expect(redactText('smtps://mailer:p%40ss@smtp.example.com')).toBe(
      'smtps://mailer:[REDACTED]@smtp.example.com',
    );
  });

  it('removes Basic and Bearer tokens, as nano and util.inspect print them', () => {
    const printed =
      "headers: { authorization: 'Basic YWRtaW46czNjcmV0', Authorization: 'Bearer abc.def.ghi' }";
    const redacted = redactText(printed);
    expect(redacted).not.toContain('YWRtaW46czNjcmV0');
    expect(redacted).not.toContain('abc.def.ghi');
  });

  it('removes Stripe keys and webhook secrets', () => {
    const redacted = redactText('key sk_test_4eC39HqLyjWDarjtT1zdp7dc, rk_live_abc123, whsec_abc/def=');
    expect(redacted).toBe('key sk_test_[REDACTED], rk_live_[REDACTED], whsec_[REDACTED]');
  });

  it('removes session cookies and the values of keys named like secrets', () => {
    const redacted = redactText(
      `cookie: 'sid=tok3nValue; lang=fr' {"password":"hunter22","authToken":"abc","clientSecret":'x y'} ` +
        `/reset?token=reset-tok3n&lang=fr`,
    );
    for (const secret of ['tok3nValue', 'hunter22', '"abc"', "'x y'", 'reset-tok3n']) {
      expect(redacted).not.toContain(secret);
    }
    expect(redacted).toContain('lang=fr');
  });

  it('leaves ordinary text alone', () => {
    const text = '[calls] order ord-123 captured 4900 EUR; retrying in 30 s';
    expect(redactText(text)).toBe(text);
  });
});

describe('redactText, by value', () => {
  it('removes a registered secret, URL-encoded and base64 forms included', () => {
    registerSecret('pl@in-Secret-42');
    const forms = ['pl@in-Secret-42', encodeURIComponent('pl@in-Secret-42'), btoa('pl@in-Secret-42')];
    const redacted = redactText(`a ${forms.join(' b ')} c`);
    for (const form of forms) expect(redacted).not.toContain(form);
  });

  it('removes every secret of the configuration, wherever it appears', () => {
    const { config, problems } = readConfig(ENV_SECRETS);
    expect(problems).toEqual([]);
    registerConfigSecrets(config);
    const redacted = redactText(`odd places: ${SECRET_VALUES.map((s) => `<${s}>`).join(' ')}`);
    for (const secret of SECRET_VALUES) expect(redacted).not.toContain(secret);
  });
});

describe('describeError', () => {
  it('summarises a store error without its request, and redacts what it keeps', () => {
    const error = Object.assign(new Error('Name or password is incorrect.'), {
      statusCode: 401,
      scope: 'couch',
      request: {
        url: 'http://127.0.0.1:5984/accounts/x',
        headers: { authorization: 'Basic YWRtaW46bm90LWZvci1sb2dz' },
      },
      cause: new Error('while reading http://admin:not-for-logs@127.0.0.1:5984'),
    });
    const text = describeError(error);
    expect(text).toMatch(/^Error: Name or password is incorrect\. \(status 401\)/);
    expect(text).toContain('[cause] Error: while reading http://admin:[REDACTED]@127.0.0.1:5984');
    expect(text).not.toContain('YWRtaW46bm90LWZvci1sb2dz');
    expect(text).not.toContain('not-for-logs');
    expect(text).not.toContain('request');
  });
});

describe('what is printed', () => {
  it('formats like console.log, with errors summarised and secrets removed', () => {
    const text = formatForLog([
      '[x] failed for %s:',
      'lea',
      { headers: { cookie: 'sid=abcdefgh', authorization: 'Bearer zzzzzzzzzz' } },
    ]);
    expect(text).toContain('[x] failed for lea:');
    expect(text).not.toContain('abcdefgh');
    expect(text).not.toContain('zzzzzzzzzz');
  });

  it('once installed, redacts everything written through console, by anyone', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
    installConsoleRedaction();
    console.error('third-party:', { url: 'https://u:leaky-pass@example.com', key: 'sk_test_abcdef123' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('leaky-pass');
    expect(lines[0]).not.toContain('sk_test_abcdef123');
  });

  it('start-up notes, warnings and problems never carry a secret value, well formed or not', () => {
    const malformed = Object.fromEntries(
      Object.entries(ENV_SECRETS).map(([name, value]) => [name, `${value} !`]),
    );
    for (const env of [ENV_SECRETS, malformed, { ...ENV_SECRETS, STRIPE_PUBLISHABLE_KEY: '' }]) {
      const { notes, warnings, problems } = readConfig(env);
      const printed = [...notes, ...warnings, ...problems].join('\n');
      for (const secret of SECRET_VALUES) expect(printed).not.toContain(secret);
    }
  });
});
