import { createRxDatabase } from 'rxdb';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { describe, expect, it } from 'vitest';
import { createAppDatabase } from '../../src/data/database';
import { configSchema } from '../../src/domain/config';
import { contentSchema } from '../../src/domain/content';
import { mineSchema } from '../../src/domain/mine';
import { outboxSchema } from '../../src/domain/outbox';
import { providerSchema } from '../../src/domain/provider';

/** The `content` schema as an earlier release shipped it: no newest-first key, one index. */
function earlierContentSchema() {
  const { newestFirst: _n, group: _g, ...properties } = contentSchema.properties;
  return {
    ...contentSchema,
    properties,
    required: ['id', 'type', 'language', 'updatedAt'],
    indexes: [['type', 'language', 'id']],
  };
}

describe('the browser database', () => {
  it('opens on IndexedDB through Dexie, whose indexes accept required fields only', async () => {
    // The app falls back to memory when this fails, so a schema Dexie refuses would go unnoticed.
    const db = await createAppDatabase(getRxStorageDexie({ indexedDB, IDBKeyRange }), `dexie-${Date.now()}`, {
      multiInstance: false,
    });
    expect(Object.keys(db.collections).sort()).toEqual(['config', 'content', 'mine', 'outbox', 'providers']);
    await db.remove();
  });
});

describe('opening the database after a release changed a schema', () => {
  it('downloads a changed public collection again and keeps the user’s own documents', async () => {
    const storage = getRxStorageMemory();
    const name = `upgrade-${Date.now()}`;
    const earlier = await createRxDatabase({ name, storage, multiInstance: false });
    const { content, mine } = await earlier.addCollections({
      providers: { schema: providerSchema },
      content: { schema: earlierContentSchema() },
      config: { schema: configSchema },
      mine: { schema: mineSchema },
      outbox: { schema: outboxSchema },
    });
    await content.insert({ id: 'faq:fr:old', type: 'faq', language: 'fr', updatedAt: '2025-01-01' });
    const now = new Date().toISOString();
    await mine.insert({
      id: 'favourite:p1',
      type: 'favourite',
      providerId: 'p1',
      createdAt: now,
      updatedAt: now,
    } as never);
    await earlier.close();

    const upgraded = await createAppDatabase(storage, name, { multiInstance: false });
    expect(await upgraded.content.count().exec()).toBe(0);
    expect((await upgraded.mine.findOne('favourite:p1').exec())?.get('providerId')).toBe('p1');
    await upgraded.content.insert({
      id: 'faq:fr:new',
      type: 'faq',
      language: 'fr',
      group: '',
      newestFirst: 1,
      updatedAt: now,
    });
    expect(await upgraded.content.count().exec()).toBe(1);
    await upgraded.remove();
  });
});
