import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/domain/languages';

const LOCALES = path.resolve(import.meta.dirname, '../../src/i18n/locales');
const SRC = path.resolve(import.meta.dirname, '../../src');

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [prefix + key] : flatten(value, `${prefix}${key}.`),
  );
}

function load(language: string): Tree {
  return JSON.parse(readFileSync(path.join(LOCALES, `${language}.json`), 'utf8')) as Tree;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('interface languages', () => {
  const french = flatten(load('fr')).sort();

  it.each(LANGUAGES.filter((l) => l !== 'fr'))('%s has exactly the keys of French', (language) => {
    expect(flatten(load(language)).sort()).toEqual(french);
  });

  it.each(LANGUAGES)('%s has no empty text and keeps the placeholders of French', (language) => {
    const fr = load('fr');
    const other = load(language);
    const get = (tree: Tree, key: string) =>
      key.split('.').reduce<Tree | string>((t, k) => (t as Tree)[k]!, tree);
    for (const key of french) {
      const text = get(other, key) as string;
      expect(text.trim(), `${language}:${key}`).not.toBe('');
      const placeholders = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
      expect(placeholders(text), `${language}:${key}`).toEqual(placeholders(get(fr, key) as string));
    }
  });

  it('has a text for every literal key the code uses', () => {
    const known = new Set(french);
    const missing: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const code = readFileSync(file, 'utf8');
      for (const match of code.matchAll(/\bt\(\s*'([\w.]+)'/g)) {
        const key = match[1]!;
        if (!known.has(key) && !known.has(`${key}_other`))
          missing.push(`${path.relative(SRC, file)}: ${key}`);
      }
      for (const match of code.matchAll(/\bkey: '([\w.]+)'/g)) {
        const key = match[1]!;
        if (key.includes('.') && !known.has(key)) missing.push(`${path.relative(SRC, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
