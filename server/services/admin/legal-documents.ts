/**
 * The legal documents of the admin console. The current version of a document is what the public
 * page reads: one `legal` item of `content` per language (`legal:<lang>:<slug>`), so a publication
 * reaches every browser by the replication it already runs, and stays readable offline. Every
 * version ever published is also kept whole, in five languages, in `admin`
 * (`legal-version:<slug>:<version key>`, sorted by version), for the console's history.
 *
 * Publishing, in an order that a retry after a failure resumes:
 * 1. the new version is checked against the current one (greater number, date not earlier);
 * 2. the current version is archived if it never was (the seed's, say), then the new one is
 *    recorded; its id is the version, so two admins publishing the same number cannot both win;
 * 3. the seed gives up the document (content-refresh.ts), so that a later seed with reworded
 *    files never overwrites an admin's text, then the five `content` items are written;
 * 4. one audit entry, keyed by the version (a resumed publication records once).
 */
import { newestFirstKey } from '../../../src/domain/content';
import type { ContentDoc } from '../../../src/domain/content';
import { contentIds } from '../../../src/domain/help-centre';
import { LANGUAGES } from '../../../src/domain/languages';
import {
  LEGAL_SLUGS,
  checkLegalVersion,
  compareVersions,
  versionKey,
} from '../../../src/domain/legal-documents';
import type {
  CurrentVersion,
  LegalDocumentSummary,
  LegalDocumentView,
  LegalFieldProblem,
  LegalSlug,
  LegalVersionInput,
  LegalVersionSummary,
  LegalVersionView,
} from '../../../src/domain/legal-documents';
import { releaseSeededContent } from '../../seed/content-refresh';
import { getAccount } from '../accounts';
import { createOnce, getOrUndefined, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { recordAudit } from './audit';
import type { Page } from './paging';
import { PREFIX_END, scanPage } from './paging';

type StoredContent = Omit<ContentDoc, 'id'> & { _id: string; _rev?: string };

/** One version as kept in `admin` (see `LegalVersionView`). */
export type LegalVersionRecord = LegalVersionView & { _id: string; type: 'legal-version' };

export class LegalVersionInvalid extends Error {
  constructor(readonly fields: Record<string, LegalFieldProblem>) {
    super('The new version is not valid.');
    this.name = 'LegalVersionInvalid';
  }
}

/** Another publication took this version number first. */
export class LegalVersionTaken extends Error {
  constructor(readonly version: string) {
    super(`Version ${version} is already published.`);
    this.name = 'LegalVersionTaken';
  }
}

export const legalVersionId = (slug: string, version: string) =>
  `legal-version:${slug}:${versionKey(version)}`;

/** The current items of some documents, by content id (five languages each). */
async function readCurrent(store: Store, slugs: readonly LegalSlug[]): Promise<Map<string, StoredContent>> {
  const ids = slugs.flatMap((slug) => LANGUAGES.map((language) => contentIds.legal(language, slug)));
  const { rows } = await store.db<StoredContent>('content').fetch({ keys: ids });
  const found = new Map<string, StoredContent>();
  for (const row of rows) if (!('error' in row) && row.doc) found.set(row.key, row.doc);
  return found;
}

function view(slug: LegalSlug, items: Map<string, StoredContent>): LegalDocumentView {
  const translations: LegalDocumentView['translations'] = {};
  const titles: LegalDocumentView['titles'] = {};
  let newest: StoredContent | undefined;
  for (const language of LANGUAGES) {
    const doc = items.get(contentIds.legal(language, slug));
    if (!doc) continue;
    translations[language] = {
      title: doc.title ?? '',
      body: doc.body ?? '',
      version: doc.version,
      publishedAt: doc.publishedAt,
    };
    titles[language] = doc.title ?? '';
    if (!newest || compareVersions(doc.version ?? '0', newest.version ?? '0') > 0) newest = doc;
  }
  return {
    slug,
    version: newest?.version,
    publishedAt: newest?.publishedAt,
    updatedAt: newest?.updatedAt,
    titles,
    translations,
  };
}

export async function listLegalDocuments(store: Store): Promise<LegalDocumentSummary[]> {
  const items = await readCurrent(store, LEGAL_SLUGS);
  return LEGAL_SLUGS.map((slug) => {
    const { translations: _t, ...summary } = view(slug, items);
    return summary;
  });
}

export async function readLegalDocument(store: Store, slug: LegalSlug): Promise<LegalDocumentView> {
  return view(slug, await readCurrent(store, [slug]));
}

/** The versions kept of a document, newest first, one page at a time. */
export function legalVersions(
  store: Store,
  slug: LegalSlug,
  page: { limit?: number; token?: string } = {},
): Promise<Page<LegalVersionSummary>> {
  const prefix = `legal-version:${slug}:`;
  return scanPage<LegalVersionRecord, LegalVersionSummary>(store.db<LegalVersionRecord>('admin'), {
    view: '_all_docs',
    descending: true,
    startkey: prefix + PREFIX_END,
    endkey: prefix,
    limit: page.limit,
    token: page.token,
    pick: (doc) => {
      if (doc.type !== 'legal-version') return undefined;
      const { _id: _i, type: _t, translations: _x, ...summary } = doc;
      return summary;
    },
  });
}

/** One kept version in full, or undefined. */
export async function readLegalVersion(
  store: Store,
  slug: LegalSlug,
  version: string,
): Promise<LegalVersionView | undefined> {
  const doc = await getOrUndefined(store.db<LegalVersionRecord>('admin'), legalVersionId(slug, version));
  if (!doc || doc.type !== 'legal-version' || doc.version !== version) return undefined;
  const { _id: _i, _rev: _r, type: _t, ...rest } = doc;
  return rest;
}

/** Publishes a new version of `slug` (see the header); answers the document as it now stands. */
export async function publishLegalVersion(
  store: Store,
  { slug, input, by, now = new Date() }: { slug: LegalSlug; input: unknown; by: string; now?: Date },
): Promise<LegalDocumentView> {
  const before = await readLegalDocument(store, slug);
  const current: CurrentVersion =
    before.version && before.publishedAt
      ? { version: before.version, publishedAt: before.publishedAt }
      : undefined;
  // A retry of a publication cut short finds its version recorded and resumes, even though some
  // languages may already show it (then it is no longer "greater than the current one").
  const shape = checkLegalVersion(input, undefined);
  const resuming =
    shape.ok &&
    compareVersions(shape.value.version, current?.version ?? '0') >= 0 &&
    (await isRecorded(store, slug, shape.value));
  const check = resuming ? shape : checkLegalVersion(input, current);
  if (!check.ok) throw new LegalVersionInvalid(check.fields);
  const next = check.value;
  const at = now.toISOString();

  if (current && !resuming) {
    await createOnce<LegalVersionRecord>(store, 'admin', {
      _id: legalVersionId(slug, current.version),
      type: 'legal-version',
      slug,
      version: current.version,
      publishedAt: current.publishedAt,
      translations: Object.fromEntries(
        Object.entries(before.translations).map(([language, text]) => [
          language,
          { title: text.title, body: text.body },
        ]),
      ),
      publishedBy: 'earlier',
      recordedAt: at,
    });
  }
  const publisher = await getAccount(store, by);
  await claimVersion(store, slug, next, { by, name: publisher?.displayName }, at);

  const ids = LANGUAGES.map((language) => contentIds.legal(language, slug));
  await releaseSeededContent(store, ids, at);
  for (const language of LANGUAGES) {
    const text = next.translations[language];
    await upsertDoc<StoredContent>(store, 'content', contentIds.legal(language, slug), (stored) =>
      // A greater version published meanwhile by someone else stands.
      stored && compareVersions(stored.version ?? '0', next.version) > 0
        ? undefined
        : {
            _id: contentIds.legal(language, slug),
            type: 'legal',
            language,
            slug,
            version: next.version,
            publishedAt: next.publishedAt,
            title: text.title,
            body: text.body,
            group: '',
            newestFirst: newestFirstKey(next.publishedAt),
            updatedAt: at,
          },
    );
  }

  await recordAudit(store, {
    actor: by,
    action: 'legal_publish',
    subject: { kind: 'legal-document', id: slug },
    before: current ?? null,
    after: { version: next.version, publishedAt: next.publishedAt },
    key: `legal-publish:${slug}:${versionKey(next.version)}`,
    now,
  });
  return readLegalDocument(store, slug);
}

/**
 * Records the new version; the same version already recorded with the same texts and date is a
 * retry of this publication, and resumes; with other texts, another admin took the number.
 */
async function claimVersion(
  store: Store,
  slug: LegalSlug,
  next: LegalVersionInput,
  publisher: { by: string; name?: string },
  at: string,
) {
  const record: LegalVersionRecord = {
    _id: legalVersionId(slug, next.version),
    type: 'legal-version',
    slug,
    ...next,
    publishedBy: publisher.by,
    ...(publisher.name ? { publishedByName: publisher.name } : {}),
    recordedAt: at,
  };
  if (await createOnce(store, 'admin', record)) return;
  if (!(await isRecorded(store, slug, next))) throw new LegalVersionTaken(next.version);
}

/** Whether exactly this version (number, date and every text) is already recorded. */
async function isRecorded(store: Store, slug: LegalSlug, next: LegalVersionInput): Promise<boolean> {
  const existing = await getOrUndefined(
    store.db<LegalVersionRecord>('admin'),
    legalVersionId(slug, next.version),
  );
  return (
    !!existing &&
    existing.type === 'legal-version' &&
    existing.version === next.version &&
    existing.publishedAt === next.publishedAt &&
    LANGUAGES.every(
      (language) =>
        existing.translations[language]?.title === next.translations[language].title &&
        existing.translations[language]?.body === next.translations[language].body,
    )
  );
}
