/**
 * The legal documents of the admin console on the real service: only admins read and publish; a new
 * version is checked (greater number, a real date not earlier, every language within the limits)
 * with a code per field; a publication reaches `content` (what browsers replicate), keeps the
 * earlier version, writes one audit entry, and is never overwritten by a later seed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDocuments } from '../../server/seed/content';
import { seededContentRecordId, syncSeededContent } from '../../server/seed/content-refresh';
import { getOrUndefined } from '../../server/store/store';
import { CSRF_HEADER, CSRF_VALUE } from '../../src/domain/account';
import type { ContentDoc } from '../../src/domain/content';
import { contentIds } from '../../src/domain/help-centre';
import { LANGUAGES } from '../../src/domain/languages';
import { LEGAL_BODY_MAX, LEGAL_SLUGS } from '../../src/domain/legal-documents';
import { browserCall, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

type Stored = Omit<ContentDoc, 'id'> & { _id: string; _rev: string };

let server: TestServer;
let admin: TestUser;
let others: TestUser[];

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  admin = await mintUser(server.store, 'doc-admin', 'admin');
  others = [
    await mintUser(server.store, 'doc-client', 'client'),
    await mintUser(server.store, 'doc-lawyer', 'lawyer'),
    await mintUser(server.store, 'doc-expat', 'expat'),
  ];
});

afterAll(async () => {
  await server?.close();
});

const call = (method: string, path: string, cookie = admin.cookie, body?: unknown) =>
  browserCall(server.url, method, path, cookie, body);

/** A full new version: every language, with a marker in each text. */
function newVersion(version: string, publishedAt: string, marker: string) {
  return {
    version,
    publishedAt,
    translations: Object.fromEntries(
      LANGUAGES.map((language) => [
        language,
        { title: `Privacy ${language} ${marker}`, body: `## ${marker}\n\nText ${language} ${marker}.` },
      ]),
    ),
  };
}

/** What a browser replicates: the public `content` database read through the gateway. */
async function pulled(ids: string[]): Promise<Map<string, Stored | undefined>> {
  const response = await fetch(`${server.url}/db/content/_all_docs?include_docs=true`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_VALUE },
    body: JSON.stringify({ keys: ids }),
  });
  expect(response.status).toBe(200);
  const { rows } = (await response.json()) as { rows: { key: string; doc?: Stored | null }[] };
  return new Map(rows.map((row) => [row.key, row.doc ?? undefined]));
}

async function auditOf(slug: string) {
  const answer = await call('GET', `/api/admin/audit?kind=legal-document&id=${slug}`);
  expect(answer.status).toBe(200);
  return (answer.json as { items: { action: string; before: unknown; after: unknown; actor: string }[] })
    .items;
}

const privacyIds = LANGUAGES.map((language) => contentIds.legal(language, 'privacy-policy'));

