/**
 * Reads one admin resource for a screen: `loading` until the answer for the current path and
 * query arrives (an answer for an older request is dropped), then `ready` or `error`. `reload()`
 * asks again (after an action, or from a "try again" button). Nothing is cached: the console shows
 * what the service answers now.
 */
import { useCallback, useEffect, useState } from 'react';
import { adminGet, adminUrl } from '../admin-api';
import type { AdminQuery } from '../admin-api';

export type AdminQueryState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'ready'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

type Answer<T> = { request: string; state: AdminQueryState<T> };

export function useAdminQuery<T>(
  path: string | undefined,
  query: AdminQuery = {},
  /** Change it to read again (a screen's own counter of changes it made). */
  refreshKey?: number | string,
): AdminQueryState<T> & { reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<Answer<T>>();
  // The query by value: a screen may pass a new object with the same parameters at each render.
  const queryKey = JSON.stringify(query);
  const request = path === undefined ? '' : `${attempt} ${refreshKey ?? ''} ${adminUrl(path, query)}`;

  useEffect(() => {
    if (path === undefined) return;
    let live = true;
    adminGet<T>(path, JSON.parse(queryKey) as AdminQuery).then(
      (data) => live && setAnswer({ request, state: { status: 'ready', data } }),
      (error: unknown) => live && setAnswer({ request, state: { status: 'error', error } }),
    );
    return () => {
      live = false;
    };
  }, [path, queryKey, request]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const state: AdminQueryState<T> =
    answer && answer.request === request ? answer.state : { status: 'loading' };
  return { ...state, reload };
}
