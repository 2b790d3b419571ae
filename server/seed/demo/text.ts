// Small language-aware text helpers for the demo data: slugs, list joining, and "N years" /
// "N minutes" with the right plural in each interface language.
import type { Language } from '../../../src/domain/languages';
import type { Localized } from './types';

/** Lowercase ASCII kebab-case, accents stripped: 'Élodie Lefèvre' → 'elodie-lefevre'. */
export function slugify(text: string): string {
  const special: Record<string, string> = {
    ß: 'ss',
    đ: 'd',
    Đ: 'd',
    ø: 'o',
    Ø: 'o',
    æ: 'ae',
    œ: 'oe',
    ł: 'l',
  };
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßđĐøØæœł]/g, (c) => special[c] ?? '')
    .replace(/['’]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

const AND: Localized = { fr: 'et', en: 'and', es: 'y', ru: 'и', de: 'und' };

export function joinList(items: readonly string[], lang: Language): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${AND[lang]} ${items[items.length - 1]}`;
}

function russianPlural(n: number, one: string, few: string, many: string): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return one;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return few;
  return many;
}

/** "N years" in each language (German in the dative, as all templates use it after seit/mit/vor). */
export function yearsText(n: number, lang: Language): string {
  switch (lang) {
    case 'fr':
      return n === 1 ? '1 an' : `${n} ans`;
    case 'en':
      return n === 1 ? '1 year' : `${n} years`;
    case 'es':
      return n === 1 ? '1 año' : `${n} años`;
    case 'ru':
      return `${n} ${russianPlural(n, 'год', 'года', 'лет')}`;
    case 'de':
      return n === 1 ? 'einem Jahr' : `${n} Jahren`;
  }
}

export function minutesText(n: number, lang: Language): string {
  switch (lang) {
    case 'fr':
      return `${n} minutes`;
    case 'en':
      return `${n} minutes`;
    case 'es':
      return `${n} minutos`;
    case 'ru':
      return `${n} ${russianPlural(n, 'минуту', 'минуты', 'минут')}`;
    case 'de':
      return `${n} Minuten`;
  }
}

export function withArticle(noun: string): string {
  return /^(?:[aeiou]|HR)/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}
