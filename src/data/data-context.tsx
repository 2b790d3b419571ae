import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { AppDatabase } from './database';
import type { PublicSync } from './replication';

export type DataLayer = { db: AppDatabase; sync: PublicSync };

const DataContext = createContext<DataLayer | undefined>(undefined);

export function DataProvider({ value, children }: { value: DataLayer; children: ReactNode }) {
  return <DataContext.Provider value={value}>{children}</DataContext.Provider>;
}

export function useDataLayer(): DataLayer {
  const layer = useContext(DataContext);
  if (!layer) throw new Error('useDataLayer needs a <DataProvider>');
  return layer;
}
