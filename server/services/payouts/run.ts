/**
 * The payout run: pays every provider's positive balance, per currency, as one payout each for the
 * run's UTC day (pay-one.ts). One run at a time per store (run-lock.ts); a run left unfinished by a
 * crash is resumed at start (`resume`) and before any new run. A run first carries on the payouts an
 * earlier run left pending, then opens the day's payouts from the balances; a provider already paid
 * that day is not paid again until the next day, whatever the balance view says.
 *
 * Each provider paid is told by mail (payout-mailing.ts), once per payout; a run also sends the
 * mails earlier runs left (a crash, an SMTP server down). A mail never holds a payout back.
 *
 * The runner is shared by every caller of the same store (the console and the daily schedule).
 */
import { randomBytes } from 'node:crypto';
import type { Currency } from '../../../src/domain/config';
import type { PayoutRunSummary, PayoutRunTrigger, PayoutState } from '../../../src/domain/payouts';
import type { PaymentGateway } from '../../adapters/payments/types';
import type { Config } from '../../config/env';
import { logError } from '../../log';
import { upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { positiveBalances } from './balances';
import { refreshAllEarnings } from './earnings';
import { carryOut, openPayout } from './pay-one';
import type { PayoutDeps } from './pay-one';
import { payoutMailer } from './payout-mailing';
import { PAYOUTS_DB, runDocId } from './records';
import type { PayoutDoc, PayoutRunDoc, PayoutRunLock } from './records';
import { payoutsOfRun, pendingPayouts } from './run-scans';
import { runView, summarise } from './run-summary';
import { claimRunLock, heartbeat, readRunLock, releaseRunLock, takeOverRunLock } from './run-lock';

export class PayoutRunBusy extends Error {
  constructor() {
    super('A payout run is already under way.');
    this.name = 'PayoutRunBusy';
  }
}

export type RunRequest = {
  trigger: PayoutRunTrigger;
  actor: string;
  /** Called once the run holds the lock, before any money moves (the console's audit entry). */
  onStarted?: (run: { runId: string; day: string; startedAt: string }) => Promise<void>;
};

export type PayoutRunner = {
  run(request: RunRequest): Promise<PayoutRunSummary>;
  /** Finishes a run a crash left unfinished (at start); answers its summary, if there was one. */
  resume(): Promise<PayoutRunSummary | undefined>;
  running(): boolean;
};

const runners = new WeakMap<Store, PayoutRunner>();

/** The runner of `store` (the same one for every caller). */
export function payoutRunner(
  store: Store,
  gateway: PaymentGateway,
  config: Config,
  now = () => new Date(),
): PayoutRunner {
  let runner = runners.get(store);
  if (!runner) runners.set(store, (runner = createRunner({ store, gateway, config, now })));
  return runner;
}

function createRunner(deps: PayoutDeps): PayoutRunner {
  const { store, now } = deps;
  let current: Promise<unknown> | undefined;

  /** Carries the run of `lock` out to its end: every payout it makes or finishes, then its summary. */
  async function execute(lock: PayoutRunLock): Promise<PayoutRunSummary> {
    const base = {
      runId: lock.runId,
      day: lock.day,
      trigger: lock.trigger,
      actor: lock.actor,
      startedAt: lock.startedAt,
    };
    await upsertDoc<PayoutRunDoc>(store, PAYOUTS_DB, runDocId(lock.runId), (doc) =>
      doc
        ? undefined
        : {
            _id: runDocId(lock.runId),
            type: 'payout_run',
            ...summarise({ ...base, state: 'running', payouts: [] }),
          },
    );
    const done = new Map<string, PayoutDoc>();
    const mailer = payoutMailer(deps);
    const settle = async (doc: PayoutDoc) => {
      // A transfer that got no answer stays pending for the next run; the others go on meanwhile.
      const settled = await carryOut(deps, doc).catch((error: unknown) => {
        logError(`[payouts] payout ${doc._id} stays pending`, error);
        return doc;
      });
      done.set(settled._id, settled);
      await mailer.mail(settled);
      await heartbeat(store, lock.runId, now());
    };
    for await (const doc of pendingPayouts(store)) await settle(doc);
    for await (const balance of positiveBalances(store)) {
      const target = { day: lock.day, runId: lock.runId, amount: balance.balance, ...balance };
      const opened = await openPayout(deps, target);
      // Opened by an earlier run of the day: paid already (or to be paid from its own amount).
      if (opened && (opened.created || opened.doc.state === 'pending')) await settle(opened.doc);
    }
    // Mails that a crash, or an SMTP server that failed, left unsent (this run's and earlier runs').
    await mailer.mailLeftOver(() => heartbeat(store, lock.runId, now()));
    // A resumed run's summary also lists what it paid before it was stopped.
    for await (const doc of payoutsOfRun(store, lock)) if (!done.has(doc._id)) done.set(doc._id, doc);
    const finished = summarise({
      ...base,
      state: 'finished',
      finishedAt: now().toISOString(),
      payouts: [...done.values()].map((doc) => ({
        id: doc._id,
        providerId: doc.providerId,
        currency: doc.currency as Currency,
        amount: doc.amount,
        state: doc.state as PayoutState,
        ...(doc.reason ? { reason: doc.reason } : {}),
      })),
    });
    await upsertDoc<PayoutRunDoc>(store, PAYOUTS_DB, runDocId(lock.runId), (doc) =>
      doc?.state === 'finished' ? undefined : { _id: runDocId(lock.runId), type: 'payout_run', ...finished },
    );
    await releaseRunLock(store, lock.runId);
    // Every provider's dashboard, once more from the books (catches any projection that failed).
    await refreshAllEarnings(store, now);
    return runView(finished);
  }

  /** Resumes a dead run, if its lock can be taken over. */
  async function resumeDead(atStart: boolean): Promise<PayoutRunSummary | undefined> {
    const lock = await takeOverRunLock(store, now(), { atStart, runningHere: false });
    return lock ? execute(lock) : undefined;
  }

  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    if (current) return Promise.reject(new PayoutRunBusy());
    // Cleared before anyone awaiting the promise goes on, so that they find the runner free.
    const promise = work().finally(() => (current = undefined));
    current = promise;
    return promise;
  }

  /**
   * The look for a dead run at start (and the run it resumes): a run asked for meanwhile (the console
   * is open while the service restarts) starts once it is over rather than being refused.
   */
  let startup: Promise<unknown> | undefined;

  return {
    running: () => current !== undefined,

    resume: () => {
      const resumed = exclusive(() => resumeDead(true));
      startup = resumed.catch(() => undefined);
      return resumed;
    },

    run: async (request) => {
      await startup;
      return exclusive(async () => {
        await resumeDead(false);
        const startedAt = now().toISOString();
        const runId = `${startedAt}-${randomBytes(4).toString('hex')}`;
        const lock = {
          runId,
          day: startedAt.slice(0, 10),
          trigger: request.trigger,
          actor: request.actor,
          startedAt,
        };
        if (!(await claimRunLock(store, lock))) throw new PayoutRunBusy();
        await request.onStarted?.(lock);
        const held = await readRunLock(store);
        if (!held || held.runId !== runId) throw new PayoutRunBusy();
        return execute(held);
      });
    },
  };
}
