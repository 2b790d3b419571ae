/**
 * Sends what automations have come due (automations.ts records them): once at start and then every
 * `AUTOMATION_INTERVAL_MS`, for each automation switched on, it reads the events that happened
 * between when it was switched on (or a little before where its last run stopped) and `delay` ago
 * (automation-events.ts), and messages each person whose condition still holds now.
 *
 * Exactly once per automation, person and event, whatever runs at once and wherever a crash cuts:
 * - Before anything is sent, the send is claimed: `automation-send:<automation>:<uid>[:<order>]` is
 *   created with its content fixed (address, language, Message-ID). Its id is decided by the fact, not
 *   by a counter: a second run, in this process or another instance, gets a conflict and leaves it;
 *   on a CouchDB cluster the creation is made under the document's lock (store.ts `createDocOnce`).
 * - A mail is claimed `sending` and marked `sent` after the SMTP server's 250, as campaigns do
 *   (campaign-sender.ts), with the same window: a crash between the 250 and the mark sends it again,
 *   with the same Message-ID, at the next start (a claim left `sending` is taken up then, or by any run
 *   once its attempt is older than a lease, so that a live instance's send is not doubled).
 * - A notification is created in the recipient's own database with an id fixed by the automation and
 *   the event: made again, it finds itself there (sender.ts does the same for broadcasts).
 * - Mails are marketing: the suppression list is read just before each one, and each carries the
 *   one-click unsubscribe link and headers (campaign-mail.ts). Notifications are not mail.
 * - The scan's progress (`automation-run:<id>`) only spares re-reading old events; it decides nothing.
 *   Whoever was skipped because their condition no longer held leaves no claim.
 */
