/**
 * Admin lists are paged by the store, never loaded whole (DESIGN.md, "The admin console"): a page
 * reads a view's range in key order from where the previous page stopped, and the page token is
 * that position (the next row's key and document id, CouchDB's `startkey` + `startkey_docid`).
 *
 * Filters that no view key can express (banned, country…) are applied while scanning: the scan
 * reads rows in batches until the page is full or a budget of rows is spent, and then answers the
 * rows it found with a token where it stopped. A sparse filter therefore gives short pages (even
 * empty ones) with a `next` token, never a full read of the database.
 */
import type { DocumentScope } from 'nano';

/** One page of a list: its items, and the token of the next page when there is more. */
export type Page<T> = { items: T[]; next?: string };

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 100;
/** Rows read at most to fill one page when a filter rejects rows. */
export const SCAN_BUDGET = 2000;
/** The longest page token accepted from a request (a key and an id, base64url-encoded). */
export const PAGE_TOKEN_MAX_LENGTH = 1024;

type Position = { key: unknown; id: string };

export class BadPageToken extends Error {
  constructor() {
    super('The page token is not one this service gave.');
    this.name = 'BadPageToken';
  }
}

export function encodePageToken(position: Position): string {
  return Buffer.from(JSON.stringify([position.key, position.id]), 'utf8').toString('base64url');
}

export function decodePageToken(token: string): Position {
  if (token.length > PAGE_TOKEN_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(token)) throw new BadPageToken();
  try {
    const parsed: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[1] !== 'string') {
      throw new BadPageToken();
    }
    return { key: parsed[0], id: parsed[1] };
  } catch {
    throw new BadPageToken();
  }
}

export type ViewRange = {
  /** `design/view`, e.g. `accounts/by_role_created`; `_all_docs` for the primary index. */
  view: string;
  startkey?: unknown;
  endkey?: unknown;
  descending?: boolean;
};

export type ScanOptions<D, T> = ViewRange & {
  limit?: number;
  token?: string;
  /** Keeps a row's document (or turns it into the item), undefined to skip it. */
  pick: (doc: D, key: unknown) => T | undefined;
  budget?: number;
};

type Row<D> = { id: string; key: unknown; doc?: D | null };

async function readRows<D extends object>(
  db: DocumentScope<D>,
  range: ViewRange,
  from: Position | undefined,
  count: number,
): Promise<Row<D>[]> {
  const params: Record<string, unknown> = { include_docs: true, limit: count };
  if (range.descending) params.descending = true;
  if (from) {
    params.startkey = from.key;
    params.startkey_docid = from.id;
  } else if (range.startkey !== undefined) {
    params.startkey = range.startkey;
  }
  if (range.endkey !== undefined) params.endkey = range.endkey;
  if (range.view === '_all_docs') {
    const answer = await db.list(params);
    return answer.rows as unknown as Row<D>[];
  }
  const [design, view] = range.view.split('/');
  const answer = await db.view<unknown>(design!, view!, params);
  return answer.rows as unknown as Row<D>[];
}

/** One page of a view's range, filtered and mapped by `pick`, from the position `token` names. */
export async function scanPage<D extends object, T>(
  db: DocumentScope<D>,
  { limit = PAGE_SIZE_DEFAULT, token, pick, budget = SCAN_BUDGET, ...range }: ScanOptions<D, T>,
): Promise<Page<T>> {
  const size = Math.min(Math.max(1, limit), PAGE_SIZE_MAX);
  let from = token ? decodePageToken(token) : undefined;
  const items: T[] = [];
  let read = 0;
  while (items.length < size && read < budget) {
    const batch = Math.min(Math.max(size - items.length, 25) + 1, budget - read + 1);
    const rows = await readRows(db, range, from, batch);
    // The last row read is not consumed: it is where the next batch (or page) starts.
    const more = rows.length === batch;
    const consumed = more ? rows.slice(0, -1) : rows;
    for (let index = 0; index < consumed.length; index += 1) {
      const row = consumed[index]!;
      read += 1;
      const item = row.doc ? pick(row.doc, row.key) : undefined;
      if (item !== undefined) items.push(item);
      if (items.length === size) {
        const following = consumed[index + 1] ?? (more ? rows[rows.length - 1] : undefined);
        return { items, next: following ? encodePageToken(following) : undefined };
      }
    }
    if (!more) return { items };
    const last = rows[rows.length - 1]!;
    from = { key: last.key, id: last.id };
  }
  return { items, next: from ? encodePageToken(from) : undefined };
}

/** The end key of a prefix range over string keys (`['client', 'ann']` → everything starting so). */
export const PREFIX_END = '\ufff0';
