/**
 * Mail templates (admin screen `comms/templates`), see services/comms/mail-templates.ts:
 * - `GET /api/admin/comms/templates`: every kind of mail in every language, `{ items }`, each saying
 *   whether an admin's template replaces the built-in wording.
 * - `GET /api/admin/comms/templates/:kind/:language`: `{ template }`, the wording in force with its
 *   `rev` (null for the built-in wording) and the built-in wording beside it.
 * - `PUT /api/admin/comms/templates/:kind/:language` `{ subject, text, rev }`: `{ template }`; `rev`
 *   is the revision the edit started from (null: from the built-in wording); 409
 *   `template_changed` when another admin saved or reset it meanwhile.
 * - `DELETE /api/admin/comms/templates/:kind/:language?rev=`: back to the built-in wording,
 *   `{ template }`; 409 `template_changed` as above.
 * - `POST /api/admin/comms/templates/:kind/:language/preview` `{ subject, text }`: `{ preview:
 *   { subject, text, html } }`, the unsaved wording filled with sample values.
 * An unknown kind or language is a 404 `not_found`; bad input a 400 `validation` with a code per
 * field (`required`, `too_long`, `value_invalid`, `unknown_field`, `unknown_variable`,
 * `missing_variable`, `malformed_variable`). Saves and resets are audited (services).
 */
import type { Request, Router } from 'express';
import {
  getMailTemplate,
  listMailTemplates,
  previewMailTemplate,
  resetMailTemplate,
  saveMailTemplate,
  TemplateChanged,
  TemplateInvalid,
  TemplateNotFound,
  templateKey,
} from '../../services/comms/mail-templates';
import { ApiError } from '../errors';
import { jsonBody } from '../json-body';
import type { AdminContext, AdminResponse } from './index';
import { queryString } from './list-query';

/** A subject of 200 and a text of 10,000 characters, each up to 4 bytes in UTF-8, JSON-escaped. */
const TEMPLATE_BODY_LIMIT = '64kb';

function refusal(error: unknown): never {
  if (error instanceof TemplateInvalid) {
    throw new ApiError(400, 'validation', 'Some fields are not valid.', { fields: error.fields });
  }
  if (error instanceof TemplateNotFound)
    throw new ApiError(404, 'not_found', 'No such kind of mail or language.');
  if (error instanceof TemplateChanged) {
    throw new ApiError(409, 'template_changed', 'Another admin changed this template meanwhile; reload it.');
  }
  throw error;
}

const attempt = async <T>(work: () => T | Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    return refusal(error);
  }
};

const keyOf = (req: Request) =>
  attempt(() => templateKey(String(req.params.kind), String(req.params.language)));

export function commsTemplateRoutes(router: Router, { store, config }: AdminContext): void {
  const path = '/admin/comms/templates/:kind/:language';

  router.get('/admin/comms/templates', async (_req: Request, res: AdminResponse) => {
    res.json({ items: await listMailTemplates(store) });
  });

  router.get(path, async (req: Request, res: AdminResponse) => {
    const { kind, language } = await keyOf(req);
    res.json({ template: await getMailTemplate(store, kind, language) });
  });

  router.put(path, jsonBody(TEMPLATE_BODY_LIMIT), async (req: Request, res: AdminResponse) => {
    const { kind, language } = await keyOf(req);
    const input: unknown = req.body;
    const by = res.locals.adminUid;
    const template = await attempt(() => saveMailTemplate(store, { kind, language, input, by }));
    res.json({ template });
  });

  router.delete(path, async (req: Request, res: AdminResponse) => {
    const { kind, language } = await keyOf(req);
    const rev = queryString(req, 'rev', 100);
    const by = res.locals.adminUid;
    const template = await attempt(() => resetMailTemplate(store, { kind, language, rev, by }));
    res.json({ template });
  });

  router.post(`${path}/preview`, jsonBody(TEMPLATE_BODY_LIMIT), async (req: Request, res: AdminResponse) => {
    const { kind, language } = await keyOf(req);
    const input: unknown = req.body;
    const preview = await attempt(() =>
      previewMailTemplate({ kind, language, input, publicUrl: config.publicUrl }),
    );
    res.json({ preview });
  });
}
