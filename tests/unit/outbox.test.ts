import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppDatabase } from '../../src/data/database';
import type { AppDatabase } from '../../src/data/database';
import { enqueue, flushOutbox } from '../../src/data/outbox';

let db: AppDatabase;
let counter = 0;

beforeEach(async () => {
  db = await createAppDatabase(getRxStorageMemory(), `outbox-${++counter}`, { multiInstance: false });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await db.remove();
});

type Sent = { path: string; key: string | null; body: Record<string, unknown> };

function serverAnswering(...statuses: number[]) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      sent.push({
        path,
        key: new Headers(init.headers).get('idempotency-key'),
        body: JSON.parse(init.body as string) as Record<string, unknown>,
      });
      const status = statuses.shift() ?? 201;
      if (status === 0) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(status >= 400 ? { error: { code: 'invalid_message' } } : {}), {
        status,
      });
    }),
  );
  return sent;
}

describe('outbox', () => {
  it('sends waiting actions once, in order, with their id as idempotency key', async () => {
    const first = await enqueue(db, { kind: 'contact', path: '/api/contact', payload: { message: 'one' } });
    await new Promise((r) => setTimeout(r, 2));
    const second = await enqueue(db, { kind: 'report', path: '/api/reports', payload: { reason: 'two' } });
    const sent = serverAnswering(201, 201);
    expect(await flushOutbox(db)).toEqual({ sent: 2, refused: 0, remaining: 0 });
    expect(sent).toEqual([
      { path: '/api/contact', key: first, body: { message: 'one', id: first } },
      { path: '/api/reports', key: second, body: { reason: 'two', id: second } },
    ]);
    expect(await flushOutbox(db)).toEqual({ sent: 0, refused: 0, remaining: 0 });
    expect(sent).toHaveLength(2);
  });

  it('stops at the first action the network or the server cannot take, and keeps it', async () => {
    await enqueue(db, { kind: 'contact', path: '/api/contact', payload: { n: 1 } });
    await new Promise((r) => setTimeout(r, 2));
    await enqueue(db, { kind: 'contact', path: '/api/contact', payload: { n: 2 } });
    const sent = serverAnswering(0);
    expect(await flushOutbox(db)).toEqual({ sent: 0, refused: 0, remaining: 2 });
    expect(sent).toHaveLength(1);
    serverAnswering(503);
    expect(await flushOutbox(db)).toEqual({ sent: 0, refused: 0, remaining: 2 });
    serverAnswering(201, 201);
    expect(await flushOutbox(db)).toEqual({ sent: 2, refused: 0, remaining: 0 });
  });

  it('keeps an action the server refuses, with its reason, and goes on with the others', async () => {
    const refused = await enqueue(db, { kind: 'contact', path: '/api/contact', payload: { message: '' } });
    await new Promise((r) => setTimeout(r, 2));
    await enqueue(db, { kind: 'contact', path: '/api/contact', payload: { message: 'fine' } });
    serverAnswering(400, 201);
    expect(await flushOutbox(db)).toEqual({ sent: 1, refused: 1, remaining: 1 });
    const kept = await db.outbox.findOne(refused).exec();
    expect(kept?.lastError).toBe('invalid_message');
    expect(kept?.payload).toEqual({ message: '' });
    const sent = serverAnswering();
    expect(await flushOutbox(db)).toEqual({ sent: 0, refused: 1, remaining: 1 });
    expect(sent).toHaveLength(0);
  });
});
