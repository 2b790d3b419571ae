/**
 * `POST /api/contact` on the real app and a temporary embedded store: a valid message is stored
 * once in `admin` for the admin console, whatever the number of sends; an invalid one is refused
 * with the codes of the shared rules and leaves nothing behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactMessage } from '../../src/domain/contact';
import { BROWSER_HEADERS } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const message: ContactMessage = {
  id: '3f2a9c1e-5b7d-4e8a-9c0b-1d2e3f4a5b6c',
  firstName: ' Amélie ',
  lastName: 'Durand',
  email: ' Amelie.Durand@Example.com',
  phoneCountryCode: '+66',
  phoneNumber: '81 234 5678',
  originCountry: 'FR',
  interventionCountry: 'TH',
  languages: ['fr', 'en'],
  nationalities: ['FR', 'CA'],
  category: 'urgent',
  subject: 'Passeport volé à Bangkok',
  message: "On m'a volé mon passeport hier soir, que dois-je faire auprès de l'ambassade ?",
  acceptedTerms: true,
};

function post(body: unknown, contentType = 'application/json') {
  return fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...BROWSER_HEADERS },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function storedContacts() {
  const rows = await server.store
    .db('admin')
    .list({ startkey: 'contact:', endkey: 'contact:\ufff0', include_docs: true });
  return rows.rows.map((row) => row.doc as Record<string, unknown>);
}

describe('POST /api/contact', () => {
  it('stores a valid message once, even when it is sent twice with the same id', async () => {
    const first = await post(message);
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ ok: true, id: message.id });
    const again = await post({ ...message, subject: 'Renvoyé par la file d’attente' });
    expect(again.status).toBe(201);

    const stored = await storedContacts();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      _id: `contact:${message.id}`,
      type: 'contact_message',
      status: 'new',
      firstName: 'Amélie',
      email: 'amelie.durand@example.com',
      phoneCountryCode: '+66',
      phoneNumber: '81 234 5678',
      languages: ['fr', 'en'],
      nationalities: ['FR', 'CA'],
      category: 'urgent',
      subject: 'Passeport volé à Bangkok',
      acceptedTerms: true,
    });
    expect(Date.parse(String(stored[0]!.createdAt))).not.toBeNaN();
  });

  it('refuses an invalid message with a code per field and stores nothing', async () => {
    const before = (await storedContacts()).length;
    const answer = await post({
      ...message,
      id: 'another-12345678',
      email: 'amelie@',
      phoneCountryCode: '66',
      languages: [],
      message: 'Trop court',
      acceptedTerms: false,
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      error: {
        code: 'invalid_contact',
        message: expect.any(String),
        fields: {
          email: 'email_invalid',
          phoneCountryCode: 'country_code_invalid',
          languages: 'languages_required',
          message: 'message_too_short',
          acceptedTerms: 'terms_required',
        },
      },
    });

    for (const body of [[message], {}]) {
      const refused = await post(body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: { code: 'invalid_contact' } });
    }
    const malformed = await post('{"id":', 'application/json');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: { code: 'bad_json' } });
    const huge = await post({ ...message, id: 'huge-12345678', message: 'x'.repeat(40_000) });
    expect(huge.status).toBe(413);

    expect(await storedContacts()).toHaveLength(before);
  });
});
