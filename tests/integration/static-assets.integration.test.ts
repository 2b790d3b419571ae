/**
 * The build's scripts and styles as the service sends them: the Brotli copy the build made
 * (`<file>.br`, vite.config.ts) to a browser that accepts Brotli, compressed as served for one that
 * accepts only gzip, as they are for one that accepts neither; cached for a year either way, and a
 * file the build did not compress served as before.
 */
import { request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;
let distDir: string;
/** A script of some size, as a build makes them (repetitive enough to compress well). */
const SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i} * 2;`).join('\n');
const STYLE = '.card { color: #123456; }\n'.repeat(200);

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'sos-expat-dist-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>SOS Expat</title>');
  await writeFile(path.join(distDir, 'assets', 'app-Ab12Cd34.js'), SCRIPT);
  await writeFile(path.join(distDir, 'assets', 'app-Ab12Cd34.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(path.join(distDir, 'assets', 'page-Ef56Gh78.css'), STYLE);
  server = await startTestServer({ distDir });
});

afterAll(async () => {
  await server?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** A request whose answer is read as sent (fetch would decode it). */
function get(urlPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.url}${urlPath}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('the build’s assets', () => {
  it('go to a browser accepting Brotli as the build compressed them, cached for a year', async () => {
    const answer = await get('/assets/app-Ab12Cd34.js', BROWSER);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it('answer a revalidation with 304, and a HEAD with the headers alone', async () => {
    const first = await get('/assets/app-Ab12Cd34.js', BROWSER);
    const again = await get('/assets/app-Ab12Cd34.js', { ...BROWSER, 'if-none-match': first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get('/assets/app-Ab12Cd34.js', BROWSER, 'HEAD');
    expect([head.status, head.headers['content-encoding'], head.body.length]).toEqual([200, 'br', 0]);
  });

  it('go to a browser without Brotli compressed as served with gzip, or as they are', async () => {
    const gzip = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect([gzip.status, gzip.headers['content-encoding']]).toEqual([200, 'gzip']);
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);
    expect(gzip.headers.vary).toMatch(/Accept-Encoding/i);

    const plain = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'identity' });
    expect([plain.status, plain.headers['content-encoding']]).toEqual([200, undefined]);
    expect(plain.body.toString()).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('without a Brotli copy are compressed as served; a missing one is not found', async () => {
    const style = await get('/assets/page-Ef56Gh78.css', BROWSER);
    expect(style.status).toBe(200);
    expect(style.headers['content-type']).toMatch(/^text\/css/);
    expect(['br', 'gzip']).toContain(style.headers['content-encoding']);

    // An old page asking for a chunk a new build replaced: not found, rather than the app's shell.
    const missing = await get('/assets/gone-Zz99Yy88.js', { ...BROWSER, accept: '*/*' });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
  });

  it('whose Brotli copy went after the start (a build replaced them) are served from the file', async () => {
    await rm(path.join(distDir, 'assets', 'app-Ab12Cd34.js.br'));
    const answer = await get('/assets/app-Ab12Cd34.js', BROWSER);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
    const encoding = answer.headers['content-encoding'];
    const body = encoding === 'br' ? brotliDecompressSync(answer.body) : gunzipSync(answer.body);
    expect(body.toString()).toBe(SCRIPT);
  });
});
