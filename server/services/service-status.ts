/**
 * Writes the public service status history (`config/service-status`, read by `/statut-service`)
 * from the service's own health: at start, then every hour, it checks the store and records
 * today's state. The rules of a day (worst state kept, admin days untouched, 30 days kept) are in
 * src/domain/service-status.ts; this module only observes and writes.
 *
 * When the store does not answer, nothing can be written: the outage is remembered in memory and
 * written by the first check that reaches the store again, on the day it was seen.
 */
import { CONFIG_IDS } from '../../src/domain/config';
import type { ServiceState, ServiceStatus } from '../../src/domain/config';
import {
  parseServiceStatus,
  recordObservation,
  trimToWindow,
  utcDay,
  withDemoHistory,
  worstState,
} from '../../src/domain/service-status';
import { getOrUndefined, isConflict, replaceDoc, storeHealth } from '../store/store';
import type { Store } from '../store/store';

const CHECK_EVERY_MS = 60 * 60 * 1000;
/** A new day's first check, this long after midnight (UTC). */
const AFTER_MIDNIGHT_MS = 5_000;
/** A store slower than this to answer a health check makes the day degraded. */
const SLOW_STORE_MS = 2_000;
/** Another writer (the admin console) may update the document between our read and our write. */
const WRITE_ATTEMPTS = 3;

type StatusDoc = {
  _id: string;
  _rev?: string;
  type: 'service_status';
  value: ServiceStatus;
  updatedAt: string;
};

/** What one health check saw. */
export type HealthProbe = () => Promise<ServiceState>;

/** The store's answer to a health check: down is an outage, slow is degraded. */
export function storeProbe(store: Store): HealthProbe {
  return async () => {
    const started = performance.now();
    const health = await storeHealth(store);
    if (!health.ok) return 'outage';
    return performance.now() - started > SLOW_STORE_MS ? 'degraded' : 'operational';
  };
}

/**
 * Reads the history, applies `change` (undefined: nothing to write) and writes it back with the
 * time of `now`, again from a fresh read when someone else wrote in between.
 */
export async function updateServiceStatus(
  store: Store,
  now: Date,
  change: (status: ServiceStatus, today: string) => ServiceStatus | undefined,
): Promise<ServiceStatus | undefined> {
  const db = store.db<StatusDoc>('config');
  for (let attempt = 1; ; attempt++) {
    const stored = await getOrUndefined(db, CONFIG_IDS.serviceStatus);
    const next = change(parseServiceStatus(stored?.value).status, utcDay(now));
    if (!next) return undefined;
    try {
      await replaceDoc(store, 'config', {
        _id: CONFIG_IDS.serviceStatus,
        ...(stored ? { _rev: stored._rev } : {}),
        type: 'service_status',
        value: next,
        updatedAt: now.toISOString(),
      });
      return next;
    } catch (error) {
      if (!isConflict(error) || attempt >= WRITE_ATTEMPTS) throw error;
    }
  }
}

/** Demo mode: fills the 29 days before today that have no entry; returns how many it added. */
export async function seedDemoServiceStatus(store: Store, now: Date): Promise<number> {
  let added = 0;
  await updateServiceStatus(store, now, (status, today) => {
    const filled = withDemoHistory(status, today);
    added = filled.added;
    return filled.added > 0 ? filled.status : undefined;
  });
  return added;
}

export type ServiceStatusRecorder = {
  /** Checks and records now (or joins the check under way). */
  checkNow(): Promise<void>;
  /** Stops the hourly checks and waits for the one under way, before the store closes. */
  stop(): Promise<void>;
};

type RecorderOptions = {
  probe?: HealthProbe;
  clock?: () => Date;
  everyMs?: number;
  /** How long after midnight (UTC) a new day's first check comes. */
  afterMidnightMs?: number;
  log?: (message: string) => void;
};

export function startServiceStatusRecorder(
  store: Store,
  options: RecorderOptions = {},
): ServiceStatusRecorder {
  const probe = options.probe ?? storeProbe(store);
  const clock = options.clock ?? (() => new Date());
  const log = options.log ?? ((message: string) => console.warn(`[status] ${message}`));
  /** States seen but not yet written (the store was unreachable), by day. */
  const pending = new Map<string, ServiceState>();
  let running: Promise<void> | undefined;

  const check = async () => {
    const now = clock();
    const today = utcDay(now);
    const observed = await probe().catch((): ServiceState => 'outage');
    pending.set(today, worstState(pending.get(today) ?? observed, observed));
    try {
      await updateServiceStatus(store, now, (status, day) => {
        let next = status;
        for (const [date, state] of pending) next = recordObservation(next, date, state);
        return trimToWindow(next, day);
      });
      pending.clear();
    } catch (error) {
      log(`could not record the service state (${error instanceof Error ? error.message : String(error)})`);
    }
  };

  const checkNow = () => {
    running ??= check().finally(() => {
      running = undefined;
    });
    return running;
  };

  const every = options.everyMs ?? CHECK_EVERY_MS;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /**
   * The next check: within `every`, and a moment after midnight (UTC) whatever the hour, so that the
   * status page knows the new day's state at once rather than up to an hour later.
   */
  const scheduleNext = () => {
    if (stopped) return;
    const now = clock();
    const nextDay = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    const delay = Math.min(every, nextDay - now.getTime() + (options.afterMidnightMs ?? AFTER_MIDNIGHT_MS));
    timer = setTimeout(() => void checkNow().then(scheduleNext), delay);
    timer.unref();
  };

  void checkNow();
  scheduleNext();

  return {
    checkNow,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
