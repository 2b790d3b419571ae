/**
 * A provider's earnings, paid out and balance: the `earnings` document the service keeps in their
 * own database (src/domain/earnings.ts). It replicates like everything the user owns, so the
 * dashboard shows it offline too.
 */
import { useEffect, useState } from 'react';
import { EARNINGS_DOC_ID } from '../domain/earnings';
import type { EarningsDoc } from '../domain/earnings';
import { useDataLayer } from './data-context';

/** The document: undefined while it is read, null when this device has none (no earnings yet). */
export function useEarnings(): EarningsDoc | null | undefined {
  const { db } = useDataLayer();
  const [doc, setDoc] = useState<EarningsDoc | null>();
  useEffect(() => {
    const subscription = db.mine.findOne(EARNINGS_DOC_ID).$.subscribe((found) => {
      const data = found ? (found.toJSON() as unknown as EarningsDoc) : null;
      setDoc(data?.type === 'earnings' ? data : null);
    });
    return () => subscription.unsubscribe();
  }, [db]);
  return doc;
}