describe('legal documents in the admin console', () => {
  it('refuses every endpoint to anyone but an admin', async () => {
    const endpoints: [string, string, unknown?][] = [
      ['GET', '/api/admin/documents'],
      ['GET', '/api/admin/documents/privacy-policy'],
      ['GET', '/api/admin/documents/privacy-policy/versions'],
      ['GET', '/api/admin/documents/privacy-policy/versions/2.2'],
      ['POST', '/api/admin/documents/privacy-policy/versions', newVersion('9.0', '2030-01-01', 'intruder')],
    ];
    for (const [method, path, body] of endpoints) {
      expect((await call(method, path, '', body)).json).toMatchObject({ error: { code: 'not_signed_in' } });
      for (const user of others) {
        const answer = await call(method, path, user.cookie, body);
        expect(answer.status, `${method} ${path} as ${user.uid}`).toBe(403);
        expect(answer.json).toMatchObject({ error: { code: 'forbidden' } });
      }
    }
    const stored = await pulled(privacyIds);
    for (const id of privacyIds) expect(stored.get(id)?.version).toBe('2.2');
    expect(await auditOf('privacy-policy')).toEqual([]);
  });

  it('lists every document with its current version, the privacy policy at 2.2 of 16 June 2025', async () => {
    const answer = await call('GET', '/api/admin/documents');
    expect(answer.status).toBe(200);
    const { items } = answer.json as { items: { slug: string; version?: string; publishedAt?: string }[] };
    expect(items.map((item) => item.slug)).toEqual([...LEGAL_SLUGS]);
    expect(items.find((item) => item.slug === 'privacy-policy')).toMatchObject({
      version: '2.2',
      publishedAt: '2025-06-16',
    });
    const one = await call('GET', '/api/admin/documents/privacy-policy');
    expect(one.status).toBe(200);
    const { document } = one.json as {
      document: { version: string; translations: Record<string, { title: string; body: string }> };
    };
    expect(document.version).toBe('2.2');
    expect(Object.keys(document.translations).sort()).toEqual([...LANGUAGES].sort());
    expect(document.translations.fr!.title).toBe('Politique de confidentialité');
    expect((await call('GET', '/api/admin/documents/no-such-page')).status).toBe(404);
    expect((await call('GET', '/api/admin/documents/privacy-policy/versions/9.9')).status).toBe(404);
    expect((await call('GET', '/api/admin/documents/privacy-policy/versions/x')).status).toBe(404);
    expect((await call('GET', '/api/admin/documents/privacy-policy/versions?limit=0')).status).toBe(400);
    expect((await call('GET', '/api/admin/documents/privacy-policy/versions?token=forged')).status).toBe(400);
  });

  it('refuses a bad version with a code per field, and changes nothing', async () => {
    const publish = (body: unknown, slug = 'privacy-policy') =>
      call('POST', `/api/admin/documents/${slug}/versions`, admin.cookie, body);
    const fieldsOf = async (body: unknown) => {
      const answer = await publish(body);
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ error: { code: 'validation' } });
      return (answer.json as { error: { fields: Record<string, string> } }).error.fields;
    };
    expect(await fieldsOf({})).toMatchObject({
      version: 'required',
      publishedAt: 'required',
      'translations.fr.title': 'required',
      'translations.de.body': 'required',
    });
    expect(await fieldsOf(newVersion('2.2', '2025-07-01', 'same'))).toEqual({ version: 'not_greater' });
    expect(await fieldsOf(newVersion('2.1.9', '2025-07-01', 'lower'))).toEqual({ version: 'not_greater' });
    expect(await fieldsOf(newVersion('two', '2025-07-01', 'words'))).toEqual({ version: 'value_invalid' });
    expect(await fieldsOf(newVersion('2.3', '2025-02-30', 'no such day'))).toEqual({
      publishedAt: 'value_invalid',
    });
    expect(await fieldsOf(newVersion('2.3', '2025-06-15', 'earlier'))).toEqual({
      publishedAt: 'before_current',
    });
    const long = newVersion('2.3', '2025-07-01', 'long');
    long.translations.ru = { title: 'x'.repeat(301), body: 'y'.repeat(LEGAL_BODY_MAX + 1) };
    expect(await fieldsOf(long)).toEqual({
      'translations.ru.title': 'too_long',
      'translations.ru.body': 'too_long',
    });
    const missing = newVersion('2.3', '2025-07-01', 'missing');
    delete missing.translations.es;
    expect(await fieldsOf(missing)).toEqual({
      'translations.es.title': 'required',
      'translations.es.body': 'required',
    });
    expect(await fieldsOf({ ...newVersion('2.3', '2025-07-01', 'extra'), author: 'me' })).toEqual({
      author: 'unknown_field',
    });
    expect((await publish(newVersion('2.3', '2025-07-01', 'nowhere'), 'nowhere')).status).toBe(404);

    const stored = await pulled(privacyIds);
    for (const id of privacyIds) expect(stored.get(id)?.version).toBe('2.2');
    expect(await auditOf('privacy-policy')).toEqual([]);
  });

  it('publishes a new version into content, keeps the earlier one, and audits it once', async () => {
    const earlier = (await pulled([contentIds.legal('fr', 'privacy-policy')])).get(
      contentIds.legal('fr', 'privacy-policy'),
    )!;
    const body = newVersion('2.3', '2025-09-01', 'septembre');
    const answer = await call('POST', '/api/admin/documents/privacy-policy/versions', admin.cookie, body);
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ document: { version: '2.3', publishedAt: '2025-09-01' } });

    const stored = await pulled(privacyIds);
    for (const language of LANGUAGES) {
      expect(stored.get(contentIds.legal(language, 'privacy-policy'))).toMatchObject({
        type: 'legal',
        language,
        slug: 'privacy-policy',
        version: '2.3',
        publishedAt: '2025-09-01',
        title: `Privacy ${language} septembre`,
        body: `## septembre\n\nText ${language} septembre.`,
      });
    }

    const versions = await call('GET', '/api/admin/documents/privacy-policy/versions');
    expect(versions.status).toBe(200);
    const { items } = versions.json as { items: { version: string; publishedBy: string }[] };
    expect(items.map((item) => [item.version, item.publishedBy])).toEqual([
      ['2.3', admin.uid],
      ['2.2', 'earlier'],
    ]);
    const kept = await call('GET', '/api/admin/documents/privacy-policy/versions/2.2');
    expect(kept.json).toMatchObject({
      version: {
        version: '2.2',
        publishedAt: '2025-06-16',
        translations: { fr: { title: earlier.title, body: earlier.body } },
      },
    });

    const trail = await auditOf('privacy-policy');
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      actor: admin.uid,
      action: 'legal_publish',
      before: { version: '2.2', publishedAt: '2025-06-16' },
      after: { version: '2.3', publishedAt: '2025-09-01' },
    });

    // The same publication sent again (an answer lost on the way) changes nothing more.
    const again = await call('POST', '/api/admin/documents/privacy-policy/versions', admin.cookie, body);
    expect(again.status).toBe(201);
    expect(await auditOf('privacy-policy')).toHaveLength(1);
    // Another text under the published number is refused.
    const other = await call(
      'POST',
      '/api/admin/documents/privacy-policy/versions',
      admin.cookie,
      newVersion('2.3', '2025-09-01', 'autre'),
    );
    expect(other.json).toMatchObject({ error: { code: 'validation', fields: { version: 'not_greater' } } });
  });

  it('an admin’s version is never overwritten by a later seed with reworded files', async () => {
    // `cookies` on a store seeded before the seed kept records of its writes.
    const cookies = LANGUAGES.map((language) => contentIds.legal(language, 'cookies'));
    const admins = server.store.db('admin');
    for (const id of cookies) {
      const record = await getOrUndefined(admins, seededContentRecordId(id));
      if (record) await admins.destroy(record._id, record._rev);
    }
    const published = await call(
      'POST',
      '/api/admin/documents/cookies/versions',
      admin.cookie,
      newVersion('1.1', '2025-10-01', 'cookies admin'),
    );
    expect(published.status).toBe(201);

    // A later release rewords both documents in its seed files.
    const reworded = contentDocuments(new Date().toISOString()).map((doc) =>
      doc.type === 'legal' && (doc.slug === 'privacy-policy' || doc.slug === 'cookies')
        ? { ...doc, version: '3.0', publishedAt: '2026-01-01', body: `${doc.body}\n\nReworded by the seed.` }
        : doc,
    );
    const sync = await syncSeededContent(server.store, reworded);
    expect(sync).toEqual({ added: 0, updated: 0 });

    const stored = await pulled([...privacyIds, ...cookies]);
    for (const language of LANGUAGES) {
      expect(stored.get(contentIds.legal(language, 'privacy-policy'))).toMatchObject({
        version: '2.3',
        body: `## septembre\n\nText ${language} septembre.`,
      });
      expect(stored.get(contentIds.legal(language, 'cookies'))).toMatchObject({
        version: '1.1',
        body: `## cookies admin\n\nText ${language} cookies admin.`,
      });
    }
    // Nor once a release's files take up the admin's very text, and then change it again.
    const stamp = new Date().toISOString();
    const adopted = contentDocuments(stamp).map((doc) => {
      const mine = stored.get(doc._id);
      return doc.type === 'legal' && doc.slug === 'cookies' && mine
        ? { ...doc, version: mine.version, publishedAt: mine.publishedAt, title: mine.title, body: mine.body }
        : doc;
    });
    expect(await syncSeededContent(server.store, adopted)).toEqual({ added: 0, updated: 0 });
    expect(await syncSeededContent(server.store, reworded)).toEqual({ added: 0, updated: 0 });
    const cookiesNow = await pulled(cookies);
    for (const id of cookies) expect(cookiesNow.get(id)?.version).toBe('1.1');

    // Documents the console never published still follow their files.
    const terms = contentDocuments(new Date().toISOString()).map((doc) =>
      doc.type === 'legal' && doc.slug === 'seo' ? { ...doc, body: `${doc.body}\n\nReworded.` } : doc,
    );
    expect(await syncSeededContent(server.store, terms)).toEqual({ added: 0, updated: 5 });
  });
});
