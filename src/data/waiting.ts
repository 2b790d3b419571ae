/**
 * Which of the user's own documents wait to reach the server (saved on this device, not yet pushed),
 * kept current: a screen marks those items as waiting, as the header counts them all.
 */
import { useEffect, useState } from 'react';
import { useDataLayer } from './data-context';

const PENDING = 'pending';

export function useWaitingIds(): ReadonlySet<string> {
  const { db } = useDataLayer();
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const subscription = db.mine.getLocal$<{ ids: Record<string, string> }>(PENDING).subscribe((local) => {
      setIds(new Set(Object.keys(local?.get('ids') ?? {})));
    });
    return () => subscription.unsubscribe();
  }, [db]);
  return ids;
}
