import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendContactMessage } from '../../src/data/contact';
import { createAppDatabase } from '../../src/data/database';
import type { AppDatabase } from '../../src/data/database';
import { CONTACT_MESSAGE_MIN_LENGTH } from '../../src/domain/constants';
import {
  CONTACT_CATEGORIES,
  charactersMissing,
  contactProblems,
  normalizeContactMessage,
} from '../../src/domain/contact';
import type { ContactMessage } from '../../src/domain/contact';
import { isValidEmail, normalizeEmail } from '../../src/domain/email';
import {
  CUSTOM_DIAL,
  EMPTY_FORM,
  errorsByFormField,
  toMessage,
} from '../../src/features/contact/contact-form-model';

const valid: ContactMessage = {
  id: 'contact-12345678',
  firstName: 'Amélie',
  lastName: 'Durand',
  email: 'amelie.durand@example.com',
  phoneCountryCode: '+33',
  phoneNumber: '6 12 34 56 78',
  originCountry: 'FR',
  interventionCountry: 'TH',
  languages: ['fr', 'en'],
  nationalities: ['FR'],
  category: 'billing',
  subject: 'Facture introuvable',
  message: 'Je ne trouve pas la facture de mon appel du 3 mars avec Maître Dupont.',
  acceptedTerms: true,
};

describe('contact message rules', () => {
  it('accepts a complete message', () => {
    expect(contactProblems(valid)).toEqual({});
  });

  it('requires every field', () => {
    expect(contactProblems({})).toEqual({
      id: 'id_invalid',
      firstName: 'required',
      lastName: 'required',
      email: 'required',
      phoneCountryCode: 'required',
      phoneNumber: 'required',
      originCountry: 'required',
      interventionCountry: 'required',
      languages: 'languages_required',
      nationalities: 'nationalities_required',
      category: 'required',
      subject: 'required',
      message: 'required',
      acceptedTerms: 'terms_required',
    });
    expect(contactProblems({ ...valid, firstName: '   ', subject: 42 })).toEqual({
      firstName: 'required',
      subject: 'required',
    });
  });

  it('checks the e-mail as the login rule does', () => {
    expect(contactProblems({ ...valid, email: '  Amelie.Durand@Example.COM\u200B ' })).toEqual({});
    for (const email of ['amelie', 'amelie@example', 'ame lie@example.com', '@example.com', 'a@b.']) {
      expect(contactProblems({ ...valid, email }), email).toEqual({ email: 'email_invalid' });
    }
    expect(normalizeEmail('\uFEFF Jo@Mail.FR \u200D')).toBe('jo@mail.fr');
    expect(isValidEmail('jo@mail.fr')).toBe(true);
  });

  it('wants a country code starting with + and a national number of 4 to 14 digits', () => {
    expect(contactProblems({ ...valid, phoneCountryCode: '+1268', phoneNumber: '464 1234' })).toEqual({});
    for (const phoneCountryCode of ['33', '+', '+12345', '+3a', '0033']) {
      expect(contactProblems({ ...valid, phoneCountryCode }), phoneCountryCode).toEqual({
        phoneCountryCode: 'country_code_invalid',
      });
    }
    for (const phoneNumber of ['123', '06-12-34-56-78', '+33612345678', '123456789012345', 'abcd']) {
      expect(contactProblems({ ...valid, phoneNumber }), phoneNumber).toEqual({
        phoneNumber: 'phone_invalid',
      });
    }
    // Code and number together may not exceed the 15 digits of an international number.
    expect(contactProblems({ ...valid, phoneCountryCode: '+1268', phoneNumber: '12345678901234' })).toEqual({
      phoneNumber: 'phone_invalid',
    });
  });

  it('wants countries, languages and nationalities from the lists', () => {
    expect(contactProblems({ ...valid, originCountry: 'XX', interventionCountry: 'fr' })).toEqual({
      originCountry: 'country_invalid',
      interventionCountry: 'country_invalid',
    });
    expect(contactProblems({ ...valid, languages: [] })).toEqual({ languages: 'languages_required' });
    expect(contactProblems({ ...valid, languages: 'fr' })).toEqual({ languages: 'languages_required' });
    expect(contactProblems({ ...valid, languages: ['fr', 'klingon'] })).toEqual({
      languages: 'language_invalid',
    });
    expect(contactProblems({ ...valid, nationalities: [] })).toEqual({
      nationalities: 'nationalities_required',
    });
    expect(contactProblems({ ...valid, nationalities: ['FR', 'Atlantis'] })).toEqual({
      nationalities: 'country_invalid',
    });
  });

  it('knows the eight categories of the spec', () => {
    expect(CONTACT_CATEGORIES).toHaveLength(8);
    for (const category of CONTACT_CATEGORIES) expect(contactProblems({ ...valid, category })).toEqual({});
    expect(contactProblems({ ...valid, category: 'gossip' })).toEqual({ category: 'category_invalid' });
  });

  it('wants the terms accepted, as a real true', () => {
    expect(contactProblems({ ...valid, acceptedTerms: false })).toEqual({ acceptedTerms: 'terms_required' });
    expect(contactProblems({ ...valid, acceptedTerms: 'true' })).toEqual({ acceptedTerms: 'terms_required' });
  });

  it('wants a long enough message and counts the characters still missing', () => {
    const short = 'Bonjour, une question.';
    expect(contactProblems({ ...valid, message: short })).toEqual({ message: 'message_too_short' });
    expect(charactersMissing(short)).toBe(CONTACT_MESSAGE_MIN_LENGTH - short.length);
    expect(charactersMissing('')).toBe(CONTACT_MESSAGE_MIN_LENGTH);
    // Surrounding spaces do not count; an emoji is one character.
    expect(charactersMissing(`   ${'a'.repeat(CONTACT_MESSAGE_MIN_LENGTH - 1)}   `)).toBe(1);
    expect(charactersMissing(`${'a'.repeat(CONTACT_MESSAGE_MIN_LENGTH - 1)}🙂`)).toBe(0);
    expect(charactersMissing('a'.repeat(CONTACT_MESSAGE_MIN_LENGTH + 10))).toBe(0);
    expect(contactProblems({ ...valid, message: 'a'.repeat(CONTACT_MESSAGE_MIN_LENGTH) })).toEqual({});
    expect(contactProblems({ ...valid, message: 'a'.repeat(5001) })).toEqual({ message: 'too_long' });
  });

  it('stores trimmed texts, the normalised e-mail and no duplicate choices', () => {
    const stored = normalizeContactMessage({
      ...valid,
      firstName: ' Amélie ',
      email: ' AMELIE@Example.com',
      phoneNumber: ' 6  12 34 ',
      languages: ['fr', 'fr', 'en'],
    });
    expect(stored).toMatchObject({
      firstName: 'Amélie',
      email: 'amelie@example.com',
      phoneNumber: '6 12 34',
      languages: ['fr', 'en'],
    });
  });
});

