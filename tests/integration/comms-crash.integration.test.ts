/**
 * A notification to a segment killed half-way: the service (as `npm start` runs it) and its embedded
 * store are killed with SIGKILL while the broadcast is delivering (batches are spaced out so that
 * the kill lands mid-way), then started again on the same data. The broadcast is resumed at start,
 * and every recipient ends with exactly one notification of it (written once: its first revision,
 * no conflict), in their language or else in French; nobody outside the segment gets one; the
 * record ends complete with every recipient counted as sent.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { announcementNotificationId } from '../../src/domain/comms';
import type { Language } from '../../src/domain/languages';
import type { BroadcastView } from '../../server/services/comms/broadcasts';
import type { SegmentView } from '../../server/services/comms/segments';
import { userDbName } from '../../src/domain/user-db';
import { migrate } from '../../server/store/migrate';
import { announcementsOf, mintAudienceUser } from '../support/comms';
import { killService, startService } from '../support/service-process';
import type { RunningService } from '../support/service-process';
import { browserCall, mintUser } from '../support/sessions';
import { startTestStore } from '../support/test-server';

const RECIPIENTS = 160;
const OUTSIDERS = 6;
const LANGUAGES: Language[] = ['fr', 'en', 'es', 'ru', 'de'];
/** Batches of 25 deliveries, 300 ms apart: about two seconds for the whole broadcast. */
const BATCH_PAUSE_MS = 300;
const TEXTS = {
  fr: { title: 'Maintenance', body: 'Le service sera interrompu dimanche à 3 h.' },
  en: { title: 'Maintenance', body: 'The service will be down on Sunday at 3 am.' },
  de: { title: 'Wartung', body: 'Der Dienst ist am Sonntag um 3 Uhr nicht erreichbar.' },
};

const running: RunningService[] = [];
let dataDir: string;

afterAll(async () => {
  for (const service of running) service.child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const start = async () => {
  const service = await startService({
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    PAYOUT_DAILY_AT: 'off',
    BACKUP_DAILY_AT: 'off',
    BROADCAST_BATCH_PAUSE_MS: String(BATCH_PAUSE_MS),
    API_RATE_LIMIT_PER_MINUTE: '1000000',
  });
  running.push(service);
  return service;
};

/** Polls `read` until it answers; a timeout says what the service printed meanwhile. */
async function until<T>(
  read: () => Promise<T | undefined>,
  service: RunningService,
  what: string,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() - started > 60_000) {
      throw new Error(
        `Timed out waiting for ${what}; the service printed:\n${service.output().slice(-4000)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a notification broadcast killed half-way', () => {
  it('reaches every recipient exactly once after a restart', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sos-expat-comms-crash-'));
    const setup = await startTestStore(dataDir);
    await migrate(setup.store);
    const admin = await mintUser(setup.store, 'comms-admin', 'admin');
    const languageOf = new Map<string, Language>();
    for (let i = 0; i < RECIPIENTS; i++) {
      const uid = `crash-user-${String(i).padStart(3, '0')}`;
      const language = LANGUAGES[i % LANGUAGES.length]!;
      await mintAudienceUser(setup.store, uid, {
        role: i % 4 === 3 ? 'expat' : 'client',
        language,
        country: 'PT',
      });
      languageOf.set(uid, language);
    }
    for (let i = 0; i < OUTSIDERS; i++)
      await mintAudienceUser(setup.store, `crash-outsider-${i}`, { country: 'IT' });
    await setup.store.close();

    const first = await start();
    const call = (service: RunningService, method: string, url: string, body?: unknown) =>
      browserCall(service.url, method, url, admin.cookie, body);
    const segment = (
      (
        await call(first, 'POST', '/api/admin/comms/segments', {
          name: 'Portugal',
          rules: { countries: ['PT'] },
        })
      ).json as { segment: SegmentView }
    ).segment;
    const sent = await call(first, 'POST', '/api/admin/comms/notifications', {
      target: { kind: 'segment', segmentId: segment.id },
      texts: TEXTS,
    });
    expect(sent.status).toBe(202);
    const { id } = (sent.json as { broadcast: BroadcastView }).broadcast;
    const progress = async (service: RunningService) =>
      (
        (await call(service, 'GET', `/api/admin/comms/notifications/${id}`)).json as {
          broadcast: BroadcastView;
        }
      ).broadcast;
    // Killed once some deliveries are made, in the middle of a later batch.
    const before = await until(
      async () => {
        const broadcast = await progress(first);
        return broadcast.counts.sent >= 25 ? broadcast : undefined;
      },
      first,
      'the first deliveries',
    );
    await new Promise((resolve) => setTimeout(resolve, BATCH_PAUSE_MS + 20));
    await killService(first);
    expect(before).toMatchObject({ state: 'sending', total: RECIPIENTS });
    expect(before.counts.sent).toBeLessThan(RECIPIENTS);

    // Started again: the unfinished broadcast is resumed at start and completes.
    const second = await start();
    const done = await until(
      async () => {
        const broadcast = await progress(second);
        return broadcast.state === 'complete' ? broadcast : undefined;
      },
      second,
      'the resumed broadcast to complete',
    );
    expect(second.output()).toContain('[comms] resumed 1 notification broadcast(s)');
    expect(done).toMatchObject({ total: RECIPIENTS, counts: { queued: 0, sent: RECIPIENTS, failed: 0 } });
    second.child.kill('SIGTERM');
    await second.exited;

    const { store } = await startTestStore(dataDir);
    try {
      const noteId = announcementNotificationId(id);
      for (const [uid, language] of languageOf) {
        const notes = await announcementsOf(store, uid);
        expect(
          notes.map((note) => note.id),
          uid,
        ).toEqual([noteId]);
        expect(notes[0]!.params, uid).toEqual(
          language === 'en' || language === 'de' ? TEXTS[language] : TEXTS.fr,
        );
        // Written once: its first revision, and no rival revision beside it.
        const stored = await store.db(userDbName(uid)).get(noteId, { conflicts: true });
        expect(stored._rev, uid).toMatch(/^1-/);
        expect(stored._conflicts, uid).toBeUndefined();
      }
      for (let i = 0; i < OUTSIDERS; i++)
        expect(await announcementsOf(store, `crash-outsider-${i}`)).toEqual([]);
    } finally {
      await store.close();
    }
  }, 240_000);
});
