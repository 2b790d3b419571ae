/**
 * A store seeded by an earlier release gets the corrected wording of the seeded help centre, FAQ,
 * legal pages and testimonials at the next start (here: the no-answer promise, which said "refund"
 * where the card is never charged), as a browser pulls it through the gateway; an item edited or
 * deleted since by someone else than the seed stays as they left it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededContentRecordId } from '../../server/seed/content-refresh';
import { seedDemoData } from '../../server/seed/seed';
import { getOrUndefined } from '../../server/store/store';
import { CSRF_HEADER, CSRF_VALUE } from '../../src/domain/account';
import type { ContentDoc } from '../../src/domain/content';
import { contentIds } from '../../src/domain/help-centre';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

type Stored = Omit<ContentDoc, 'id'> & { _id: string; _rev: string };

/** The words of an earlier release, for an expert who never answered. */
const OLD_ANSWER =
  "Oui, automatiquement, si l'expert ne décroche pas après 3 tentatives : l'appel est marqué comme échoué et le paiement vous est rendu sans aucune démarche, sous 24 heures selon votre banque.";
const OLD_TITLE = 'Der Experte hat nicht abgenommen: automatische Erstattung nach 3 Versuchen';

let server: TestServer;
const content = () => server.store.db<Stored>('content');

beforeAll(async () => {
  server = await startTestServer({ seed: true });
});

afterAll(async () => {
  await server?.close();
});

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

/** Rewrites a stored document as an earlier release (or an admin) left it. */
async function rewrite(id: string, change: (doc: Stored) => Stored) {
  const doc = await content().get(id);
  await content().insert(change(doc));
}

/** A store seeded before the seed kept its records. */
async function forgetSeedRecord(id: string) {
  const admin = server.store.db('admin');
  const record = await getOrUndefined(admin, seededContentRecordId(id));
  if (record) await admin.destroy(record._id, record._rev);
}

describe('seeded content on a store seeded by an earlier release', () => {
  const faq = contentIds.faq('fr', 'refunds');
  const article = contentIds.article('de', 'expert-did-not-answer-refund');
  const edited = contentIds.faq('fr', 'invoice');
  const deleted = contentIds.faq('en', 'invoice');

  it('takes the corrected wording at the next start, and leaves what someone else edited or deleted', async () => {
    const seeded = await pulled([faq, article]);
    expect(seeded.get(faq)?.body).toMatch(
      /^Si l'expert ne décroche pas après 3 tentatives, votre carte n'est pas débitée/,
    );
    expect(seeded.get(article)?.title).toBe(
      'Der Experte hat nicht abgenommen: Ihre Karte wird nicht belastet',
    );

    // The store as the earlier release seeded it: the old promise, and no record of the seed's writes.
    await rewrite(faq, (doc) => ({ ...doc, body: `${OLD_ANSWER}\n\n${(doc.body ?? '').split('\n\n')[1]}` }));
    await rewrite(article, (doc) => ({ ...doc, title: OLD_TITLE }));
    await forgetSeedRecord(faq);
    await forgetSeedRecord(article);
    // Since then, an admin reworded one item and removed another.
    await rewrite(edited, (doc) => ({ ...doc, body: 'Réponse revue par un administrateur.' }));
    const removed = await content().get(deleted);
    await content().destroy(deleted, removed._rev);

    const before = await pulled([faq, article]);
    expect(before.get(faq)?.body).toMatch(/rendu sans aucune démarche/);
    expect(before.get(article)?.title).toBe(OLD_TITLE);

    const restart = await seedDemoData(server.store, new Date());
    expect(restart).toEqual(['2 content documents updated']);

    const after = await pulled([faq, article, edited, deleted]);
    expect(after.get(faq)?.body).toMatch(
      /^Si l'expert ne décroche pas après 3 tentatives, votre carte n'est pas débitée/,
    );
    expect(after.get(faq)?.body).not.toMatch(/rendu sans aucune démarche/);
    expect(after.get(article)?.title).toBe(
      'Der Experte hat nicht abgenommen: Ihre Karte wird nicht belastet',
    );
    expect(after.get(edited)?.body).toBe('Réponse revue par un administrateur.');
    expect(after.get(deleted)).toBeUndefined();

    // A further start changes nothing.
    expect(await seedDemoData(server.store, new Date())).toEqual([]);
  });
});
