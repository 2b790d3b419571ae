import type { ProviderReport } from '../domain/report';
import type { AppDatabase } from './database';
import { enqueue, flushOutbox } from './outbox';

/**
 * Reports a provider profile. The report goes through the outbox, so one made offline waits and is
 * sent once when the connection returns; the answer says which of the two happened.
 */
export async function reportProvider(
  db: AppDatabase,
  report: Omit<ProviderReport, 'id'>,
): Promise<'sent' | 'queued'> {
  const id = await enqueue(db, { kind: 'report', path: '/api/reports', payload: report });
  if (navigator.onLine) await flushOutbox(db);
  return (await db.outbox.findOne(id).exec()) ? 'queued' : 'sent';
}
