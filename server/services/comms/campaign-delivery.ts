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
 */
import { userDbName } from '../../../src/domain/user-db';
import type { Config } from '../../config/env';
import { redactText } from '../../log';
import { getOrUndefined, updateFrom } from '../../store/store';
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

  /** Mails one recipient (unless suppressed); answers the delivery as it was left. */
  async function deliverOne(record: CampaignDoc, delivery: Delivery, key: string): Promise<Delivery> {
    if (await isSuppressed(store, delivery.email)) return markFrom(delivery, { state: 'suppressed' });
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
    const attempts = (delivery.attempts ?? 0) + 1;
    const sending = await markFrom(delivery, { state: 'sending', attempts, tracked });
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
