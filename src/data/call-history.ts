/**
 * The user's consultations, as the dashboard lists them: the `call_session` documents the service
 * writes into the client's and the provider's own databases (see call-session.ts for one call
 * followed live). They replicate like everything the user owns, so the list works offline.
 */
import { useEffect, useState } from 'react';
import type { CallSessionDoc } from '../domain/mine';
import { useDataLayer } from './data-context';

/** Every call on this device, the newest first; undefined while they are read. */
export function useCallHistory(): CallSessionDoc[] | undefined {
  const { db } = useDataLayer();
  const [list, setList] = useState<CallSessionDoc[]>();
  useEffect(() => {
    const subscription = db.mine
      .find({ selector: { type: { $eq: 'call_session' } } })
      .$.subscribe((docs) =>
        setList(
          docs
            .map((doc) => doc.toJSON() as unknown as CallSessionDoc)
            .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)),
        ),
      );
    return () => subscription.unsubscribe();
  }, [db]);
  return list;
}
