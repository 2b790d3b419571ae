/**
 * Uploads of the registration forms: the profile photo (already made small, see resize-photo.ts) and
 * the identity document, both to `POST /api/auth/photo`, which answers the id the registration then
 * carries. The service keeps them before the account exists; an account that is never created leaves
 * them to the service's own clean-up.
 */
import { api } from '../../data/api';

/** The service's limit on one upload. */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

export const DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;

export type UploadKind = 'photo' | 'id_document';
export type Uploaded = { photoId: string; url: string };

export function isDocumentType(type: string): boolean {
  return (DOCUMENT_TYPES as readonly string[]).includes(type);
}

export function uploadFile(file: Blob, kind: UploadKind): Promise<Uploaded> {
  const query = kind === 'photo' ? '' : `?kind=${kind}`;
  return api<Uploaded>(`/api/auth/photo${query}`, { body: file });
}
