/** The rules of a new version of a legal document, shared by the console's form and the server. */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/domain/languages';
import { checkLegalVersion, compareVersions, isIsoDay, versionKey } from '../../src/domain/legal-documents';

const texts = Object.fromEntries(LANGUAGES.map((l) => [l, { title: ` Title ${l} `, body: `Body ${l}\n` }]));
const current = { version: '2.2', publishedAt: '2025-06-16' };

describe('legal document versions', () => {
  it('compares versions as numbers, and sorts their keys as text', () => {
    expect(compareVersions('2.10', '2.9')).toBeGreaterThan(0);
    expect(compareVersions('2.2', '2.2.0')).toBe(0);
    expect(compareVersions('3', '2.99.99')).toBeGreaterThan(0);
    expect(versionKey('2.10') > versionKey('2.9')).toBe(true);
    expect(versionKey('2.2')).toBe(versionKey('2.2.0'));
  });

  it('knows real days only', () => {
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2025-02-29')).toBe(false);
    expect(isIsoDay('16/06/2025')).toBe(false);
  });

  it('accepts a greater version, on or after the current date, texts trimmed', () => {
    const check = checkLegalVersion(
      { version: ' 2.3 ', publishedAt: '2025-06-16', translations: texts },
      current,
    );
    expect(check.ok).toBe(true);
    if (check.ok) expect(check.value.translations.fr).toEqual({ title: 'Title fr', body: 'Body fr' });
    expect(
      checkLegalVersion({ version: '1.0', publishedAt: '2020-01-01', translations: texts }, undefined).ok,
    ).toBe(true);
  });

  it('names each refused field', () => {
    expect(
      checkLegalVersion({ version: '2.10', publishedAt: '2025-06-15', translations: texts }, current),
    ).toEqual({
      ok: false,
      fields: { publishedAt: 'before_current' },
    });
    expect(
      checkLegalVersion(
        { version: '2.2.0', publishedAt: '2025-07-01', translations: { ...texts, fr: { title: '' } } },
        current,
      ),
    ).toEqual({
      ok: false,
      fields: {
        version: 'not_greater',
        'translations.fr.title': 'required',
        'translations.fr.body': 'required',
      },
    });
    expect(checkLegalVersion('text', current)).toEqual({ ok: false, fields: { version: 'required' } });
    expect(
      checkLegalVersion(
        { version: '2.3', publishedAt: '2025-07-01', translations: { ...texts, it: texts.fr } },
        current,
      ),
    ).toEqual({ ok: false, fields: { 'translations.it': 'unknown_field' } });
  });
});
