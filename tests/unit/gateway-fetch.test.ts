import { afterEach, describe, expect, it, vi } from 'vitest';
import { CSRF_HEADER } from '../../src/domain/account';
import { gatewayFetch } from '../../src/data/gateway-fetch';

describe('the gateway fetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubFetch() {
    const calls: RequestInit[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        calls.push(init ?? {});
        return new Response('{}', { status: 200 });
      }),
    );
    return calls;
  }

  it('asks a long poll at low priority, so that it yields to what the page asks for', async () => {
    const calls = stubFetch();
    await gatewayFetch('https://sos.test/db/providers/_changes?feed=longpoll&since=12&heartbeat=25000');
    await gatewayFetch(new URL('https://sos.test/db/userdb-61/_changes?style=all_docs&feed=longpoll'));
    expect(calls.map((init) => init.priority)).toEqual(['low', 'low']);
  });

  it('leaves the priority of any other request as asked, with the CSRF header and no cache', async () => {
    const calls = stubFetch();
    await gatewayFetch('https://sos.test/db/providers/_changes?feed=normal&since=0&limit=200');
    await gatewayFetch('https://sos.test/db/userdb-61/_bulk_docs', { method: 'POST', priority: 'high' });
    expect(calls.map((init) => init.priority)).toEqual([undefined, 'high']);
    expect(calls.map((init) => new Headers(init.headers).has(CSRF_HEADER))).toEqual([true, true]);
    expect(calls.every((init) => init.cache === 'no-store' && init.credentials === 'same-origin')).toBe(true);
  });
});
