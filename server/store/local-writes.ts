/**
 * The writes this process makes through a store's documents API (`insert`, `bulk`, `destroy` of
 * `store.db(name)`), told to listeners of their database as each one is answered, before its writer
 * goes on. The store's change feed (db-updates.ts) reports them too, but a moment later and on
 * another connection: a copy kept current by the feed (followed-docs.ts) learns of its own process's
 * writes here first, so that a price an admin just saved is the one the next checkout reads.
 */

export type LocalWriteListener = () => void;

export type LocalWrites = {
  /** Calls `listener` after each write to `db` made through this store; answers the unsubscription. */
  subscribe(db: string, listener: LocalWriteListener): () => void;
  /** Tells the listeners of `db` that a write to it was answered (or failed, maybe half-made). */
  report(db: string): void;
};

export function createLocalWrites(): LocalWrites {
  const listeners = new Map<string, Set<LocalWriteListener>>();
  return {
    subscribe(db, listener) {
      let set = listeners.get(db);
      if (!set) listeners.set(db, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(db) === set) listeners.delete(db);
      };
    },
    report(db) {
      for (const listener of [...(listeners.get(db) ?? [])]) listener();
    },
  };
}
