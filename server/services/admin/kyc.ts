/**
 * Providers' identity verification (admin console, "kyc/providers"): the identity record a lawyer
 * or expat gave at registration (`kyc:<uid>` in `admin`), its document streamed to admins only,
 * and its status (pending, verified, rejected with a reason) set by an admin.
 *
 * Bank details never leave this module whole: every view masks them (`maskTail`), so no admin
 * answer nor audit entry carries them. A status decision is a compare-and-swap on the record that
 * counts decisions (`statusVersion`); the audit entry is keyed on it, so a request sent twice, or
 * two admins at once, write one entry per actual change.
 */
import type { StoredAccount } from '../accounts';
import { accountIds } from '../../../src/domain/account';
import type { KycStatus, KycView } from '../../../src/domain/kyc';
import { maskTail } from '../../../src/domain/kyc';
import { getOrUndefined, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { getPhoto, readIdentityDocument } from '../photos';
import { kycId } from '../registration';
import type { KycDoc } from '../registration';
import { recordAudit } from './audit';
import { docsById } from './docs-by-id';
import type { Page } from './paging';
import { PREFIX_END, scanPage } from './paging';

export class KycNotFound extends Error {
  constructor(readonly uid: string) {
    super(`No identity record for ${uid}`);
    this.name = 'KycNotFound';
  }
}

/** The console's URL of a provider's identity document. */
export const kycDocumentUrl = (uid: string) => `/api/admin/kyc/${encodeURIComponent(uid)}/document`;

const adminDb = (store: Store) => store.db<KycDoc>('admin');

export async function readKycDoc(store: Store, uid: string): Promise<KycDoc | undefined> {
  const doc = await getOrUndefined(adminDb(store), kycId(uid));
  return doc?.type === 'kyc' ? doc : undefined;
}

/** What an admin sees of an identity record: every field, bank details masked. */
export async function kycView(
  store: Store,
  doc: KycDoc,
  account?: Pick<StoredAccount, 'displayName' | 'email'>,
): Promise<KycView> {
  const upload = doc.idDocument ? await getPhoto(store, doc.idDocument) : undefined;
  return {
    uid: doc.uid,
    role: doc.role,
    status: doc.status,
    ...(doc.statusReason ? { statusReason: doc.statusReason } : {}),
    ...(doc.reviewedAt ? { reviewedAt: doc.reviewedAt } : {}),
    ...(doc.reviewedBy ? { reviewedBy: doc.reviewedBy } : {}),
    dateOfBirth: doc.dateOfBirth,
    address: doc.address,
    idNumber: doc.idNumber,
    ...(upload?.kind === 'id_document' && upload.owner === doc.uid
      ? {
          document: {
            id: upload.id,
            contentType: upload.contentType,
            size: upload.size,
            url: kycDocumentUrl(doc.uid),
          },
        }
      : {}),
    bankAccount: maskTail(doc.bankAccountNumber),
    ifsc: maskTail(doc.ifsc),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    ...(account ? { account: { displayName: account.displayName, email: account.email } } : {}),
  };
}

/** One provider's identity record as an admin sees it. */
export async function readKyc(store: Store, uid: string): Promise<KycView> {
  const doc = await readKycDoc(store, uid);
  if (!doc) throw new KycNotFound(uid);
  const account = await getOrUndefined(store.db<StoredAccount>('accounts'), accountIds.account(uid));
  return kycView(store, doc, account);
}

export type KycListQuery = {
  status: KycStatus;
  role?: 'lawyer' | 'expat';
  dir?: 'asc' | 'desc';
  limit?: number;
  token?: string;
};

/** One page of identity records in a status, oldest first (`dir: 'desc'`: newest first). */
export async function listKyc(store: Store, query: KycListQuery): Promise<Page<KycView>> {
  const descending = query.dir === 'desc';
  const low = [query.status];
  const high = [query.status, PREFIX_END];
  const page = await scanPage<KycDoc, KycDoc>(adminDb(store), {
    view: 'kyc/by_status',
    startkey: descending ? high : low,
    endkey: descending ? low : high,
    descending,
    limit: query.limit,
    token: query.token,
    pick: (doc) => (doc.type === 'kyc' && (!query.role || doc.role === query.role) ? doc : undefined),
  });
  const accounts = await docsById<StoredAccount>(
    store,
    'accounts',
    page.items.map((doc) => accountIds.account(doc.uid)),
  );
  const items = await Promise.all(
    page.items.map((doc) => kycView(store, doc, accounts.get(accountIds.account(doc.uid)))),
  );
  return { items, ...(page.next ? { next: page.next } : {}) };
}

export type KycDecision = { uid: string; status: KycStatus; reason?: string; by: string; now?: Date };

/**
 * Sets the status of a provider's identity record. `changed` is false when it already had that
 * status (with that reason): nothing is written nor audited again.
 */
export async function setKycStatus(
  store: Store,
  { uid, status, reason, by, now = new Date() }: KycDecision,
): Promise<{ kyc: KycView; changed: boolean }> {
  const at = now.toISOString();
  const text = reason?.trim() || undefined;
  const written = await upsertDoc<KycDoc>(store, 'admin', kycId(uid), (current) => {
    if (!current || current.type !== 'kyc') throw new KycNotFound(uid);
    if (current.status === status && current.statusReason === text) return undefined;
    const { statusReason: _old, ...rest } = current;
    return {
      ...rest,
      status,
      ...(text ? { statusReason: text } : {}),
      previousStatus: current.status,
      statusVersion: (current.statusVersion ?? 0) + 1,
      reviewedAt: at,
      reviewedBy: by,
      updatedAt: at,
    };
  });
  const doc = written ?? (await readKycDoc(store, uid));
  if (!doc) throw new KycNotFound(uid);
  if (doc.statusVersion) {
    // Again on a retry: the key makes it one entry per decision, written even if a stop came first.
    await recordAudit(store, {
      actor: doc.reviewedBy ?? by,
      action: 'kyc_status',
      subject: { kind: 'kyc', id: uid },
      before: { status: doc.previousStatus ?? 'pending' },
      after: { status: doc.status },
      ...(doc.statusReason ? { reason: doc.statusReason } : {}),
      key: `kyc:${uid}:${doc.statusVersion}`,
      now: new Date(doc.reviewedAt ?? at),
    });
  }
  const account = await getOrUndefined(store.db<StoredAccount>('accounts'), accountIds.account(uid));
  return { kyc: await kycView(store, doc, account), changed: written !== undefined };
}

/** The identity document of a provider, for an admin; undefined when there is none. */
export async function readKycDocument(
  store: Store,
  uid: string,
): Promise<{ contentType: string; bytes: Buffer; filename: string } | undefined> {
  const doc = await readKycDoc(store, uid);
  if (!doc?.idDocument) return undefined;
  const upload = await getPhoto(store, doc.idDocument);
  // Only the document the provider claimed at registration, never another upload named by id.
  if (!upload || upload.owner !== uid) return undefined;
  const file = await readIdentityDocument(store, doc.idDocument);
  if (!file) return undefined;
  const extension =
    file.contentType === 'application/pdf' ? 'pdf' : file.contentType === 'image/png' ? 'png' : 'jpg';
  return { ...file, filename: `identity-${uid}.${extension}` };
}
