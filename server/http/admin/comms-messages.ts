/**
 * Moderation of the messages between clients and providers (admin screen `comms/messages`), see
 * services/comms/conversations.ts and message-moderation.ts:
 * - `GET /api/admin/comms/conversations?q=&limit=&token=`: conversations, latest activity first,
 *   `q` searching the parties' names, e-mails and uids; `{ items, next? }`.
 * - `GET /api/admin/comms/conversations/:orderId`: `{ conversation, messages, truncated }`, the
 *   messages of both parties in reading order, hidden ones with their text and last decision.
 * - `POST /api/admin/comms/messages/:messageId/moderation` `{ state: 'hidden' | 'visible', reason }`:
 *   hides the message in both parties' databases (or shows it again); `{ messageId, state, changed }`.
 * Bad input is a 400 `validation` with a code per field (`required`, `too_long`, `value_invalid`,
 * `unknown_field`); an id of the right shape naming nothing is a 404 `not_found`.
 */
import type { Request, Router } from 'express';
import { adminReasonProblem } from '../../../src/domain/admin-reason';
import { MESSAGE_ID_PATTERN, MESSAGE_STATES, ORDER_ID_PATTERN } from '../../../src/domain/message-moderation';
import type { MessageState } from '../../../src/domain/message-moderation';
import { listConversations } from '../../services/comms/conversations';
import {
  ConversationNotFound,
  MessageNotFound,
  moderateMessage,
  readConversation,
} from '../../services/comms/message-moderation';
import { ApiError } from '../errors';
import { jsonBody } from '../json-body';
import { withPageToken } from './audit';
import type { AdminContext, AdminResponse } from './index';
import { listQuery } from './list-query';

/** A reason is at most 1,000 characters (admin-reason.ts), a few times that in UTF-8 and JSON. */
const DECISION_BODY_LIMIT = '8kb';
const DECISION_FIELDS = new Set(['state', 'reason']);

function invalid(fields: Record<string, string>, message = 'Some fields are not valid.'): never {
  throw new ApiError(400, 'validation', message, { fields });
}

/** A path parameter of the given shape (a malformed one is the caller's mistake: 400). */
function pathId(req: Request, name: string, pattern: RegExp): string {
  const value = String(req.params[name]);
  if (!pattern.test(value)) invalid({ [name]: 'value_invalid' }, `The ${name} is not valid.`);
  return value;
}

export function parseMessageDecision(body: unknown): { state: MessageState; reason: string } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) invalid({ body: 'value_invalid' });
  const input = body as Record<string, unknown>;
  const fields: Record<string, string> = {};
  for (const key of Object.keys(input)) if (!DECISION_FIELDS.has(key)) fields[key] = 'unknown_field';
  const { state, reason } = input;
  if (typeof state !== 'string' || !(MESSAGE_STATES as readonly string[]).includes(state)) {
    fields.state = state === undefined ? 'required' : 'value_invalid';
  }
  const problem = adminReasonProblem(reason);
  if (problem) fields.reason = problem;
  if (Object.keys(fields).length > 0) invalid(fields, 'The moderation decision is not valid.');
  return { state: state as MessageState, reason: (reason as string).trim() };
}

export function commsMessageRoutes(router: Router, { store }: AdminContext): void {
  router.get('/admin/comms/conversations', async (req: Request, res: AdminResponse) => {
    const { limit, token, q } = listQuery(req, ['lastMessageAt'] as const, { dir: 'desc' });
    res.json(await withPageToken(() => listConversations(store, { q, limit, token })));
  });

  router.get('/admin/comms/conversations/:orderId', async (req: Request, res: AdminResponse) => {
    const orderId = pathId(req, 'orderId', ORDER_ID_PATTERN);
    try {
      res.json(await readConversation(store, orderId));
    } catch (error) {
      if (error instanceof ConversationNotFound)
        throw new ApiError(404, 'not_found', 'No such conversation.');
      throw error;
    }
  });

  router.post(
    '/admin/comms/messages/:messageId/moderation',
    jsonBody(DECISION_BODY_LIMIT),
    async (req: Request, res: AdminResponse) => {
      const messageId = pathId(req, 'messageId', MESSAGE_ID_PATTERN);
      const decision = parseMessageDecision(req.body);
      try {
        res.json(await moderateMessage(store, { messageId, ...decision, by: res.locals.adminUid }));
      } catch (error) {
        if (error instanceof MessageNotFound) throw new ApiError(404, 'not_found', 'No such message.');
        throw error;
      }
    },
  );
}
