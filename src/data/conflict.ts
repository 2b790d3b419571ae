/**
 * How a conflict on the user's own documents is settled: the server's version wins whenever it
 * refused or changed the document (a refused push ends on the server's state); when both versions
 * are the same apart from bookkeeping, nothing is rewritten. Every losing local version is kept
 * in `lostEdits$` so the interface can show it: no edit disappears silently.
 */
import { Subject } from 'rxjs';
import type { RxConflictHandler, WithDeleted } from 'rxdb';
import type { MineDoc } from '../domain/mine';

export type LostEdit = { id: string; lost: WithDeleted<MineDoc>; kept: WithDeleted<MineDoc> };

export const lostEdits$ = new Subject<LostEdit>();

export function sameDocument(a: WithDeleted<MineDoc>, b: WithDeleted<MineDoc>): boolean {
  return stableJson(a) === stableJson(b);
}

export const mineConflictHandler: RxConflictHandler<MineDoc> = {
  isEqual: (a, b) => sameDocument(a, b),
  resolve: async ({ realMasterState, newDocumentState }) => {
    if (!sameDocument(realMasterState, newDocumentState)) {
      lostEdits$.next({ id: newDocumentState.id, lost: newDocumentState, kept: realMasterState });
    }
    return realMasterState;
  },
};

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}
