import { describe, expect, it } from 'vitest';
import { sameData } from '../../src/domain/same-data';

describe('sameData', () => {
  it('takes records with the same fields in another order as the same', () => {
    expect(
      sameData(
        { id: 'p1', name: 'Ana', languages: ['fr', 'en'] },
        { name: 'Ana', languages: ['fr', 'en'], id: 'p1' },
      ),
    ).toBe(true);
    expect(sameData({ a: { b: 1, c: [1, { d: null }] } }, { a: { c: [1, { d: null }], b: 1 } })).toBe(true);
  });

  it('tells apart a changed value, a field more or less, and a list in another order', () => {
    expect(sameData({ id: 'p1', isOnline: true }, { id: 'p1', isOnline: false })).toBe(false);
    expect(sameData({ id: 'p1' }, { id: 'p1', rating: 4 })).toBe(false);
    expect(sameData({ id: 'p1', rating: 4 }, { id: 'p1' })).toBe(false);
    expect(sameData({ languages: ['fr', 'en'] }, { languages: ['en', 'fr'] })).toBe(false);
    expect(sameData({ list: [] }, { list: {} })).toBe(false);
    expect(sameData({ a: null }, { a: {} })).toBe(false);
    expect(sameData(1, '1')).toBe(false);
  });

  it('ignores a field left undefined, as JSON does', () => {
    expect(sameData({ id: 'p1', bio: undefined }, { id: 'p1' })).toBe(true);
  });
});
