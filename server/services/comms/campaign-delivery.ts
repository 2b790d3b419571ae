/**
 * One campaign mail (campaign-sender.ts runs them): the text of the recipient's group and language,
 * in the campaign layout in force for the language (campaign-mail.ts), the unsubscribe link, tracking for an A/B campaign's recipient who consented, the SMTP transaction,
 * and what its end says, classified:
 * - accepted (250): `sent`;
 * - a permanent refusal of the recipient (5xx at RCPT TO): a hard bounce: the address is suppressed
 *   and the fact recorded (mail-events.ts) before the delivery is marked `bounced`, so that a crash
 *   between the two leaves a delivery mailed again on resume, which then finds the address suppressed;
 * - another permanent refusal (5xx at MAIL FROM or DATA: the sender or the message, not the address),
 *   or a temporary one (4xx, unreachable) on the last attempt: `failed`, recorded as a failure;
 * - a temporary one before the last attempt: `queued` again, tried in a later pass.
 * The reasons kept are the SMTP server's answers with secrets redacted.
 *
 * Taken by one sender, whatever runs at once (every instance kicks a scheduled campaign when it comes
 * due, and resumes the unfinished ones at its start): a delivery is claimed `sending` by a write made
 * only if it is still as the sender read it (state, attempts, attempt time); a sender that finds it
 * changed leaves it, counted as not done, and sees how it ended in a later pass. One left `sending` is
 * open again at a sender's start (a crash left it: campaign-sender.ts) or once its attempt is older
 * than a lease, longer than any SMTP transaction lasts (mail.ts's timeouts).
 */
