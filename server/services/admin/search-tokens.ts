/**
 * The search keys of admin lists: lower-case words with the accents of Latin letters removed
 * ("Éloïse Dürand" → `eloise`, `durand`), Cyrillic kept as it is. The views that index names
 * (`couchdb/design/consultation-lists.json`, `contact-messages.json`) fold text with the same table,
 * written in the ES5 that CouchDB's query server runs; `tests/unit/admin-search-tokens.test.ts`
 * runs those views' code against this module so that the two never drift apart.
 */
const FROM = 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįıłñńňòóôõöøōőùúûüūůűųýÿžźżśšşťţğř';
const TO = 'aaaaaaaaacccddeeeeeeeeiiiiiiilnnnoooooooouuuuuuuuyyzzzsssttgr';

export function foldSearch(text: string): string {
  let out = '';
  for (const char of text.toLowerCase()) {
    const at = FROM.indexOf(char);
    out += at >= 0 ? TO.charAt(at) : char;
  }
  return out.replace(/ß/g, 'ss').replace(/œ/g, 'oe').replace(/æ/g, 'ae');
}

/** The words of a text as the views index them. */
export function searchTokens(text: string): string[] {
  return foldSearch(text)
    .split(/[^0-9a-z\u0400-\u04ff]+/)
    .filter((token) => token.length > 0);
}

/**
 * How a query is searched: the view range is read with its longest word (the most selective), and
 * every other word must start one of the record's words. Answers undefined for a query with no word.
 */
export function searchPlan(query: string): { lead: string; all: string[] } | undefined {
  const words = searchTokens(query);
  if (words.length === 0) return undefined;
  const lead = words.reduce((best, word) => (word.length > best.length ? word : best));
  return { lead, all: words };
}

/** Whether each query word starts one of the record's words. */
export function matchesAll(words: readonly string[], recordText: string): boolean {
  const record = searchTokens(recordText);
  return words.every((word) => record.some((token) => token.startsWith(word)));
}

/**
 * Whether a record met at `key` while reading a token view's range for `plan.lead` is listed there:
 * it matches every query word, and `key` is its first token starting with the lead word, so that a
 * record with several such tokens is listed once in the whole range (and so once across pages).
 */
export function listedAtLead(
  plan: { lead: string; all: readonly string[] },
  recordText: string,
  key: unknown,
): boolean {
  if (!matchesAll(plan.all, recordText)) return false;
  const first = searchTokens(recordText)
    .filter((token) => token.startsWith(plan.lead))
    .sort()[0];
  return Array.isArray(key) && key[0] === first;
}
