/**
 * Search over help-centre content, offline, in the reader's language: insensitive to case and
 * accents (é = e, Ё = Е, ß = ss), every word of the query must appear, title matches rank first.
 */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en')
    .replace(/ß/g, 'ss')
    .replace(/ё/g, 'е');
}

function words(query: string): string[] {
  return normalizeForSearch(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

export type Searchable = { title?: string; summary?: string; body?: string };

/** The items containing every word of the query, best first (title, then summary, then body). */
export function searchContent<T extends Searchable>(items: readonly T[], query: string): T[] {
  const terms = words(query);
  if (terms.length === 0) return [];
  const scored: { item: T; score: number }[] = [];
  for (const item of items) {
    const title = normalizeForSearch(item.title ?? '');
    const summary = normalizeForSearch(item.summary ?? '');
    const body = normalizeForSearch(item.body ?? '');
    let score = 0;
    for (const term of terms) {
      if (title.includes(term)) score += 3;
      else if (summary.includes(term)) score += 2;
      else if (body.includes(term)) score += 1;
      else {
        score = 0;
        break;
      }
    }
    if (score > 0) scored.push({ item, score });
  }
  return scored.sort((a, b) => b.score - a.score).map(({ item }) => item);
}
