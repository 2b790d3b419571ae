/**
 * The admin lists' search words are computed twice: by the views' ES5 code in `couchdb/design/`
 * (indexing) and by server/services/admin/search-tokens.ts (the query). This runs the views' own
 * map functions and checks that both give the same words.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { matchesAll, searchPlan, searchTokens } from '../../server/services/admin/search-tokens';
import { nameKey } from '../../server/services/b2b/accounts';

type Design = { views: Record<string, { map: string }> };
const design = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../couchdb/design/${name}.json`, import.meta.url), 'utf8')) as Design;

function emitted(map: string, doc: object): string[] {
  const keys: string[] = [];
  // The view's code as CouchDB runs it, with `emit` collecting the first part of each key.
  const run = new Function('emit', `return (${map});`)((key: [string, string]) => keys.push(key[0])) as (
    doc: object,
  ) => void;
  run(doc);
  return keys;
}

const NAMES = 'Éloïse Dürand-Łukasz Şen Çağlar Œuvre Straße Анна Ñúñez';

describe('admin search words', () => {
  it('are the same in the consultations view and in the query', () => {
    const words = emitted(design('consultation-lists').views.search!.map, {
      type: 'order',
      createdAt: '2026-11-24T10:00:00.000Z',
      orderId: 'ord_abc123',
      client: { name: NAMES, email: 'anne.m@example.fr' },
      provider: { name: 'Maître Jérôme' },
    });
    const expected = [
      ...searchTokens(NAMES),
      ...searchTokens('Maître Jérôme'),
      ...searchTokens('anne.m@example.fr'),
      ...searchTokens('ord_abc123'),
    ];
    expect(words).toEqual([...new Set(expected)]);
    expect(words).toContain('eloise');
    expect(words).toContain('oeuvre');
    expect(words).toContain('strasse');
    expect(words).toContain('анна');
  });

  it('are the same in the payments views and in the query, gateway id included', () => {
    const order = {
      type: 'order',
      createdAt: '2026-11-24T10:00:00.000Z',
      orderId: 'ord_abc123',
      client: { name: NAMES, email: 'anne.m@example.fr' },
      provider: { name: 'Maître Jérôme' },
      quote: { total: 4900 },
      payment: { intentId: 'pi_3QxYz' },
    };
    const expected = [
      ...new Set(searchTokens(`${NAMES} Maître Jérôme anne.m@example.fr ord_abc123 pi_3QxYz`)),
    ];
    for (const view of ['search', 'search_amount']) {
      expect(emitted(design('payment-lists').views[view]!.map, order)).toEqual(expected);
    }
  });

  it('are the same in the invoices views and in the query, number and booked name included', () => {
    const order = {
      type: 'order',
      createdAt: '2026-11-24T10:00:00.000Z',
      invoiceNumber: 'SOS-2026-000042',
      orderId: 'ord_abc123',
      client: { name: NAMES, email: 'anne.m@example.fr' },
      booking: { firstName: 'Anne-Sophie', lastName: 'Müller' },
      provider: { name: 'Maître Jérôme' },
      quote: { total: 4900 },
    };
    const expected = [
      ...new Set(
        searchTokens(
          `SOS-2026-000042 ${NAMES} Anne-Sophie Müller anne.m@example.fr Maître Jérôme ord_abc123`,
        ),
      ),
    ];
    for (const view of ['search', 'search_issued']) {
      expect(emitted(design('invoice-lists').views[view]!.map, order)).toEqual(expected);
    }
  });

  it('are the same in the contact view and in the query', () => {
    const words = emitted(design('contact-messages').views.search!.map, {
      type: 'contact_message',
      createdAt: '2026-11-24T10:00:00.000Z',
      firstName: 'Hélène',
      lastName: 'Çelik',
      subject: 'Visa étudiant',
      email: 'h.celik@example.de',
    });
    expect(words).toEqual([...new Set(searchTokens('Hélène Çelik Visa étudiant h.celik@example.de'))]);
  });

  it('search by the longest word and match the others as prefixes', () => {
    expect(searchPlan('  ')).toBeUndefined();
    expect(searchPlan('Dur ÉLOÏSE')).toEqual({ lead: 'eloise', all: ['dur', 'eloise'] });
    expect(matchesAll(['dur', 'eloise'], NAMES)).toBe(true);
    expect(matchesAll(['dupont'], NAMES)).toBe(false);
  });

  it('fold company and affiliate names as the list query does, without `normalize` (CouchDB has none)', () => {
    const keysOf = (map: string, doc: object) => {
      const keys: string[] = [];
      const run = new Function('emit', `return (${map});`)((key: string) => keys.push(key)) as (
        doc: object,
      ) => void;
      run(doc);
      return keys;
    };
    const account = keysOf(design('b2b').views.accounts_by_name!.map, { type: 'b2b_account', name: NAMES });
    expect(account[0]).toBe(nameKey(NAMES));
    // The first word is the start of the whole name; the others are keys of their own.
    expect(account).toContain('durand');
    const affiliate = keysOf(design('affiliates').views.by_name!.map, {
      type: 'affiliate',
      name: 'Agence Été',
      code: 'ETE-2026',
    });
    expect(affiliate).toEqual([nameKey('Agence Été'), 'ete', 'ete-2026']);
    // CouchDB's QuickJS query server has no String.prototype.normalize: a view using it indexes nothing.
    for (const file of readdirSync(new URL('../../couchdb/design/', import.meta.url))) {
      const text = readFileSync(new URL(`../../couchdb/design/${file}`, import.meta.url), 'utf8');
      expect(text.includes('.normalize('), file).toBe(false);
    }
  });
});
