/**
 * Dexie without its live queries' machinery, which RxDB does not use (it follows its own changes,
 * across tabs on its own channel): else every write also computes the key ranges it touched, keeps
 * a query cache current and broadcasts the ranges to every tab. Dexie's share of a first visit's
 * script time fell by about a sixth without it (921-1,000 to 784-799 ms, profile of `/` at 4× CPU).
 */
export const DEXIE_SETTINGS = {
  cache: 'disabled' as const,
  onCreate(dexie: { unuse(middleware: { stack: 'dbcore'; name: string }): unknown }) {
    dexie.unuse({ stack: 'dbcore', name: 'Observability' });
    dexie.unuse({ stack: 'dbcore', name: 'Cache' });
  },
};
