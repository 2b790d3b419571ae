/**
 * The `fetch` given to RxDB's CouchDB replication. It throws on any non-2xx answer: RxDB's live
 * pull would otherwise read a 401 or 500 body as an empty change feed and stop for good. It also
 * reports each outcome to the sync status, so the header knows when the gateway is unreachable.
 * A long poll (`feed=longpoll`) is asked at low priority: it waits for changes that may not come for
 * minutes, and yields to whatever the page asks for meanwhile (a screen's scripts, an image, an API
 * call), as it does to a page load's own measure of when the network is quiet (Lighthouse's).
 */
import { CSRF_HEADER, CSRF_VALUE } from '../domain/account';
import { reportNetwork } from './sync-status';

export class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`The replication gateway answered ${status}`);
    this.name = 'GatewayError';
  }
}

const refusedListeners = new Set<() => void>();

/**
 * Calls `listener` whenever the gateway answers 401: the session ended, or an admin suspended or
 * deleted the account (the gateway then also ends the live feed it held). The session layer checks
 * the session again, so the page learns why at once rather than at its next navigation.
 */
export function onGatewayUnauthorized(listener: () => void): () => void {
  refusedListeners.add(listener);
  return () => refusedListeners.delete(listener);
}

function isLongPoll(input: RequestInfo | URL): boolean {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return /[?&]feed=longpoll(&|$)/.test(url);
}

export const gatewayFetch: typeof fetch = async (input, init) => {
  // Writes (and RxDB's POST reads) carry the CSRF header the gateway asks of every non-GET request.
  const headers = new Headers(init?.headers);
  headers.set(CSRF_HEADER, CSRF_VALUE);
  const priority: RequestPriority | undefined = isLongPoll(input) ? 'low' : init?.priority;
  let response: Response;
  try {
    response = await fetch(input, {
      ...init,
      headers,
      credentials: 'same-origin',
      cache: 'no-store',
      ...(priority ? { priority } : {}),
    });
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) reportNetwork(false);
    throw error;
  }
  reportNetwork(true);
  if (response.status === 401) for (const listener of [...refusedListeners]) listener();
  if (!response.ok) throw new GatewayError(response.status, await response.text().catch(() => ''));
  return response;
};