import { userDbName } from '../../../src/domain/user-db';
import type { Config } from '../../config/env';
import { redactText } from '../../log';
import { getOrUndefined, updateFrom, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { sendMail } from '../mail';
import { storedMailTemplates } from '../mail-compose';
import { deliveryText } from './ab-test';
import { campaignMail } from './campaign-mail';
import type { MailTracking } from './campaign-mail';
import { campaignIdOf } from './campaign-records';
import type { CampaignDoc, MailDeliveryDoc } from './campaign-records';
import { recordMailEvent } from './mail-events';
import { COMMS_DB } from './records';
import { isSuppressed } from './suppression';
import { clickToken, clickUrl, openToken, openUrl } from './tracking';
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe-token';

/** Attempts at a mail whose SMTP server is unreachable or answers "try later" (4xx). */
export const ATTEMPTS = 3;
/** A delivery left `sending` this long is a crashed attempt's: any sender takes it up again. */
export const SENDING_LEASE_MS = 2 * 60_000;
/** The longest failure reason kept. */
const FAILURE_MAX = 300;

export type Delivery = MailDeliveryDoc & { _rev: string };

type SmtpFailure = { reason: string; kind: 'hard_bounce' | 'permanent' | 'temporary' };

/** What an SMTP failure says, without anything secret, short enough to show, and what it means. */
export function classifySmtpFailure(error: unknown): SmtpFailure {
  const smtp = error as {
    responseCode?: number;
    response?: string;
    code?: string;
    command?: string;
    message?: string;
  };
  const said = smtp.response ?? [smtp.code, smtp.message].filter(Boolean).join(': ');
  const reason = redactText(said || 'error').slice(0, FAILURE_MAX);
  const permanent = typeof smtp.responseCode === 'number' && smtp.responseCode >= 500;
  // nodemailer names the command refused; a refused recipient is also its EENVELOPE error.
  const atRecipient = smtp.command === 'RCPT TO' || smtp.code === 'EENVELOPE';
  return { reason, kind: permanent ? (atRecipient ? 'hard_bounce' : 'permanent') : 'temporary' };
}

/**
 * Whether a sender may take `delivery` up now: queued, or `sending` left by a crash (`resuming`: this
 * process has just started; otherwise once its attempt is older than the lease).
 */
export function openDelivery(delivery: MailDeliveryDoc, resuming: boolean, now = Date.now()): boolean {
  if (delivery.state === 'queued') return true;
  if (delivery.state !== 'sending') return false;
  const attemptAt = delivery.attemptAt ? Date.parse(delivery.attemptAt) : 0;
  return resuming || now - attemptAt >= SENDING_LEASE_MS;
}

/** Whether `current` is still the delivery a sender read as `seen` (nobody took it up since). */
const unchanged = (current: MailDeliveryDoc, seen: MailDeliveryDoc) =>
  current.state === seen.state &&
  (current.attempts ?? 0) === (seen.attempts ?? 0) &&
  current.attemptAt === seen.attemptAt;

/** Whether the recipient agreed to mail tracking (their settings; none saved: no). */
async function trackingConsent(store: Store, uid: string): Promise<boolean> {
  const settings = await getOrUndefined(
    store.db<{ privacy?: { mailTracking?: unknown } }>(userDbName(uid)),
    'settings',
  );
  return settings?.privacy?.mailTracking === true;
}

export function createDeliverer(store: Store, config: Config, throttle: () => Promise<void>) {
  const templates = storedMailTemplates(store);
  async function markFrom(delivery: Delivery, change: Partial<MailDeliveryDoc>): Promise<Delivery> {
    const written = await updateFrom<MailDeliveryDoc>(store, COMMS_DB, delivery, (current) => {
      if (!current) return undefined;
      const next = { ...current, ...change };
      if (change.state === 'sent') delete next.failure;
      return next;
    });
    return (written ?? { ...delivery, ...change }) as Delivery;
  }

  /**
   * Writes `change` over the delivery if it is still open and as `seen` was; answers it as written,
   * or, taken meanwhile by another sender, as it is now.
   */
  async function take(
    seen: Delivery,
    resuming: boolean,
    change: (current: MailDeliveryDoc) => Partial<MailDeliveryDoc>,
  ): Promise<{ taken: boolean; delivery: Delivery }> {
    let latest: Delivery = seen;
    const written = await upsertDoc<MailDeliveryDoc>(store, COMMS_DB, seen._id, (current) => {
      if (current) latest = current as Delivery;
      return current && unchanged(current, seen) && openDelivery(current, resuming)
        ? { ...current, ...change(current) }
        : undefined;
    });
    return written ? { taken: true, delivery: written as Delivery } : { taken: false, delivery: latest };
  }

  /**
   * Mails one recipient (unless suppressed) if no other sender took the delivery up since it was
   * read; answers the delivery as it was left (or as the other sender holds it).
   */
  async function deliverOne(
    record: CampaignDoc,
    delivery: Delivery,
    key: string,
    resuming: boolean,
  ): Promise<Delivery> {
    if (!openDelivery(delivery, resuming)) return delivery;
    if (await isSuppressed(store, delivery.email))
      return (await take(delivery, resuming, () => ({ state: 'suppressed' }))).delivery;
    const { language, text } = deliveryText(record, delivery);
    const campaignId = campaignIdOf(record);
    const link = unsubscribeUrl(
      config,
      unsubscribeToken(key, { email: delivery.email, campaignId, language }),
    );
    const claim = { campaignId, uid: delivery.uid };
    // Read just before the mail, as the suppression list is: a consent withdrawn meanwhile holds.
    const tracked = record.ab !== undefined && (await trackingConsent(store, delivery.uid));
    const tracking: MailTracking | undefined = tracked
      ? {
          pixel: openUrl(config, openToken(key, claim)),
          link: (index) => clickUrl(config, clickToken(key, { ...claim, link: index })),
        }
      : undefined;
    const mail = campaignMail(language, text, link, tracking, await templates('campaign', language));
    await throttle();
    // Claimed after the wait for the rate: a claim is never older than its SMTP transaction.
    const taking = await take(delivery, resuming, (current) => ({
      state: 'sending',
      attempts: (current.attempts ?? 0) + 1,
      attemptAt: new Date().toISOString(),
      tracked,
    }));
    if (!taking.taken) return taking.delivery;
    const sending = taking.delivery;
    const attempts = sending.attempts ?? 1;
    try {
      await sendMail(config, {
        kind: 'campaign',
        to: delivery.email,
        messageId: delivery.messageId,
        ...mail,
      });
    } catch (error) {
      return failed(sending, classifySmtpFailure(error), attempts);
    }
    return markFrom(sending, { state: 'sent', sentAt: new Date().toISOString() });
  }

  async function failed(delivery: Delivery, failure: SmtpFailure, attempts: number): Promise<Delivery> {
    const { reason, kind } = failure;
    if (kind === 'temporary' && attempts < ATTEMPTS)
      return markFrom(delivery, { state: 'queued', failure: reason });
    const now = new Date();
    await recordMailEvent(
      store,
      {
        kind: kind === 'hard_bounce' ? 'hard_bounce' : 'failure',
        source: 'smtp',
        messageId: delivery.messageId,
        email: delivery.email,
        campaignId: delivery.campaignId,
        uid: delivery.uid,
        at: now.toISOString(),
        detail: reason,
      },
      now,
    );
    return markFrom(delivery, {
      state: kind === 'hard_bounce' ? 'bounced' : 'failed',
      failure: reason,
      failedAt: now.toISOString(),
    });
  }

  return { deliverOne };
}
