/**
 * The legal documents (services/admin/legal-documents.ts):
 * - `GET /api/admin/documents`: every document with its current version, date and titles;
 * - `GET /api/admin/documents/:slug`: one document's current text in each language;
 * - `GET /api/admin/documents/:slug/versions?limit=&token=`: the versions kept, newest first;
 * - `GET /api/admin/documents/:slug/versions/:version`: one kept version's text;
 * - `POST /api/admin/documents/:slug/versions` `{ version, publishedAt, translations: { <lang>:
 *   { title, body } } }`: publishes a new version (201); 400 `validation` with a code per field
 *   (`version: not_greater`, `translations.en.body: too_long`…), 409 `version_taken`; audited.
 * An unknown slug is 404 `not_found`.
 */
import type { Request, Router } from 'express';
import { isLegalSlug, versionNumbers } from '../../../src/domain/legal-documents';
import type { LegalSlug } from '../../../src/domain/legal-documents';
import {
  LegalVersionInvalid,
  LegalVersionTaken,
  legalVersions,
  listLegalDocuments,
  publishLegalVersion,
  readLegalDocument,
  readLegalVersion,
} from '../../services/admin/legal-documents';
import { ApiError } from '../errors';
import { jsonBody } from '../json-body';
import { withPageToken } from './audit';
import type { AdminContext, AdminResponse } from './index';
import { listQuery } from './list-query';

/** Five titles and bodies at the content schema's limits, in UTF-8 (up to 3 bytes a character). */
const PUBLISH_BODY_LIMIT = '2mb';

function slugOf(req: Request): LegalSlug {
  const slug = req.params.slug;
  if (!isLegalSlug(slug)) throw new ApiError(404, 'not_found', 'No such legal document.');
  return slug;
}

export function documentRoutes(router: Router, { store }: AdminContext): void {
  router.get('/admin/documents', async (_req: Request, res: AdminResponse) => {
    res.json({ items: await listLegalDocuments(store) });
  });

  router.get('/admin/documents/:slug', async (req: Request, res: AdminResponse) => {
    res.json({ document: await readLegalDocument(store, slugOf(req)) });
  });

  router.get('/admin/documents/:slug/versions', async (req: Request, res: AdminResponse) => {
    const slug = slugOf(req);
    const { limit, token } = listQuery(req, ['version'] as const, { dir: 'desc' });
    res.json(await withPageToken(() => legalVersions(store, slug, { limit, token })));
  });

  router.get('/admin/documents/:slug/versions/:version', async (req: Request, res: AdminResponse) => {
    const slug = slugOf(req);
    const version = String(req.params.version);
    const found = versionNumbers(version) ? await readLegalVersion(store, slug, version) : undefined;
    if (!found) throw new ApiError(404, 'not_found', 'No such version of this document.');
    res.json({ version: found });
  });

  router.post(
    '/admin/documents/:slug/versions',
    jsonBody(PUBLISH_BODY_LIMIT),
    async (req: Request, res: AdminResponse) => {
      const slug = slugOf(req);
      try {
        const document = await publishLegalVersion(store, { slug, input: req.body, by: res.locals.adminUid });
        res.status(201).json({ document });
      } catch (error) {
        if (error instanceof LegalVersionInvalid) {
          throw new ApiError(400, 'validation', 'The new version is not valid.', { fields: error.fields });
        }
        if (error instanceof LegalVersionTaken) {
          throw new ApiError(409, 'version_taken', error.message, { fields: { version: 'not_greater' } });
        }
        throw error;
      }
    },
  );
}
