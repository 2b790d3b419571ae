/**
 * The documents of automations, in the server-only `comms` database beside campaigns (records.ts):
 *
 * - `automation:<id>`: an automation as the console edits it: trigger, delay, channel, texts, switch
 *   (`enabled`, and `enabledAt`, when it was last switched on: only events from then count).
 * - `automation-run:<id>`: what the runner last did for it (when, and up to which event time it has
 *   looked), written by the runner only, so that an admin's edit never meets the runner's writes
 *   (the console's stale-save check compares the automation's revision).
 * - `automation-send:<automationId>:<uid>[:<occurrence>]`: one message to one person for one event
 *   (one fact each, its id fixed by the automation, the person and, for an event that can happen to
 *   them again, the event: the failed order's id). Created once before anything is sent: a second
 *   creation of the same id is a conflict, so whoever created it is the one who sends.
 */
import type {
  AutomationChannel,
  AutomationSendState,
  AutomationView,
} from '../../../src/domain/comms-automations';
import type { Language } from '../../../src/domain/languages';

/** Omit over each member of a union (the texts' shape follows the channel). */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type AutomationDoc = OmitEach<AutomationView, 'id' | 'rev'> & {
  _id: string;
  _rev?: string;
  type: 'automation';
};

export type AutomationRunDoc = {
  _id: string;
  _rev?: string;
  type: 'automation_run';
  automationId: string;
  lastRunAt: string;
  /** Events up to this time have been looked at (the next run starts a little before it). */
  scannedUntil?: string;
};

export type AutomationSendDoc = {
  _id: string;
  _rev?: string;
  type: 'automation_send';
  automationId: string;
  uid: string;
  occurrence?: string;
  /** When the event happened (sign-up, failure, approval). */
  eventAt: string;
  channel: AutomationChannel;
  /** Mail: the address and the Message-ID, fixed when the send is claimed. */
  email?: string;
  messageId?: string;
  language: Language;
  state: AutomationSendState;
  attempts: number;
  /** When the latest attempt began: a `sending` left long after it is a crash's, tried again. */
  attemptAt: string;
  failure?: string;
  createdAt: string;
  sentAt?: string;
};

const AUTOMATION = 'automation:';
export const automationDocId = (id: string) => `${AUTOMATION}${id}`;
export const automationIdOf = (doc: { _id: string }) => doc._id.slice(AUTOMATION.length);
export const automationRunDocId = (id: string) => `automation-run:${id}`;
export const automationSendDocId = (automationId: string, uid: string, occurrence?: string) =>
  `automation-send:${automationId}:${uid}${occurrence ? `:${occurrence}` : ''}`;

/** A fixed Message-ID per send, so that a mail sent again after a crash is the same message. */
export function automationMessageId(sendDocId: string, mailFrom: string): string {
  const domain = /@([^\s@<>]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'localhost';
  return `<${sendDocId.replace(/:/g, '.')}@${domain}>`;
}

/**
 * The notification in the recipient's own database: one id per automation and event, so that a send
 * made again finds it there instead of writing a second one (its schema allows 100 characters).
 */
export const automationNotificationId = (automationId: string, occurrence?: string) =>
  `notification:auto:${automationId}${occurrence ? `:${occurrence}` : ''}`;

/**
 * The campaign field of the unsubscribe token (letters, digits and dashes, 40 at most): it says which
 * message the address was unsubscribed from, on the suppression list.
 */
export const automationUnsubscribeSource = (automationId: string) => `auto-${automationId}`;
