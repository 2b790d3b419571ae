/**
 * The screens' access to data. A page is painted before its offline store (RxDB on IndexedDB) is
 * open: public screens first read what the server answered with the page (`PublicReads`), and the
 * offline store takes over once `layer` resolves; screens that need the store itself (a user's own
 * data) wait for it with `useDataLayer`, which suspends until then.
 */
import {
  createContext,
  startTransition,
  use,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import type { ReactNode } from 'react';
import type { AppDatabase } from './database';
import { recordedReads } from './public-reads';
import type { PublicReads } from './public-reads';
import type { PublicSync } from './replication';

export type DataLayer = { db: AppDatabase; sync: PublicSync };

export type DataSource = {
  /** Resolves once the offline store is open; none while rendering on the server. */
  layer: Promise<DataLayer> | undefined;
  /**
   * Starts opening the store when its opening was put off (a first page in the admin console, which
   * is online only and needs none); asked by the site's layout and by any screen that needs the store.
   */
  open?: () => void;
  /** What the server answered with the page (nothing for the app shell). */
  reads: PublicReads;
};

type DataState = { source: DataSource; layer: DataLayer | undefined };

const DataContext = createContext<DataState | undefined>(undefined);

export function DataProvider({ source, children }: { source: DataSource; children: ReactNode }) {
  const [layer, setLayer] = useState<DataLayer>();
  useEffect(() => {
    let alive = true;
    // The screens reading data render again from the store. Preact's `startTransition` runs it at
    // once: one task (10-20 ms here, four times as long on a phone), where React sliced it; a task
    // of its own, not the end of the store's opening (the same task, else: 15-28 ms here).
    void source.layer?.then((ready) => setTimeout(() => alive && startTransition(() => setLayer(ready)), 0));
    return () => {
      alive = false;
    };
  }, [source]);
  const state = useMemo(() => ({ source, layer }), [source, layer]);
  return <DataContext.Provider value={state}>{children}</DataContext.Provider>;
}

function useDataState(): DataState {
  const state = useContext(DataContext);
  if (!state) throw new Error('useDataLayer needs a <DataProvider>');
  return state;
}

/** The offline store; the calling screen suspends until it is open. Never in a server render. */
export function useDataLayer(): DataLayer {
  const { source, layer } = useDataState();
  if (layer) return layer;
  if (!source.layer) {
    throw new Error(
      'The offline store is not open in a server render: read public data with usePublicReads.',
    );
  }
  // Idempotent, and nothing rendered depends on it: the screen waits for the store either way.
  source.open?.();
  return use(source.layer);
}

/** Opens the store if its opening was put off: the site's pages all want it (offline reading). */
export function useStoreWanted(): void {
  const { source } = useDataState();
  useEffect(() => source.open?.(), [source]);
}

/** The offline store once it is open, else undefined (the screen renders from `usePublicReads`). */
export function useOptionalDataLayer(): DataLayer | undefined {
  return useDataState().layer;
}

/**
 * The offline store for an action (a click, a submit) that may come before it is open: the action
 * waits for it.
 */
export function useDataLayerWhenOpen(): () => Promise<DataLayer> {
  const { source, layer } = useDataState();
  return useCallback(async () => {
    if (layer) return layer;
    if (!source.layer) throw new Error('The offline store is not open in a server render.');
    source.open?.();
    return source.layer;
  }, [source, layer]);
}

/** What the server answered with the page. */
export function usePublicReads(): PublicReads {
  return useDataState().source.reads;
}

/** A source with the offline store already open (tests, and pages the server did not render). */
export function openedSource(layer: DataLayer, reads: PublicReads = recordedReads()): DataSource {
  return { layer: Promise.resolve(layer), reads };
}
