/**
 * How a conflict on the user's own documents is settled (the same profile edited on two devices, or
 * by the user and by the service), field by field, with one stated rule:
 *
 * - A field the owner may not write (approval, role, rating, presence…; see `ownerFields` in
 *   src/domain/mine.ts) is always the server's.
 * - A field only one side changed since the version both started from keeps that side's change: two
 *   devices editing different fields both keep their edits.
 * - A field both sides changed, differently, keeps the version that reached the server first (the
 *   server's); the other edit is reported in `lostEdits$` with the fields it lost, so the interface
 *   shows it: no edit disappears silently.
 * - A notification read on either side stays read.
 * - A document the server refused (it still holds the version the edit started from) stays as the
 *   server has it, and the edit is reported lost.
 *
 * The merged document is written locally and pushed again when it differs from the server's.
 */
import { Subject } from 'rxjs';
import type { RxConflictHandler, WithDeleted } from 'rxdb';
import { MINE_TYPES, isMineType } from '../domain/mine';
import type { MineDoc } from '../domain/mine';
import { mineRevisions } from './server-revisions';

export type LostEdit = {
  id: string;
  /** The local version that did not (entirely) win. */
  lost: WithDeleted<MineDoc>;
  /** The version kept. */
  kept: WithDeleted<MineDoc>;
  /** The fields whose local value was not kept. */
  fields: string[];
};

export const lostEdits$ = new Subject<LostEdit>();

const BOOKKEEPING = new Set(['_deleted', '_meta', '_rev', '_attachments', 'updatedAt']);

export function sameDocument(a: WithDeleted<MineDoc>, b: WithDeleted<MineDoc>): boolean {
  return stableJson(a) === stableJson(b);
}

const same = (a: unknown, b: unknown) => stableJson(a) === stableJson(b);

/** The fields of a type the owner may write: all of them, unless the type lists its own. */
function ownerMayWrite(type: unknown, field: string): boolean {
  if (!isMineType(type)) return false;
  const rule: { ownerWritable: boolean; ownerFields?: readonly string[] } = MINE_TYPES[type];
  if (!rule.ownerWritable) return false;
  return !rule.ownerFields || rule.ownerFields.includes(field);
}

/**
 * The three-way merge of a document: `base` is the server version the local edit started from
 * (undefined when both sides created it), `server` the server's version now, `local` the edit.
 */
export function mergeDocument(
  base: WithDeleted<MineDoc> | undefined,
  server: WithDeleted<MineDoc>,
  local: WithDeleted<MineDoc>,
): { merged: WithDeleted<MineDoc>; lostFields: string[] } {
  // The server holds what the edit started from: nobody else changed it, so the push was refused
  // (the gateway answers a refused document as a conflict). The server's version stands entirely.
  const refused = base !== undefined && sameDocument(base, server);
  if (refused || server._deleted || local._deleted || server.type !== local.type) {
    return { merged: server, lostFields: sameDocument(server, local) ? [] : ['_document'] };
  }
  const merged: Record<string, unknown> = { ...server };
  const lostFields: string[] = [];
  const keys = new Set(
    [...Object.keys(server), ...Object.keys(local)].filter((key) => !BOOKKEEPING.has(key)),
  );
  for (const key of keys) {
    const mine = (local as Record<string, unknown>)[key];
    const theirs = (server as Record<string, unknown>)[key];
    if (same(mine, theirs)) continue;
    if (!ownerMayWrite(server.type, key)) {
      // Not the owner's to write: the server's value stands, and the owner never changed it on purpose.
      continue;
    }
    if (server.type === 'notification' && key === 'isRead') {
      merged[key] = mine === true || theirs === true;
      continue;
    }
    const before = base ? (base as Record<string, unknown>)[key] : undefined;
    const changedHere = !base || !same(mine, before);
    const changedThere = base ? !same(theirs, before) : true;
    if (changedHere && !changedThere) {
      if (mine === undefined) delete merged[key];
      else merged[key] = mine;
    } else if (changedHere && changedThere) {
      lostFields.push(key);
    }
  }
  const keptAny = !sameDocument(merged as WithDeleted<MineDoc>, server);
  if (keptAny) {
    const times = [server.updatedAt, local.updatedAt].filter(Boolean).sort();
    merged.updatedAt = times[times.length - 1];
  }
  return { merged: merged as WithDeleted<MineDoc>, lostFields };
}

/**
 * RxDB's name for the comparison of a pulled state (`a`) with the device's copy, before writing it
 * (17.6, replication-protocol/downstream.js). An upgrade of RxDB must keep this name, or this guard
 * is silently off: dashboard-conflicts.e2e.ts is the test that notices.
 */
export const PULLED_AGAINST_COPY = 'downstream-check-if-equal-1';

export const mineConflictHandler: RxConflictHandler<MineDoc> = {
  // A pulled state the server has since replaced is reported "equal" to the device's copy: RxDB
  // then writes nothing, where it would otherwise put the older state over a newer copy (see
  // server-revisions.ts). Every other comparison is by content.
  isEqual: (a, b, context) =>
    (context === PULLED_AGAINST_COPY && mineRevisions.isStale(a)) || sameDocument(a, b),
  resolve: async ({ assumedMasterState, realMasterState, newDocumentState }) => {
    const { merged, lostFields } = mergeDocument(assumedMasterState, realMasterState, newDocumentState);
    if (lostFields.length > 0) {
      lostEdits$.next({ id: newDocumentState.id, lost: newDocumentState, kept: merged, fields: lostFields });
    }
    return merged;
  },
};

function stableJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, inner: unknown) =>
      inner && typeof inner === 'object' && !Array.isArray(inner)
        ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : inner,
    ) ?? 'undefined'
  );
}
