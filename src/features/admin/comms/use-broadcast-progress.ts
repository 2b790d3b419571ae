/**
 * A broadcast's record, read again every 2 s while it is not complete, so that its page shows the
 * delivery progressing; reading stops once it is complete or the page is left. A failed read keeps
 * the last record on screen and tries again at the next tick.
 */
import { useEffect, useState } from 'react';
import type { BroadcastView } from '../../../domain/comms';
import { adminGet } from '../admin-api';

export const PROGRESS_POLL_MS = 2_000;

export type BroadcastProgress = { broadcast?: BroadcastView; error?: unknown };

export function useBroadcastProgress(id: string): BroadcastProgress {
  const [progress, setProgress] = useState<BroadcastProgress & { id?: string }>({});

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      adminGet<{ broadcast: BroadcastView }>(`comms/notifications/${encodeURIComponent(id)}`).then(
        ({ broadcast }) => {
          if (!live) return;
          setProgress({ id, broadcast });
          if (broadcast.state !== 'complete') timer = setTimeout(read, PROGRESS_POLL_MS);
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
  }, [id]);

  // An answer about another broadcast (the page's id changed) is not this one's.
  return progress.id === id ? progress : {};
}
