/**
 * The contact inbox (admin screen `contact-messages`):
 * - `GET /api/admin/contact-messages?status=&assignee=&q=&limit=&token=&dir=`: a page, newest first
 *   (`assignee` is an admin's uid or `none`), with the version of the `contact` topic.
 * - `GET /api/admin/contact-messages/assignees`: the admins a message may be assigned to.
 * - `GET /api/admin/contact-messages/:id`: one message with its replies.
 * - `PATCH /api/admin/contact-messages/:id` `{ status?, assignee? }` (`assignee: null` unassigns):
 *   audited once per change; 400 `validation` per field (`assignee: assignee_invalid` for anyone
 *   but an admin).
 * - `POST /api/admin/contact-messages/:id/replies` `{ id, text }`: mails the answer in the sender's
 *   language and keeps it; `id` is the idempotency key (the same one again sends nothing: 200
 *   `sent: false`); 502 `mail_failed` when the mail could not be sent (kept as failed).
 */
import type { Request, Router } from 'express';
import {
  CONTACT_REPLY_MAX,
  CONTACT_STATUSES,
  ContactChangeRefused,
  contactAssignees,
  contactMessage,
  listContactMessages,
  replyToContactMessage,
  updateContactMessage,
} from '../../services/admin/contact-messages';
import type { ContactChange, ContactStatus } from '../../services/admin/contact-messages';
import { adminLiveOf } from '../../services/admin/live';
import { ApiError } from '../errors';
import { jsonBody } from '../json-body';
import { withPageToken } from './audit';
import type { AdminContext, AdminResponse } from './index';
import { listQuery, queryChoice, queryString } from './list-query';

const MESSAGE_ID = /^[\w-]{8,64}$/;
const UID = /^[\w.@-]{1,128}$/;

function fieldsInvalid(fields: Record<string, string>): never {
  throw new ApiError(400, 'validation', 'Some fields are not valid.', { fields });
}

function messageIdOf(req: Request): string {
  const id = String(req.params.id);
  if (!MESSAGE_ID.test(id)) throw new ApiError(404, 'not_found', 'No such message.');
  return id;
}

function objectBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) fieldsInvalid({ body: 'value_invalid' });
  return body as Record<string, unknown>;
}

function parseChange(body: unknown): ContactChange {
  const input = objectBody(body);
  const fields: Record<string, string> = {};
  const change: ContactChange = {};
  for (const key of Object.keys(input))
    if (key !== 'status' && key !== 'assignee') fields[key] = 'unknown_field';
  if (input.status !== undefined) {
    if ((CONTACT_STATUSES as readonly unknown[]).includes(input.status))
      change.status = input.status as ContactStatus;
    else fields.status = 'value_invalid';
  }
  if (input.assignee !== undefined) {
    if (input.assignee === null) change.assignee = null;
    else if (typeof input.assignee === 'string' && UID.test(input.assignee)) change.assignee = input.assignee;
    else fields.assignee = 'value_invalid';
  }
  if (Object.keys(fields).length === 0 && change.status === undefined && change.assignee === undefined)
    fields.status = 'required';
  if (Object.keys(fields).length > 0) fieldsInvalid(fields);
  return change;
}

function refused(error: unknown): never {
  if (!(error instanceof ContactChangeRefused)) throw error;
  if (error.reason === 'not_found') throw new ApiError(404, 'not_found', 'No such message.');
  if (error.reason === 'assignee_invalid') fieldsInvalid({ assignee: 'assignee_invalid' });
  throw new ApiError(502, 'mail_failed', 'The answer could not be mailed; it is kept as not sent.');
}

export function contactMessageRoutes(router: Router, { store, config }: AdminContext): void {
  const live = adminLiveOf(store);

  router.get('/admin/contact-messages', async (req: Request, res: AdminResponse) => {
    const { limit, token, q, dir } = listQuery(req, ['createdAt'] as const, { dir: 'desc' });
    const assignee = queryString(req, 'assignee', 128);
    if (assignee !== undefined && !UID.test(assignee)) fieldsInvalid({ assignee: 'value_invalid' });
    const filter = { status: queryChoice(req, 'status', CONTACT_STATUSES), assignee, q, limit, token, dir };
    const version = live.version('contact');
    res.json({ ...(await withPageToken(() => listContactMessages(store, filter))), version });
  });

  router.get('/admin/contact-messages/assignees', async (_req: Request, res: AdminResponse) => {
    res.json({ assignees: await contactAssignees(store) });
  });

  router.get('/admin/contact-messages/:id', async (req: Request, res: AdminResponse) => {
    const version = live.version('contact');
    const message = await contactMessage(store, messageIdOf(req));
    if (!message) throw new ApiError(404, 'not_found', 'No such message.');
    res.json({ message, version });
  });

  router.patch('/admin/contact-messages/:id', jsonBody('2kb'), async (req: Request, res: AdminResponse) => {
    const id = messageIdOf(req);
    const change = parseChange(req.body);
    try {
      res.json({ message: await updateContactMessage(store, { id, change, by: res.locals.adminUid }) });
    } catch (error) {
      refused(error);
    }
  });

  router.post(
    '/admin/contact-messages/:id/replies',
    jsonBody('64kb'),
    async (req: Request, res: AdminResponse) => {
      const id = messageIdOf(req);
      const input = objectBody(req.body);
      const fields: Record<string, string> = {};
      const replyId = input.id;
      const text = typeof input.text === 'string' ? input.text.trim() : '';
      if (typeof replyId !== 'string' || !MESSAGE_ID.test(replyId)) fields.id = 'id_invalid';
      if (!text) fields.text = 'required';
      else if (text.length > CONTACT_REPLY_MAX) fields.text = 'too_long';
      if (Object.keys(fields).length > 0) fieldsInvalid(fields);
      try {
        const result = await replyToContactMessage(store, config, {
          id,
          replyId: replyId as string,
          text,
          by: res.locals.adminUid,
        });
        res.status(result.sent ? 201 : 200).json(result);
      } catch (error) {
        refused(error);
      }
    },
  );
}
