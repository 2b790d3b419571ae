/**
 * Streams a store answer straight to an HTTP response, for the replication gateway's reads. nano
 * serves every other store call; here the gateway needs what nano's streams do not give: the
 * store's status and content type as they are, backpressure, and the upstream request cut the
 * moment the browser goes away (a long-poll must not outlive its client).
 */
import http from 'node:http';
import type { Response } from 'express';
import type { Store } from './store';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export function passThrough(store: Store, res: Response, method: string, path: string, body?: string) {
  // The address is read at each request: the embedded store gets a new one if it is restarted.
  const target = new URL(store.origin);
  const upstream = http.request({
    protocol: target.protocol,
    hostname: target.hostname,
    port: target.port,
    path: target.pathname.replace(/\/$/, '') + path,
    method,
    agent,
    headers: {
      authorization: store.authorization,
      accept: 'application/json',
      ...(body === undefined
        ? {}
        : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
    },
  });
  res.on('close', () => upstream.destroy());
  upstream.on('response', (answer) => {
    res.status(answer.statusCode ?? 502);
    const type = answer.headers['content-type'];
    if (type) res.setHeader('Content-Type', type);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (res.headersSent) return void res.end();
    res.status(502).json({ error: { code: 'store_unavailable', message: 'The store is not reachable.' } });
  });
  upstream.end(body);
}
