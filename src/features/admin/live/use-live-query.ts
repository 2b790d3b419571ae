/**
 * An admin resource kept current while it is on screen. The service answers each read with the
 * `version` of a topic (server/services/admin/live.ts); this then waits on
 * `GET /api/admin/live/<topic>?after=<version>`, which the service answers as soon as the topic's
 * data changed (or after a while, unchanged), and reads the resource again. Between two reads the
 * last answer stays on screen (no "loading" flash on every change), and reads are at least
 * `MIN_GAP_MS` apart however busy the platform is.
 */
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../data/api';
import { adminUrl } from '../admin-api';
import type { AdminQuery } from '../admin-api';
import { useAdminQuery } from '../ui/use-admin-query';
import type { AdminQueryState } from '../ui/use-admin-query';

export type LiveTopic = 'dashboard' | 'calls' | 'contact';

/** How long the service holds a wait (it answers sooner on a change). */
const WAIT_MS = 20_000;
/** At most one read every few seconds per screen, well inside the per-user API rate limit. */
const MIN_GAP_MS = 3_000;
const RETRY_MS = 5_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `refresh` once the topic changed after `version` (then a new version restarts the wait). */
export function useLiveRefresh(topic: LiveTopic, version: string | undefined, refresh: () => void): void {
  useEffect(() => {
    if (!version) return;
    let active = true;
    void (async () => {
      const started = Date.now();
      while (active) {
        try {
          const answer: { version: string } = await api<{ version: string }>(
            adminUrl(`live/${topic}`, { after: version, timeout: WAIT_MS }),
            { timeoutMs: WAIT_MS + 10_000 },
          );
          if (answer.version === version) continue;
          await pause(Math.max(0, MIN_GAP_MS - (Date.now() - started)));
          if (active) refresh();
          return;
        } catch {
          // Offline or the service is restarting: the screen shows its last answer; try again later.
          await pause(RETRY_MS);
        }
      }
    })();
    return () => {
      active = false;
    };
  }, [topic, version, refresh]);
}

export type LiveQueryState<T> = AdminQueryState<T> & {
  reload: () => void;
  /** The last answer for this path and query, kept while a newer one is read. */
  latest?: T;
};

/** `useAdminQuery` for an answer carrying `version`, read again whenever its topic changes. */
export function useLiveQuery<T extends { version?: string }>(
  path: string | undefined,
  topic: LiveTopic,
  query: AdminQuery = {},
  refreshKey?: number | string,
): LiveQueryState<T> {
  const [tick, setTick] = useState(0);
  const result = useAdminQuery<T>(path, query, `${refreshKey ?? ''}:${tick}`);
  const key = `${path ?? ''} ${JSON.stringify(query)}`;
  const [kept, setKept] = useState<{ key: string; data: T }>();
  if (result.status === 'ready' && kept?.data !== result.data) setKept({ key, data: result.data });
  const latest = result.status === 'ready' ? result.data : kept?.key === key ? kept.data : undefined;
  const refresh = useCallback(() => setTick((n) => n + 1), []);
  useLiveRefresh(topic, latest?.version, refresh);
  // A refresh that failed (rate limit, a restart) leaves the last answer on screen: read again later.
  const failedRefresh = result.status === 'error' && latest !== undefined;
  useEffect(() => {
    if (!failedRefresh) return;
    const timer = setTimeout(refresh, RETRY_MS);
    return () => clearTimeout(timer);
  }, [failedRefresh, refresh]);
  return { ...result, latest };
}
