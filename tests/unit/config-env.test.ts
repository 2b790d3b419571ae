import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adapterModes, readConfig } from '../../server/config/env';

describe('configuration from the environment', () => {
  it('needs nothing for demo mode', () => {
    const { config, problems, notes } = readConfig({});
    expect(problems).toEqual([]);
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.couchdbUrl).toBeUndefined();
    expect(config.seedDemoData).toBe(true);
    expect(adapterModes(config)).toEqual({
      payments: 'simulated',
      telephony: 'simulated',
      mail: 'simulated',
      googleSignIn: 'disabled',
    });
    expect(notes.join('\n')).toMatch(/payments: simulated/);
  });

  it('lists every malformed or missing variable at once', () => {
    const { problems } = readConfig({
      PORT: 'eighty',
      COUCHDB_URL: 'http://couch.example:5984',
      STRIPE_SECRET_KEY: 'sk_test_abc',
      TWILIO_ACCOUNT_SID: 'not-a-sid',
      TWILIO_AUTH_TOKEN: 'x'.repeat(32),
      TWILIO_FROM_NUMBER: '+33612345678',
      SMTP_URL: 'mail.example.com',
      SEED_DEMO_DATA: 'maybe',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('PORT is malformed'),
        expect.stringContaining('COUCHDB_URL is malformed: it must carry the admin credentials'),
        'STRIPE_PUBLISHABLE_KEY is missing (needed with STRIPE_SECRET_KEY).',
        'STRIPE_WEBHOOK_SECRET is missing (needed with STRIPE_SECRET_KEY).',
        'TWILIO_ACCOUNT_SID is malformed.',
        expect.stringContaining('SMTP_URL is malformed'),
        'SEED_DEMO_DATA is malformed: use true or false.',
      ]),
    );
    expect(problems).toHaveLength(7);
  });

  it('uses the real adapters when their variables are complete', () => {
    const { config, problems } = readConfig({
      PORT: '9000',
      DATA_DIR: '/srv/data',
      COUCHDB_URL: 'https://admin:secret@couch.example:6984',
      STRIPE_SECRET_KEY: 'sk_live_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      TWILIO_ACCOUNT_SID: 'AC' + 'a'.repeat(32),
      TWILIO_AUTH_TOKEN: 'b'.repeat(32),
      TWILIO_FROM_NUMBER: '+33612345678',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      GOOGLE_CLIENT_ID: 'client',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(problems).toEqual([]);
    expect(config.port).toBe(9000);
    expect(config.dataDir).toBe('/srv/data');
    expect(config.google?.issuer).toBe('https://accounts.google.com');
    expect(adapterModes(config)).toEqual({
      payments: 'stripe',
      telephony: 'twilio',
      mail: 'smtp',
      googleSignIn: 'oidc',
    });
  });
  it('builds mail links on PUBLIC_URL (the origin only) and checks the sender', () => {
    const demo = readConfig({ PORT: '9100' });
    expect(demo.config.publicUrl).toBe('http://localhost:9100');
    expect(demo.config.mailFrom).toBe('SOS Expat <no-reply@localhost>');
    const set = readConfig({
      PUBLIC_URL: 'https://sos-expat.example/',
      MAIL_FROM: 'no-reply@sos-expat.example',
    });
    expect(set.problems).toEqual([]);
    expect(set.config.publicUrl).toBe('https://sos-expat.example');
    expect(set.config.mailFrom).toBe('no-reply@sos-expat.example');
    const wrong = readConfig({ PUBLIC_URL: 'https://sos-expat.example/app', MAIL_FROM: 'SOS Expat' });
    expect(wrong.problems).toEqual([
      expect.stringContaining('MAIL_FROM is malformed'),
      expect.stringContaining('PUBLIC_URL is malformed'),
    ]);
    expect(readConfig({ PUBLIC_URL: 'ftp://sos-expat.example' }).problems).toEqual([
      expect.stringContaining('PUBLIC_URL is malformed'),
    ]);
  });
  it('warns when mail is simulated while users reach the service from elsewhere', () => {
    for (const local of [
      {},
      { PUBLIC_URL: 'http://127.0.0.1:8080' },
      { PUBLIC_URL: 'http://app.localhost' },
    ]) {
      expect(readConfig(local).warnings).toEqual([]);
    }
    expect(readConfig({ PUBLIC_URL: 'http://[::1]:8080' }).warnings).toEqual([]);
    const exposed = readConfig({ PUBLIC_URL: 'https://sos-expat.example' });
    expect(exposed.problems).toEqual([]);
    expect(exposed.warnings).toEqual([expect.stringMatching(/mail is simulated.*PUBLIC_URL.*SMTP_URL/)]);
    expect(
      readConfig({ PUBLIC_URL: 'https://sos-expat.example', SMTP_URL: 'smtps://mail.example' }).warnings,
    ).toEqual([]);
  });

  it('takes the password hash cost from PASSWORD_HASH_COST, 17 by default, and warns below it', () => {
    expect(readConfig({}).config.passwordHashCost).toBe(17);
    const cheap = readConfig({ PASSWORD_HASH_COST: '10' });
    expect(cheap.config.passwordHashCost).toBe(10);
    expect(cheap.problems).toEqual([]);
    expect(cheap.warnings).toEqual([expect.stringMatching(/PASSWORD_HASH_COST is 10.*128 times cheaper/)]);
    expect(readConfig({ PASSWORD_HASH_COST: '18' }).warnings).toEqual([]);
    for (const wrong of ['9', '21', '12.5', 'high']) {
      const result = readConfig({ PASSWORD_HASH_COST: wrong });
      expect(result.problems).toEqual([expect.stringContaining('PASSWORD_HASH_COST is malformed')]);
      expect(result.config.passwordHashCost).toBe(17);
    }
  });

  it('takes the anonymous upload limit from ANONYMOUS_UPLOADS_PER_HOUR, 20 by default', () => {
    expect(readConfig({}).config.anonymousUploadsPerHour).toBe(20);
    expect(readConfig({ ANONYMOUS_UPLOADS_PER_HOUR: '1000' }).config.anonymousUploadsPerHour).toBe(1000);
    expect(readConfig({ ANONYMOUS_UPLOADS_PER_HOUR: 'lots' }).problems).toContainEqual(
      expect.stringContaining('ANONYMOUS_UPLOADS_PER_HOUR is malformed'),
    );
  });
});
