import type { ExtractDocumentTypeFromTypedRxJsonSchema } from 'rxdb';

/**
 * Actions made offline that need the server's judgement (contact messages, reports…). They stay
 * in the local-only `outbox` collection, in order, until `/api` accepts them; the document id is
 * the idempotency key, so a retry after a lost answer is harmless.
 */
export const outboxSchema = {
  title: 'outbox',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 64 },
    kind: { type: 'string', maxLength: 40 },
    /** The `/api` path the action is sent to. */
    path: { type: 'string', maxLength: 200 },
    payload: { type: 'object' },
    createdAt: { type: 'string', maxLength: 30 },
    attempts: { type: 'integer', minimum: 0 },
    lastError: { type: 'string' },
  },
  required: ['id', 'kind', 'path', 'payload', 'createdAt', 'attempts'],
  indexes: ['createdAt'],
  additionalProperties: false,
} as const;

export type OutboxItem = ExtractDocumentTypeFromTypedRxJsonSchema<typeof outboxSchema>;
