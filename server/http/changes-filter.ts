/**
 * The one filter the gateway applies to a changes feed: `content` in one reader's language
 * (`GET /db/content/_changes?language=de&include_docs=true`). A first visit then pulls the help
 * centre, the FAQ and the legal pages of its own language only, with every testimonial and review
 * (shown in all languages): about a fifth of the database's help texts, on roaming data.
 *
 * The store is asked for its unfiltered changes and the rows of other languages are left out here,
 * not by a filter function in the store (a JavaScript filter needs CouchDB's query server, and the
 * embedded store would run it in the service's own process). A deletion has no language left, so
 * every deletion is passed on: removing a document a browser never had changes nothing.
 */
import { PER_LANGUAGE_TYPES } from '../../src/domain/content';
import { isLanguage } from '../../src/domain/languages';
import { storeRead } from '../store/passthrough';
import type { StoreAnswer } from '../store/passthrough';
import type { Store } from '../store/store';

type ChangeRow = { id?: unknown; deleted?: unknown; doc?: { type?: unknown; language?: unknown } | null };
type ChangesList = { results: ChangeRow[]; last_seq?: unknown; pending?: unknown };

/** Which rows of a changes list to keep; `key` names the filter (answers shared between waiters). */
export type ChangesFilter = { key: string; keep: (row: ChangeRow) => boolean };

const PER_LANGUAGE = new Set<unknown>(PER_LANGUAGE_TYPES);

/**
 * The filter a `_changes` request asks for, if any, or what is wrong with it. `language` is taken
 * out of `params`, which are then the store's.
 */
export function changesFilterOf(
  db: string,
  params: URLSearchParams,
): { filter?: ChangesFilter; problem?: string } {
  const asked = params.getAll('language');
  params.delete('language');
  if (asked.length === 0) return {};
  if (db !== 'content') return { problem: 'language filters the content database only.' };
  const [language] = asked;
  if (asked.length > 1 || !isLanguage(language)) return { problem: 'language is not valid.' };
  if (params.get('include_docs') !== 'true') return { problem: 'language needs include_docs=true.' };
  return {
    filter: {
      key: `language=${language}`,
      keep: ({ doc }) => !doc || !PER_LANGUAGE.has(doc.type) || doc.language === language,
    },
  };
}

/** A store answer with the rows `filter` leaves out taken away (any other answer as it is). */
export function filteredAnswer(answer: StoreAnswer, filter: ChangesFilter): StoreAnswer {
  const list = changesList(answer);
  if (!list) return answer;
  return {
    ...answer,
    body: Buffer.from(JSON.stringify({ ...list, results: list.results.filter(filter.keep) })),
  };
}

/**
 * A plain (`feed=normal`) read of a filtered feed: with a `limit`, the store is read on until as
 * many rows are kept or its feed ends, so that a shorter page still means "nothing more", as it
 * does unfiltered. Each read starts where the one before ended.
 */
export async function readFiltered(
  store: Store,
  db: string,
  params: URLSearchParams,
  filter: ChangesFilter,
): Promise<StoreAnswer> {
  const limit = Number(params.get('limit'));
  const paged = Number.isInteger(limit) && limit > 0 && params.get('descending') !== 'true';
  const next = new URLSearchParams(params);
  const kept: ChangeRow[] = [];
  for (;;) {
    const answer = await storeRead(store, `/${encodeURIComponent(db)}/_changes?${next}`);
    const list = changesList(answer);
    if (!list) return answer;
    kept.push(...list.results.filter(filter.keep));
    const ended = !paged || list.results.length < limit || list.last_seq === undefined;
    if (ended || kept.length >= limit) {
      const body = { ...list, results: kept };
      return { ...answer, contentType: 'application/json', body: Buffer.from(JSON.stringify(body)) };
    }
    next.set('since', String(list.last_seq as string | number));
  }
}

function changesList(answer: StoreAnswer): ChangesList | undefined {
  if (answer.status !== 200) return undefined;
  try {
    const parsed = JSON.parse(answer.body.toString('utf8')) as Partial<ChangesList>;
    return Array.isArray(parsed.results) ? (parsed as ChangesList) : undefined;
  } catch {
    return undefined;
  }
}
