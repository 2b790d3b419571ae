/**
 * The start-up migration: every database of `couchdb/databases.json` exists, with its `_security`
 * object and design documents exactly as the files in `couchdb/` say. Idempotent: a second run
 * writes nothing, so a fresh CouchDB cluster and the embedded store end up identical.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  backfillAccountIndex,
  backfillContentKeys,
  backfillListedSpecialties,
  backfillNewProviderRating,
} from './backfill';
import { ensureDatabase, getOrUndefined, isConflict } from './store';
import type { Store } from './store';

const COUCHDB_DIR = fileURLToPath(new URL('../../couchdb/', import.meta.url));

type DatabaseSpec = { name: string; security: string; design: string[] };
type Security = {
  admins: { names: string[]; roles: string[] };
  members: { names: string[]; roles: string[] };
};
type DesignDoc = { _id: string; _rev?: string; [key: string]: unknown };

export type MigrationReport = {
  created: string[];
  securityUpdated: string[];
  designUpdated: string[];
  /** Documents given a field that a later release derives. */
  backfilled: number;
};

async function readJson<T>(relative: string): Promise<T> {
  const parsed = JSON.parse(await readFile(path.join(COUCHDB_DIR, relative), 'utf8')) as T & {
    $comment?: string;
  };
  delete parsed.$comment;
  return parsed;
}

export async function readSecurity(name: string, uid?: string): Promise<Security> {
  const security = await readJson<Security>(`security/${name}.json`);
  if (uid !== undefined) security.members.names = security.members.names.map((n) => n.replace('{uid}', uid));
  return security;
}

export async function migrate(store: Store): Promise<MigrationReport> {
  const { databases } = await readJson<{ databases: DatabaseSpec[] }>('databases.json');
  const report: MigrationReport = { created: [], securityUpdated: [], designUpdated: [], backfilled: 0 };
  for (const spec of databases) {
    if (await ensureDatabase(store, spec.name)) report.created.push(spec.name);
    if (await applySecurity(store, spec.name, await readSecurity(spec.security))) {
      report.securityUpdated.push(spec.name);
    }
    for (const design of spec.design) {
      const doc = await readJson<DesignDoc>(`design/${design}.json`);
      if (await applyDesign(store, spec.name, doc)) report.designUpdated.push(`${spec.name}/${doc._id}`);
    }
  }
  // CouchDB's `_db_updates`, which the gateway's live feeds wait on (store/db-updates.ts), needs
  // this system database; a node set up without it has none. The embedded store serves the feed itself.
  if (store.kind === 'couchdb' && (await ensureDatabase(store, '_global_changes'))) {
    report.created.push('_global_changes');
  }
  report.backfilled =
    (await backfillContentKeys(store)) +
    (await backfillListedSpecialties(store)) +
    (await backfillNewProviderRating(store)) +
    (await backfillAccountIndex(store));
  return report;
}

/** Writes `_security` when it differs from the wanted one; true when written. */
export async function applySecurity(store: Store, dbName: string, wanted: Security): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    const current = await store.server.request({ db: dbName, path: '_security' });
    if (sameJson(current, wanted)) return false;
    try {
      await store.server.request({ db: dbName, path: '_security', method: 'PUT', body: wanted });
      return true;
    } catch (error) {
      // The embedded store answers 409 to a second concurrent write of a database's security (two
      // first checkouts with one demo expert making its stand-in): read again, most likely the same.
      if (!isConflict(error) || attempt >= SECURITY_ATTEMPTS) throw error;
    }
  }
}

const SECURITY_ATTEMPTS = 5;

async function applyDesign(store: Store, dbName: string, wanted: DesignDoc): Promise<boolean> {
  const db = store.db<DesignDoc>(dbName);
  const current = await getOrUndefined(db, wanted._id);
  if (current) {
    const { _rev, ...rest } = current;
    if (sameJson(rest, wanted)) return false;
    await db.insert({ ...wanted, _rev });
  } else {
    await db.insert(wanted);
  }
  return true;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, sortKeys(v)]),
    );
  }
  return value;
}
