/**
 * What a first visit downloads of the `content` database (demo data), page by page as the app asks
 * for it (40 documents a request), in the reader's language (changes-filter.ts) and whole, as the
 * gateway sends it to a browser that accepts Brotli: documents, JSON bytes, bytes on the wire.
 */
import { request } from 'node:http';
import { LANGUAGES } from '../src/domain/languages';
import type { Language } from '../src/domain/languages';
import type { TestServer } from '../tests/support/test-server';

const BATCH = 40;

export type PullSize = { documents: number; requests: number; jsonBytes: number; wireBytes: number };

export type ContentPullFigures = { whole: PullSize; byLanguage: Record<Language, PullSize> };

export async function benchContentPull(server: TestServer): Promise<ContentPullFigures> {
  const byLanguage = {} as Record<Language, PullSize>;
  for (const language of LANGUAGES) byLanguage[language] = await firstPull(server, language);
  return { whole: await firstPull(server), byLanguage };
}

async function firstPull(server: TestServer, language?: Language): Promise<PullSize> {
  const size: PullSize = { documents: 0, requests: 0, jsonBytes: 0, wireBytes: 0 };
  for (let since: string | number = 0; ;) {
    const query = new URLSearchParams({
      style: 'all_docs',
      feed: 'normal',
      include_docs: 'true',
      since: String(since),
      limit: String(BATCH),
      ...(language ? { language } : {}),
    });
    const { wire, json } = await get(`${server.url}/db/content/_changes?${query}`);
    const page = JSON.parse(json) as { results: unknown[]; last_seq: string | number };
    size.requests += 1;
    size.documents += page.results.length;
    size.jsonBytes += Buffer.byteLength(json);
    size.wireBytes += wire;
    since = page.last_seq;
    if (page.results.length < BATCH) return size;
  }
}

/** The answer's bytes as sent (compressed) and its text, decompressed. */
function get(url: string): Promise<{ wire: number; json: string }> {
  return new Promise((resolve, reject) => {
    const asked = request(url, { headers: { 'accept-encoding': 'br' } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', async () => {
        const body = Buffer.concat(chunks);
        const { brotliDecompressSync } = await import('node:zlib');
        const json = answer.headers['content-encoding'] === 'br' ? brotliDecompressSync(body) : body;
        resolve({ wire: body.length, json: json.toString('utf8') });
      });
      answer.on('error', reject);
    });
    asked.on('error', reject);
    asked.end();
  });
}