describe('contact form model', () => {
  it('takes the code of the chosen country, or the custom one, and shows its error where it was typed', () => {
    const chosen = { ...EMPTY_FORM, dialCountry: 'DE' };
    expect(toMessage(chosen, 'id-12345678').phoneCountryCode).toBe('+49');
    const custom = { ...EMPTY_FORM, dialCountry: CUSTOM_DIAL, customDialCode: '1268' };
    expect(toMessage(custom, 'id-12345678').phoneCountryCode).toBe('1268');
    expect(errorsByFormField(contactProblems(toMessage(custom, 'id-12345678')), custom)).toMatchObject({
      customDialCode: 'country_code_invalid',
    });
    expect(
      errorsByFormField(contactProblems(toMessage(EMPTY_FORM, 'id-12345678')), EMPTY_FORM),
    ).toMatchObject({
      dialCountry: 'required',
    });
  });
});

describe('sending a contact message', () => {
  let db: AppDatabase;
  let counter = 0;
  const sent: string[] = [];

  beforeEach(async () => {
    db = await createAppDatabase(getRxStorageMemory(), `contact-${++counter}`, { multiInstance: false });
    sent.length = 0;
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await db.remove();
  });

  function network(online: boolean, ...statuses: number[]) {
    vi.stubGlobal('navigator', { onLine: online });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path: string, init: RequestInit) => {
        sent.push(String((JSON.parse(init.body as string) as { id: string }).id));
        const status = statuses.shift() ?? 201;
        if (status === 0) throw new TypeError('Failed to fetch');
        return new Response('{}', { status });
      }),
    );
  }

  it('is sent at once when online', async () => {
    network(true, 201);
    expect(await sendContactMessage(db, valid)).toBe('sent');
    expect(sent).toEqual([valid.id]);
    expect(await db.outbox.count().exec()).toBe(0);
  });

  it('waits in the outbox when offline', async () => {
    network(false);
    expect(await sendContactMessage(db, valid)).toBe('queued');
    expect(sent).toEqual([]);
    expect((await db.outbox.findOne(valid.id).exec())?.payload).toMatchObject({ subject: valid.subject });
  });

  it('leaves nothing queued after a failure, so a retry with the same id is the only send', async () => {
    network(true, 503);
    expect(await sendContactMessage(db, valid)).toBe('failed');
    expect(await db.outbox.count().exec()).toBe(0);
    network(true, 0);
    expect(await sendContactMessage(db, valid)).toBe('failed');
    network(true, 201);
    expect(await sendContactMessage(db, valid)).toBe('sent');
    expect(sent).toEqual([valid.id, valid.id, valid.id]);
  });
});
