import { describe, expect, it } from 'vitest';
import { normalizeForSearch, searchContent } from '../../src/domain/search';

const articles = [
  {
    title: 'Que faire après le paiement ?',
    summary: 'Le rappel arrive en 5 minutes.',
    body: 'Gardez votre téléphone.',
  },
  {
    title: 'Remboursement automatique',
    summary: "Si l'expert ne répond pas.",
    body: 'Après trois tentatives, le paiement est annulé.',
  },
  {
    title: 'Straßenverkehr: Unfall im Ausland',
    summary: 'Europäischer Unfallbericht.',
    body: 'Rufen Sie die Polizei.',
  },
  {
    title: 'Потеря паспорта',
    summary: 'Что делать, если паспорт украли.',
    body: 'Обратитесь в консульство. Ёлка.',
  },
];

describe('help-centre search', () => {
  it('ignores case and accents', () => {
    expect(normalizeForSearch('Éléphant ÇA Straße Ёж')).toBe('elephant ca strasse еж');
    expect(searchContent(articles, 'PAIEMENT')[0]!.title).toBe('Que faire après le paiement ?');
    expect(searchContent(articles, 'apres')).toHaveLength(2);
    expect(searchContent(articles, 'strasse')).toHaveLength(1);
    expect(searchContent(articles, 'паспорт')[0]!.title).toBe('Потеря паспорта');
    expect(searchContent(articles, 'елка')).toHaveLength(1);
  });

  it('needs every word and ranks title matches first', () => {
    expect(searchContent(articles, 'paiement annulé')).toEqual([articles[1]]);
    const ranked = searchContent(articles, 'paiement');
    expect(ranked.map((a) => a.title)).toEqual([
      'Que faire après le paiement ?',
      'Remboursement automatique',
    ]);
    expect(searchContent(articles, '   ')).toEqual([]);
    expect(searchContent(articles, 'visa')).toEqual([]);
  });
});
