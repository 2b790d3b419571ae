/**
 * A campaign's record, read again every 2 s while it is scheduled or sending (as a broadcast's page
 * does, use-broadcast-progress.ts), so that its page shows the mails going out; reading stops once
 * it is complete or cancelled, or the page is left. `reload` reads it at once (after a cancel).
 */
import { useCallback, useEffect, useState } from 'react';
import { isCampaignOpen } from '../../../domain/comms-campaigns';
import type { CampaignView } from '../../../domain/comms-campaigns';
import { adminGet } from '../admin-api';
import { PROGRESS_POLL_MS } from './use-broadcast-progress';

export type CampaignProgress = { campaign?: CampaignView; error?: unknown };

export function useCampaignProgress(id: string): CampaignProgress & { reload: () => void } {
  const [progress, setProgress] = useState<CampaignProgress & { id?: string }>({});
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      adminGet<{ campaign: CampaignView }>(`comms/campaigns/${encodeURIComponent(id)}`).then(
        ({ campaign }) => {
          if (!live) return;
          setProgress({ id, campaign });
          if (isCampaignOpen(campaign.state)) timer = setTimeout(read, PROGRESS_POLL_MS);
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
  // An answer about another campaign (the page's id changed) is not this one's.
  return { ...(progress.id === id ? progress : {}), reload };
}
