/**
 * A broadcast's record, read again every 2 s while it may still change (scheduled, resolving,
 * sending), so that its page shows the delivery progressing; reading stops once it is complete or
 * cancelled, or the page is left. A failed read keeps the last record on screen and tries again at
 * the next tick. `reload` reads it at once (after a cancel).
 */
import { useCallback, useEffect, useState } from 'react';
import { isBroadcastOpen } from '../../../domain/comms';
import type { BroadcastView } from '../../../domain/comms';
import { adminGet } from '../admin-api';

export const PROGRESS_POLL_MS = 2_000;

export type BroadcastProgress = { broadcast?: BroadcastView; error?: unknown };

export function useBroadcastProgress(id: string): BroadcastProgress & { reload: () => void } {
  const [progress, setProgress] = useState<BroadcastProgress & { id?: string }>({});
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      adminGet<{ broadcast: BroadcastView }>(`comms/notifications/${encodeURIComponent(id)}`).then(
        ({ broadcast }) => {
          if (!live) return;
          setProgress({ id, broadcast });
          if (isBroadcastOpen(broadcast.state)) timer = setTimeout(read, PROGRESS_POLL_MS);
        },
        (error: unknown) => {
          if (!live) return;
          setProgress((current) => ({ ...current, id, error }));
          timer = setTimeout(read, PROGRESS_POLL_MS);
        },
      );
    };
    read();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  // An answer about another broadcast (the page's id changed) is not this one's.
  return { ...(progress.id === id ? progress : {}), reload };
}
