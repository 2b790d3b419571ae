/**
 * The service status recorder on a real embedded store: it writes today's state into the public
 * `config` database, which the gateway serves to everyone; an outage seen while the store was
 * unreachable is written once it answers again; an admin's day and the 30-day limit hold; the demo
 * history fills only the missing days.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoServiceStatus, startServiceStatusRecorder } from '../../server/services/service-status';
import { getOrUndefined } from '../../server/store/store';
import type { Store } from '../../server/store/store';
import { CONFIG_IDS } from '../../src/domain/config';
import type { ServiceStatus } from '../../src/domain/config';
import { SERVICE_STATUS_DAYS } from '../../src/domain/constants';
import { addDays, isServiceStatus, utcDay } from '../../src/domain/service-status';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

type StatusDoc = { _id: string; _rev?: string; type: string; value: ServiceStatus; updatedAt: string };

let server: TestServer;
const logs: string[] = [];
const log = (message: string) => logs.push(message);

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

afterEach(async () => {
  logs.length = 0;
  const db = server.store.db<StatusDoc>('config');
  const doc = await getOrUndefined(db, CONFIG_IDS.serviceStatus);
  if (doc) await db.destroy(doc._id, doc._rev);
});

async function stored(): Promise<StatusDoc | undefined> {
  return getOrUndefined(server.store.db<StatusDoc>('config'), CONFIG_IDS.serviceStatus);
}

async function write(value: ServiceStatus) {
  await server.store.db<StatusDoc>('config').insert({
    _id: CONFIG_IDS.serviceStatus,
    type: 'service_status',
    value,
    updatedAt: new Date().toISOString(),
  });
}

/** Records once and stops, as a start of the service followed by a stop would. */
async function recordOnce(store: Store = server.store) {
  const recorder = startServiceStatusRecorder(store, { log });
  await recorder.checkNow();
  await recorder.stop();
}

/** The same store, except that while `down.now` is true nothing answers. */
function flakyStore(down: { now: boolean }): Store {
  const unreachable = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5984'));
  const { store } = server;
  const answering = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, key, receiver) {
        const value: unknown = Reflect.get(object, key, receiver);
        return down.now && typeof value === 'function' ? unreachable : value;
      },
    });
  return { ...store, server: answering(store.server), db: (name) => answering(store.db(name)) };
}

describe('the service status recorder', () => {
  it("records today's state, served to anyone by the public config database", async () => {
    await recordOnce();
    const today = utcDay(new Date());
    const response = await fetch(`${server.url}/db/config/${CONFIG_IDS.serviceStatus}`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as StatusDoc;
    expect(doc.type).toBe('service_status');
    expect(doc.value.days).toEqual([{ date: today, state: 'operational', source: 'monitor' }]);
    expect(isServiceStatus(doc.value)).toBe(true);
    expect(Date.now() - Date.parse(doc.updatedAt)).toBeLessThan(60_000);

    const changes = await fetch(`${server.url}/db/config/_changes?include_docs=true`);
    const ids = ((await changes.json()) as { results: { id: string }[] }).results.map((r) => r.id);
    expect(ids).toContain(CONFIG_IDS.serviceStatus);
  });

  it('records the new day a moment after midnight (UTC), not at the next hourly check', async () => {
    // A clock a second before midnight, running at the real pace.
    const midnight = Date.parse('2026-11-30T00:00:00.000Z');
    const started = Date.now();
    const clock = () => new Date(midnight - 1_000 + (Date.now() - started));
    const recorder = startServiceStatusRecorder(server.store, { log, clock, afterMidnightMs: 100 });
    try {
      const recorded = async () => (await stored())?.value.days.map((day) => day.date) ?? [];
      await expect.poll(recorded, { timeout: 10_000 }).toEqual(['2026-11-29', '2026-11-30']);
    } finally {
      await recorder.stop();
    }
  });

  it('writes an outage seen while the store was unreachable once it answers, and keeps it for the day', async () => {
    const down = { now: true };
    const recorder = startServiceStatusRecorder(flakyStore(down), { log });
    await recorder.checkNow();
    expect(await stored()).toBeUndefined();
    expect(logs.join('\n')).toContain('could not record the service state');

    down.now = false;
    await recorder.checkNow();
    await recorder.checkNow();
    await recorder.stop();
    expect((await stored())?.value.days).toEqual([
      { date: utcDay(new Date()), state: 'outage', source: 'monitor' },
    ]);
  });

  it('never changes a day an admin set, and keeps only the last 30 days', async () => {
    const today = utcDay(new Date());
    await write({
      days: [
        { date: addDays(today, -45), state: 'outage', source: 'monitor' },
        { date: addDays(today, -SERVICE_STATUS_DAYS), state: 'degraded', source: 'admin' },
        { date: addDays(today, -3), state: 'degraded', source: 'monitor' },
        { date: today, state: 'maintenance', source: 'admin' },
      ],
    });
    await recordOnce();
    expect((await stored())?.value.days).toEqual([
      { date: addDays(today, -3), state: 'degraded', source: 'monitor' },
      { date: today, state: 'maintenance', source: 'admin' },
    ]);
  });
});

describe('the demo service status', () => {
  it('fills the 29 days before today once, around what is already recorded', async () => {
    const now = new Date();
    const today = utcDay(now);
    const yesterday = addDays(today, -1);
    await write({ days: [{ date: yesterday, state: 'outage', source: 'admin' }] });

    expect(await seedDemoServiceStatus(server.store, now)).toBe(SERVICE_STATUS_DAYS - 2);
    const first = await stored();
    expect(first?.value.days).toHaveLength(SERVICE_STATUS_DAYS - 1);
    expect(first?.value.days.find((d) => d.date === yesterday)).toEqual({
      date: yesterday,
      state: 'outage',
      source: 'admin',
    });
    expect(new Set(first?.value.days.map((d) => d.state))).toEqual(
      new Set(['operational', 'degraded', 'maintenance', 'outage']),
    );

    expect(await seedDemoServiceStatus(server.store, now)).toBe(0);
    expect((await stored())?._rev).toBe(first?._rev);

    await recordOnce();
    const days = (await stored())!.value.days;
    expect(days).toHaveLength(SERVICE_STATUS_DAYS);
    expect(days.at(-1)).toEqual({ date: today, state: 'operational', source: 'monitor' });
  });
});
