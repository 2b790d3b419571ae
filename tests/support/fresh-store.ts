/**
 * Before each integration test file on a real CouchDB (TEST_STORE=couchdb): every database of the
 * previous file is deleted, so that each file starts on a store as fresh as its own embedded one
 * would be (files run one at a time: vitest.config.ts). Nothing happens on the embedded store.
 */
import { testCouchdbUrl } from './store-selection';

const url = testCouchdbUrl();
if (url) {
  const parsed = new URL(url);
  const authorization = `Basic ${Buffer.from(
    `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`,
  ).toString('base64')}`;
  parsed.username = '';
  parsed.password = '';
  const origin = parsed.origin;
  const all = (await (await fetch(`${origin}/_all_dbs`, { headers: { authorization } })).json()) as string[];
  // System databases stay (`_users`, `_replicator`, `_global_changes` the live feeds need).
  const ours = all.filter((name) => !name.startsWith('_'));
  for (let i = 0; i < ours.length; i += 8) {
    await Promise.all(
      ours.slice(i, i + 8).map(async (name) => {
        const answer = await fetch(`${origin}/${encodeURIComponent(name)}`, {
          method: 'DELETE',
          headers: { authorization },
        });
        await answer.body?.cancel();
        if (!answer.ok && answer.status !== 404)
          throw new Error(`could not delete ${name}: ${answer.status}`);
      }),
    );
  }
}
