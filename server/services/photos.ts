/**
 * Uploaded images: profile photos and identity documents, one `photo:<id>` document in `accounts`
 * with the file as its attachment. The browser resizes a profile photo before sending it (spec
 * section 5: 200 or 400 px, JPEG 0.8), so the 2 MB bound is generous.
 *
 * A registration form uploads before the account exists: such a photo has no owner until the
 * registration that names it claims it. Unclaimed uploads older than a day are removed (a batch at
 * each upload). Profile photos are public (`GET /api/photos/:id`); identity documents never are.
 */
import { randomBytes } from 'node:crypto';
import { PHOTO_ID_PATTERN } from '../../src/domain/registration';
import { getOrUndefined, isConflict, isNotFound, replaceDoc } from '../store/store';
import type { Store } from '../store/store';
import { logError } from '../log';

export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
const UNCLAIMED_KEEP_MS = 24 * 60 * 60 * 1000;
const ATTACHMENT = 'image';

export type PhotoKind = 'profile' | 'id_document';
export const PHOTO_KINDS: readonly PhotoKind[] = ['profile', 'id_document'];

/** The accepted types of each kind, recognised by their first bytes, not by what the request says. */
const SIGNATURES: { type: string; bytes: number[]; kinds: PhotoKind[] }[] = [
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff], kinds: ['profile', 'id_document'] },
  {
    type: 'image/png',
    bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    kinds: ['profile', 'id_document'],
  },
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], kinds: ['id_document'] },
];

export type PhotoDoc = {
  _id: string;
  _rev?: string;
  type: 'photo';
  id: string;
  kind: PhotoKind;
  /** The account it belongs to; absent while a registration form has not claimed it. */
  owner?: string;
  contentType: string;
  size: number;
  createdAt: string;
  _attachments?: Record<string, { content_type: string; data?: string; stub?: boolean }>;
};

export const photoDocId = (id: string) => `photo:${id}`;
export const photoUrl = (id: string) => `/api/photos/${id}`;

/** The photo id of a stored reference: an id, or the service's own URL of it. */
export function photoIdOf(ref: string | undefined): string | undefined {
  if (!ref) return undefined;
  const id = ref.startsWith('/api/photos/') ? ref.slice('/api/photos/'.length) : ref;
  return PHOTO_ID_PATTERN.test(id) ? id : undefined;
}

/** The content type of these bytes when they are a file of an accepted type for `kind`. */
export function sniffType(bytes: Buffer, kind: PhotoKind): string | undefined {
  const match = SIGNATURES.find((s) => s.bytes.every((b, i) => bytes[i] === b));
  return match && match.kinds.includes(kind) ? match.type : undefined;
}

function photosDb(store: Store) {
  return store.db<PhotoDoc>('accounts');
}

export async function storePhoto(
  store: Store,
  file: { bytes: Buffer; contentType: string; kind: PhotoKind; owner?: string },
  now = new Date(),
): Promise<string> {
  await removeUnclaimedPhotos(store, now).catch((error: unknown) => {
    logError('[photos] could not remove old unclaimed uploads:', error);
  });
  const id = randomBytes(16).toString('hex');
  await photosDb(store).insert({
    _id: photoDocId(id),
    type: 'photo',
    id,
    kind: file.kind,
    ...(file.owner ? { owner: file.owner } : {}),
    contentType: file.contentType,
    size: file.bytes.length,
    createdAt: now.toISOString(),
    _attachments: { [ATTACHMENT]: { content_type: file.contentType, data: file.bytes.toString('base64') } },
  });
  return id;
}

export async function getPhoto(store: Store, id: string): Promise<PhotoDoc | undefined> {
  if (!PHOTO_ID_PATTERN.test(id)) return undefined;
  const doc = await getOrUndefined(photosDb(store), photoDocId(id));
  return doc?.type === 'photo' ? doc : undefined;
}

/**
 * The bytes of a public photo, or undefined. Every profile photo is public, a not yet claimed one
 * too (the registration form previews it); its id is random, so only who uploaded it knows it.
 */
export async function readPublicPhoto(
  store: Store,
  id: string,
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  return readUpload(store, id, 'profile');
}

/**
 * The bytes of an identity document, for the admin console only: the caller has checked that an
 * admin asks (services/admin/kyc.ts).
 */
export async function readIdentityDocument(
  store: Store,
  id: string,
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  return readUpload(store, id, 'id_document');
}

async function readUpload(
  store: Store,
  id: string,
  kind: PhotoKind,
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const doc = await getPhoto(store, id);
  if (!doc || doc.kind !== kind) return undefined;
  try {
    const bytes = (await photosDb(store).attachment.get(doc._id, ATTACHMENT)) as Buffer;
    return { contentType: doc.contentType, bytes };
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/**
 * Gives an upload to an account: it must exist, be of `kind`, and be unclaimed or the account's
 * already. False otherwise (someone else's photo, or an id made up).
 */
export async function claimPhoto(store: Store, id: string, kind: PhotoKind, uid: string): Promise<boolean> {
  const doc = await getPhoto(store, id);
  if (!doc || doc.kind !== kind || (doc.owner && doc.owner !== uid)) return false;
  if (doc.owner === uid) return true;
  try {
    await replaceDoc(store, 'accounts', { ...doc, owner: uid });
    return true;
  } catch (error) {
    if (isConflict(error)) return false;
    throw error;
  }
}

/** Whether an upload may be named by a registration (exists, right kind, nobody's yet). */
export async function isClaimable(store: Store, id: string, kind: PhotoKind): Promise<boolean> {
  const doc = await getPhoto(store, id);
  return !!doc && doc.kind === kind && !doc.owner;
}

/** Gives a claimed photo back (registration failed after claiming it): it is unclaimed again. */
export async function unclaimPhoto(store: Store, id: string, uid: string): Promise<void> {
  const doc = await getPhoto(store, id);
  if (!doc || doc.owner !== uid) return;
  const { owner: _owner, ...rest } = doc;
  await replaceDoc(store, 'accounts', rest);
}

export async function deletePhoto(store: Store, id: string): Promise<void> {
  const doc = await getPhoto(store, id);
  if (!doc?._rev) return;
  try {
    await photosDb(store).destroy(doc._id, doc._rev);
  } catch (error) {
    if (!isNotFound(error) && !isConflict(error)) throw error;
  }
}

/** The ids of every photo and document an account owns. */
export async function photosOf(store: Store, uid: string): Promise<string[]> {
  const { rows } = await photosDb(store).view('photos', 'by_owner', { key: uid });
  return rows.map((row) => row.id.slice('photo:'.length));
}

/** Deletes a batch of uploads no registration claimed within a day. */
export async function removeUnclaimedPhotos(store: Store, now = new Date(), limit = 20): Promise<number> {
  const { rows } = await photosDb(store).view('photos', 'unclaimed_by_time', {
    endkey: new Date(now.getTime() - UNCLAIMED_KEEP_MS).toISOString(),
    limit,
  });
  for (const row of rows) await deletePhoto(store, row.id.slice('photo:'.length));
  return rows.length;
}