import { announcementFor } from '../../../src/domain/comms';
import { campaignTextFor } from '../../../src/domain/comms-campaigns';
import { delayMs } from '../../../src/domain/comms-automations';
import { resolveLanguage } from '../../../src/domain/languages';
import type { NotificationDoc } from '../../../src/domain/mine';
import { userDbName } from '../../../src/domain/user-db';
import type { Config } from '../../config/env';
import { logError, redactText } from '../../log';
import { createDocOnce, getOrUndefined, isNotFound, updateFrom, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { sendMail } from '../mail';
import { storedMailTemplates } from '../mail-compose';
import { campaignMail } from './campaign-mail';
import { dueRecipient, eventsOf } from './automation-events';
import type { AutomationEvent } from './automation-events';
import {
  automationIdOf,
  automationMessageId,
  automationNotificationId,
  automationRunDocId,
  automationSendDocId,
  automationUnsubscribeSource,
} from './automation-records';
import type { AutomationDoc, AutomationRunDoc, AutomationSendDoc } from './automation-records';
import { enabledAutomations } from './automations';
import { commsDb, COMMS_DB } from './records';
import { isSuppressed } from './suppression';
import { unsubscribeKey, unsubscribeToken, unsubscribeUrl } from './unsubscribe-token';
import { marketingMailThrottle } from './mail-throttle';

/** Each run reads again events this far before where the last one stopped (views may lag on a cluster). */
const RESCAN_MS = 3_600_000;
/** A send left `sending` this long is a crashed attempt's: any run takes it up again. */
const LEASE_MS = 15 * 60_000;
/** Attempts at a send whose SMTP server is unreachable or answers "try later", or whose store refuses. */
const ATTEMPTS = 3;
const FAILURE_MAX = 300;

type Send = AutomationSendDoc & { _rev: string };
export type RunOptions = {
  now?: Date;
  /** At start: sends left `sending` by a stop or a crash are made again whatever their age. */
  resumeAll?: boolean;
  /** Asked before each send: true once the service is stopping (what is claimed waits for the next start). */
  stopping?: () => boolean;
};

/** What an SMTP failure says, without anything secret, short enough to show. */
function failureReason(error: unknown): { reason: string; permanent: boolean } {
  const smtp = error as { responseCode?: number; response?: string; code?: string; message?: string };
  const permanent = typeof smtp.responseCode === 'number' && smtp.responseCode >= 500;
  const said = smtp.response ?? [smtp.code, smtp.message].filter(Boolean).join(': ');
  return { reason: redactText(said || 'error').slice(0, FAILURE_MAX), permanent };
}

const later = (a: string, b: string) => (a > b ? a : b);

/**
 * One pass over every automation switched on. Safe to run in several places at once (each send is
 * claimed); the runner below keeps one pass at a time per process all the same.
 */
export async function evaluateAutomations(
  store: Store,
  config: Config,
  { now = new Date(), resumeAll = false, stopping = () => false }: RunOptions = {},
): Promise<void> {
  const throttle = marketingMailThrottle(store, config);
  for (const automation of await enabledAutomations(store)) {
    if (stopping()) return;
    await evaluateOne(store, config, automation, { now, resumeAll, throttle, stopping }).catch(
      (error: unknown) =>
        logError(`[comms] automation ${automationIdOf(automation)} stopped; its next run goes on:`, error),
    );
  }
}

type Context = {
  now: Date;
  resumeAll: boolean;
  throttle: () => Promise<void>;
  stopping: () => boolean;
};

async function evaluateOne(
  store: Store,
  config: Config,
  automation: AutomationDoc,
  context: Context,
): Promise<void> {
  const id = automationIdOf(automation);
  const enabledAt = automation.enabledAt ?? automation.createdAt;
  const until = new Date(context.now.getTime() - delayMs(automation.delay)).toISOString();
  const run = await getOrUndefined(commsDb<AutomationRunDoc>(store), automationRunDocId(id));
  const resumeFrom = run?.scannedUntil
    ? new Date(Date.parse(run.scannedUntil) - RESCAN_MS).toISOString()
    : enabledAt;
  const from = later(enabledAt, resumeFrom);
  const deliver = delivery(store, config, automation, context);
  if (from <= until) {
    for await (const event of eventsOf(store, automation.trigger, from, until)) {
      if (context.stopping()) return; // the scan's progress is not recorded: the next run reads it again
      // Events before it was switched on never count, whatever the view's range.
      if (event.at >= enabledAt) await consider(store, config, automation, event, context, deliver);
    }
  }
  await takeUpOpenSends(store, id, context, deliver);
  await upsertDoc<AutomationRunDoc>(store, COMMS_DB, automationRunDocId(id), (current) => {
    const scanned = from <= until ? later(current?.scannedUntil ?? until, until) : current?.scannedUntil;
    return {
      _id: automationRunDocId(id),
      type: 'automation_run',
      automationId: id,
      lastRunAt: context.now.toISOString(),
      ...(scanned ? { scannedUntil: scanned } : {}),
    };
  });
}

/** Claims and makes the send of one event, unless it was claimed already or is no longer due. */
async function consider(
  store: Store,
  config: Config,
  automation: AutomationDoc,
  event: AutomationEvent,
  { now }: Context,
  deliver: (send: Send) => Promise<void>,
): Promise<void> {
  const automationId = automationIdOf(automation);
  const sendId = automationSendDocId(automationId, event.uid, event.occurrence);
  if (await getOrUndefined(commsDb(store), sendId)) return; // claimed before: open ones are taken up apart
  const account = await dueRecipient(store, automation.trigger, event);
  if (!account || (automation.channel === 'mail' && !account.email)) return;
  const mail = automation.channel === 'mail';
  const suppressed = mail && (await isSuppressed(store, account.email));
  const at = now.toISOString();
  const send: AutomationSendDoc = {
    _id: sendId,
    type: 'automation_send',
    automationId,
    uid: event.uid,
    ...(event.occurrence ? { occurrence: event.occurrence } : {}),
    eventAt: event.at,
    channel: automation.channel,
    ...(mail ? { email: account.email, messageId: automationMessageId(sendId, config.mailFrom) } : {}),
    language: resolveLanguage(account.preferredLanguage),
    state: suppressed ? 'suppressed' : 'sending',
    attempts: suppressed ? 0 : 1,
    attemptAt: at,
    createdAt: at,
  };
  const created = await createDocOnce(store, COMMS_DB, send);
  // Not created: another run claimed it first, and that run sends it.
  if (created && send.state === 'sending') await deliver({ ...send, _rev: created.rev });
}

/** Sends left queued by a temporary failure, or `sending` by a crash (at start, or past the lease). */
async function takeUpOpenSends(
  store: Store,
  automationId: string,
  { now, resumeAll, stopping }: Context,
  deliver: (send: Send) => Promise<void>,
): Promise<void> {
  const { rows } = await commsDb<AutomationSendDoc>(store).view('comms-automations', 'open_sends', {
    startkey: [automationId],
    endkey: [automationId, {}],
    include_docs: true,
  });
  // Decided by the document, never by the row: the row says what the send was when the view was
  // indexed, the document what it is now (another run may have marked it sent in between).
  const open = (send: AutomationSendDoc) =>
    send.state === 'queued' ||
    (send.state === 'sending' && (resumeAll || now.getTime() - Date.parse(send.attemptAt) >= LEASE_MS));
  for (const row of rows) {
    if (stopping()) return;
    const seen = row.doc;
    if (!seen || !open(seen)) continue;
    // Taken by the first to write over what it saw: another run taking it up too finds it changed.
    const taken = await upsertDoc<AutomationSendDoc>(store, COMMS_DB, seen._id, (current) =>
      current && open(current) && current.state === seen.state && current.attemptAt === seen.attemptAt
        ? { ...current, state: 'sending', attempts: current.attempts + 1, attemptAt: now.toISOString() }
        : undefined,
    );
    if (taken?._rev) await deliver(taken as Send);
  }
}

/** Makes one claimed send (a mail, or a notification) and records how it ended. */
function delivery(
  store: Store,
  config: Config,
  automation: AutomationDoc,
  { now, throttle }: Context,
): (send: Send) => Promise<void> {
  const automationId = automationIdOf(automation);
  const mark = (send: Send, change: Partial<AutomationSendDoc>) =>
    updateFrom<AutomationSendDoc>(store, COMMS_DB, send, (current) => {
      if (!current) return undefined;
      const next = { ...current, ...change };
      if (change.state === 'sent') delete next.failure;
      return next;
    });
  const failed = (send: Send, reason: string, permanent: boolean) =>
    mark(send, { state: permanent || send.attempts >= ATTEMPTS ? 'failed' : 'queued', failure: reason });

  return async (send) => {
    if (send.channel !== automation.channel) {
      // Its channel was changed since it was claimed: its texts are no longer those of its kind.
      await failed(send, 'channel changed', true);
      return;
    }
    if (automation.channel === 'notification') {
      const { text } = announcementFor(automation.texts, send.language);
      const id = automationNotificationId(automationId, send.occurrence);
      const notification: NotificationDoc & { _id: string } = {
        _id: id,
        id,
        type: 'notification',
        kind: 'announcement',
        params: { title: text.title, body: text.body },
        isRead: false,
        // The claim's time: the same document whoever writes it, whenever.
        createdAt: send.createdAt,
        updatedAt: send.createdAt,
      };
      try {
        await createDocOnce(store, userDbName(send.uid), notification); // there already: made before
      } catch (error) {
        if (isNotFound(error)) return void (await failed(send, 'recipient_gone', true));
        logError(`[comms] automation notification ${send._id} refused by the store:`, error);
        return void (await failed(send, 'store_error', false));
      }
      await mark(send, { state: 'sent', sentAt: now.toISOString() });
      return;
    }
    const email = send.email ?? '';
    if (await isSuppressed(store, email)) return void (await mark(send, { state: 'suppressed' }));
    const { language, text } = campaignTextFor(automation.texts, send.language);
    const key = await unsubscribeKey(store, config);
    const source = automationUnsubscribeSource(automationId);
    const link = unsubscribeUrl(config, unsubscribeToken(key, { email, campaignId: source, language }));
    await throttle();
    try {
      await sendMail(config, {
        kind: 'automation',
        to: email,
        ...(send.messageId ? { messageId: send.messageId } : {}),
        ...campaignMail(
          language,
          text,
          link,
          undefined,
          await storedMailTemplates(store)('campaign', language),
        ),
      });
    } catch (error) {
      const { reason, permanent } = failureReason(error);
      await failed(send, reason, permanent);
      return;
    }
    await mark(send, { state: 'sent', sentAt: new Date().toISOString() });
  };
}

export type AutomationRunner = {
  /** One pass now (a pass under way is awaited instead of starting a second one). */
  runNow(options?: RunOptions): Promise<void>;
  /** A pass at once (taking up what a crash left `sending`), then one every interval. */
  start(): void;
  /** No new pass starts; resolves once the one under way is done. */
  stop(): Promise<void>;
};

const runners = new WeakMap<Store, AutomationRunner>();

/** The automation runner of `store` (one per store in a process). */
export function automationRunner(store: Store, config: Config): AutomationRunner {
  let runner = runners.get(store);
  if (!runner) runners.set(store, (runner = createRunner(store, config)));
  return runner;
}

function createRunner(store: Store, config: Config): AutomationRunner {
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const runNow = (options: RunOptions = {}) => {
    running ??= evaluateAutomations(store, config, { stopping: () => stopped, ...options })
      .catch((error: unknown) => logError('[comms] automations run failed; the next one goes on:', error))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void runNow().finally(schedule), config.automations.intervalMs);
    timer.unref();
  };

  return {
    runNow,
    start() {
      void runNow({ resumeAll: true }).finally(schedule);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
