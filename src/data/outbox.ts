/**
 * The outbox: actions that need the server's judgement, made while offline or while the server
 * could not be reached. Each waits in the local-only `outbox` collection (it survives closing the
 * tab) and is sent once, in order, when the connection returns, with its id as idempotency key so
 * a retry after a lost answer cannot apply it twice. An action the server refuses as invalid stays,
 * with the server's reason, so nothing a user typed is thrown away.
 */
import { CSRF_HEADER, CSRF_VALUE } from '../domain/account';
import type { OutboxItem } from '../domain/outbox';
import type { AppDatabase } from './database';
import { reportNetwork, reportWaiting } from './sync-status';

const RETRY_INTERVAL_MS = 30_000;

export type OutboxAction = { kind: string; path: string; payload: Record<string, unknown> };
export type FlushResult = { sent: number; refused: number; remaining: number };

export async function enqueue(
  db: AppDatabase,
  action: OutboxAction,
  id: string = crypto.randomUUID(),
): Promise<string> {
  await db.outbox.insert({ id, ...action, createdAt: new Date().toISOString(), attempts: 0 });
  return id;
}

let flushing: Promise<FlushResult> | undefined;

/** Sends the waiting actions in order; stops at the first one the network or the server could not take. */
export function flushOutbox(db: AppDatabase): Promise<FlushResult> {
  flushing ??= sendInOrder(db).finally(() => {
    flushing = undefined;
  });
  return flushing;
}

async function sendInOrder(db: AppDatabase): Promise<FlushResult> {
  const items = await db.outbox.find({ sort: [{ createdAt: 'asc' }] }).exec();
  const result: FlushResult = { sent: 0, refused: 0, remaining: 0 };
  for (const item of items) {
    if (item.lastError) {
      result.refused++;
      continue;
    }
    const outcome = await send(item.toJSON() as OutboxItem);
    if (outcome.kind === 'sent') {
      await item.remove();
      result.sent++;
    } else if (outcome.kind === 'refused') {
      await item.incrementalPatch({ attempts: item.attempts + 1, lastError: outcome.reason });
      result.refused++;
    } else {
      await item.incrementalPatch({ attempts: item.attempts + 1 });
      break;
    }
  }
  result.remaining = await db.outbox.count().exec();
  return result;
}

type Outcome = { kind: 'sent' } | { kind: 'refused'; reason: string } | { kind: 'retry' };

async function send(item: OutboxItem): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetch(item.path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': item.id,
        [CSRF_HEADER]: CSRF_VALUE,
      },
      body: JSON.stringify({ ...(item.payload as Record<string, unknown>), id: item.id }),
    });
  } catch {
    reportNetwork(false);
    return { kind: 'retry' };
  }
  reportNetwork(true);
  if (response.ok || response.status === 409) return { kind: 'sent' };
  if (response.status >= 500 || response.status === 408 || response.status === 429) return { kind: 'retry' };
  const body = (await response.json().catch(() => undefined)) as { error?: { code?: string } } | undefined;
  return { kind: 'refused', reason: body?.error?.code ?? `http_${response.status}` };
}

/** Keeps the header's waiting count current and flushes when the connection returns. */
export function watchOutbox(db: AppDatabase): () => void {
  const subscription = db.outbox.count().$.subscribe((count) => {
    reportWaiting('outbox', count);
    if (count > 0 && navigator.onLine) void flushOutbox(db);
  });
  const onOnline = () => void flushOutbox(db);
  window.addEventListener('online', onOnline);
  // A server that answered 5xx gets another try later even if nothing else happens.
  const timer = setInterval(() => {
    if (navigator.onLine) void flushOutbox(db);
  }, RETRY_INTERVAL_MS);
  return () => {
    clearInterval(timer);
    subscription.unsubscribe();
    window.removeEventListener('online', onOnline);
  };
}
