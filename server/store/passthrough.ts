/**
 * Streams a store answer straight to an HTTP response, for the replication gateway's reads. nano
 * serves every other store call; here the gateway needs what nano's streams do not give: the
 * store's status and content type as they are, backpressure, and the upstream request cut the
 * moment the browser goes away.
 *
 * Every request here is short: live change feeds never hold one of these sockets (they wait on
 * the store's `_db_updates`, see db-updates.ts, and read through `storeRead` once woken), so the
 * pool that serves reads cannot be taken by browsers that merely wait.
 */
import http from 'node:http';
import https from 'node:https';
import type { Response } from 'express';
import type { Store } from './store';

const pools = {
  http: new http.Agent({ keepAlive: true, maxSockets: 64 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

/** The request function and the pool for the store's address (read at each request: the embedded
 * store gets a new one if it is restarted). */
function upstreamFor(store: Store) {
  const target = new URL(store.origin);
  const secure = target.protocol === 'https:';
  return {
    request: secure ? https.request : http.request,
    options: {
      protocol: target.protocol,
      hostname: target.hostname,
      port: target.port,
      agent: secure ? pools.https : pools.http,
      base: target.pathname.replace(/\/$/, ''),
    },
  };
}

export type StoreAnswer = { status: number; contentType: string | undefined; body: Buffer };

/** A store read answered whole (status, type and body as the store gave them), through the read pool. */
export function storeRead(store: Store, path: string, maxBytes = 32 * 1024 * 1024): Promise<StoreAnswer> {
  const { request, options } = upstreamFor(store);
  const { base, ...target } = options;
  return new Promise((resolve, reject) => {
    const upstream = request({
      ...target,
      path: base + path,
      method: 'GET',
      headers: { authorization: store.authorization, accept: 'application/json' },
    });
    upstream.on('response', (answer) => {
      const chunks: Buffer[] = [];
      let size = 0;
      answer.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) return void upstream.destroy(new Error('The store answer is too large'));
        chunks.push(chunk);
      });
      answer.on('end', () =>
        resolve({
          status: answer.statusCode ?? 502,
          contentType: answer.headers['content-type'],
          body: Buffer.concat(chunks),
        }),
      );
      answer.on('error', reject);
    });
    upstream.on('error', reject);
    upstream.end();
  });
}

export function passThrough(store: Store, res: Response, method: string, path: string, body?: string) {
  const { request, options } = upstreamFor(store);
  const { base, ...target } = options;
  const upstream = request({
    ...target,
    path: base + path,
    method,
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
    // The gateway's answer, in CouchDB's words (its clients are CouchDB clients).
    res.status(502).json({ error: 'store_unavailable', reason: 'The store is not reachable.' });
  });
  upstream.end(body);
}
