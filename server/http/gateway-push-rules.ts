/**
 * What a user may push into their own database through the gateway (http/gateway.ts): each
 * document checked against the shared schema of its type (src/domain/mine*.ts) and against the
 * server's current version; the service's own documents never written, the owner's parts of a
 * profile only, a bare tombstone only of what the owner may delete, and a replicator's revision
 * (`new_edits=false`) with its `_rev` and a well-formed `_revisions`.
 */
import type { createMineValidator } from '../../src/domain/mine-validation';
import { MINE_TYPES } from '../../src/domain/mine';

export type CouchDoc = Record<string, unknown> & { _id?: unknown; _rev?: unknown; _deleted?: unknown };
type MineValidator = ReturnType<typeof createMineValidator>;
type MineRule = { ownerWritable: boolean; ownerFields?: readonly string[] };

/** Revisions per document a replicator may name (`_revs_diff`, `_revisions`). */
export const MAX_REVS_PER_DOC = 100;

/** Why a pushed document is refused, or undefined when it may be written (`existing`: the server's, by id). */
export function pushRefusal(
  validateMine: MineValidator,
  doc: CouchDoc,
  existing: Map<string, CouchDoc>,
  replicated: boolean,
): string | undefined {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return 'not a document';
  const id = doc._id;
  if (typeof id !== 'string' || id.length === 0) return 'missing _id';
  if (id.startsWith('_')) return 'design and local documents cannot be written';
  if (replicated && typeof doc._rev !== 'string') return 'a replicated revision needs its _rev';
  const fields: Record<string, unknown> = { id };
  for (const [key, value] of Object.entries(doc)) {
    if (key === '_id' || key === '_rev' || key === '_deleted') continue;
    if (replicated && key === '_revisions' && revisionsValid(value)) continue;
    if (key.startsWith('_')) return `field ${key} is not allowed`;
    fields[key] = value;
  }
  const current = existing.get(id);
  // A bare tombstone (what PouchDB's `remove` replicates): a deletion of the current document.
  if (doc._deleted === true && Object.keys(fields).length === 1) return tombstoneRefusal(current);
  if (current && current.type !== fields.type) return 'the type of a document cannot change';
  const check = validateMine(fields);
  if (!check.ok) return check.reason;
  const rule: MineRule = MINE_TYPES[check.type];
  if (!rule.ownerWritable) return `${check.type} documents are written by the service only`;
  if (rule.ownerFields) return ownerFieldsRefusal(check.type, doc, current, rule.ownerFields);
  return undefined;
}

/** A deletion without the document's fields: allowed for what the owner may delete. */
function tombstoneRefusal(current: CouchDoc | undefined): string | undefined {
  if (!current) return undefined;
  const rule = (MINE_TYPES as Record<string, MineRule>)[String(current.type)];
  if (!rule?.ownerWritable) return `${String(current.type)} documents are written by the service only`;
  if (rule.ownerFields) return `${String(current.type)} documents cannot be deleted`;
  return undefined;
}

/**
 * For types the service creates and the owner may only partly edit (the `profile`): the document
 * must exist, must not be deleted, and every field outside `ownerFields` (and `updatedAt`) must be
 * exactly as the server has it.
 */
function ownerFieldsRefusal(
  type: string,
  doc: CouchDoc,
  current: CouchDoc | undefined,
  ownerFields: readonly string[],
): string | undefined {
  if (!current) return `${type} documents are created by the service only`;
  if (doc._deleted === true) return `${type} documents cannot be deleted`;
  const free = new Set<string>([...ownerFields, '_id', '_rev', '_deleted', 'updatedAt']);
  const keys = new Set([...Object.keys(doc), ...Object.keys(current)]);
  for (const key of keys) {
    if (free.has(key)) continue;
    // The service stores the primary key twice (`id` and `_id`); the replication pushes `_id` only.
    if (key === 'id' && doc.id === undefined && current.id === doc._id) continue;
    if (JSON.stringify(doc[key]) !== JSON.stringify(current[key]))
      return `field ${key} is written by the service only`;
  }
  return undefined;
}

/** A replicated revision's history as CouchDB writes it: `{ start, ids }`, of bounded length. */
function revisionsValid(value: unknown): boolean {
  const { start, ids } = (value ?? {}) as { start?: unknown; ids?: unknown };
  return (
    Number.isSafeInteger(start) &&
    (start as number) > 0 &&
    Array.isArray(ids) &&
    ids.length > 0 &&
    ids.length <= MAX_REVS_PER_DOC * 10 &&
    ids.every((rev) => typeof rev === 'string' && /^[0-9a-f]{1,64}$/.test(rev))
  );
}
