/**
 * The mail telling a provider that their payout was sent: once per payout, decided on the payout's
 * own document (`mail`, records.ts) so that every run that could send it (the run that paid it, the
 * same run resumed after a crash, a later run retrying a mail that failed) reads the same record:
 * - a payout opened since this mail exists starts `due`; it is mailed once `paid` (a `manual` payout
 *   is paid by hand from the export, a `failed` one not at all: neither is mailed);
 * - a run marks it `sending`, naming its process, before the SMTP transaction, and `sent` after the
 *   server's 250. Runs hold the run lock (run-lock.ts), so a `sending` mark of another process is a
 *   dead run's: it is sent again, with the same Message-ID (fixed by the payout). As for campaigns, a
 *   crash between the server's 250 and the `sent` mark sends it twice: SMTP cannot be asked whether
 *   it took a message;
 * - a mail that fails is `failed`, tried again by the next run (its `due` view), `abandoned` after
 *   `MAIL_ATTEMPTS`. The marks never touch the payout's own fields (`updatedAt` is the paid time the
 *   provider's dashboard shows): a mail never undoes nor holds back a payout.
 */
import type { Language } from '../../../src/domain/languages';
import { isProviderRole } from '../../../src/domain/mine';
import type { Config } from '../../config/env';
import { logError, redactText } from '../../log';
import { upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { getAccount } from '../accounts';
import { fixedMessageId, sendMail } from '../mail';
import { composeMail, storedMailTemplates } from '../mail-compose';
import { readProfile } from '../profile';
import { builtInPayoutMail, earningsUrl, payoutMailVariables } from './payout-mail';
import { PAYOUTS_DB, payoutsDb } from './records';
import type { PayoutDoc, PayoutMail } from './records';
import { THIS_PROCESS } from './run-lock';

/** Attempts at one payout's mail, over as many runs, before it is given up. */
export const MAIL_ATTEMPTS = 5;

export type PayoutMailDeps = { store: Store; config: Config; now: () => Date };

/** What became of one payout's mail: `failed` tells the run to leave the others to the next run. */
export type MailOutcome = 'sent' | 'failed' | 'none';

/** Changes the payout's mail, if `change` answers a new one; the payout's own fields stay. */
function markMail(
  store: Store,
  id: string,
  change: (doc: PayoutDoc, mail: PayoutMail) => PayoutMail | undefined,
): Promise<PayoutDoc | undefined> {
  return upsertDoc<PayoutDoc>(store, PAYOUTS_DB, id, (current) => {
    if (!current?.mail || current.state !== 'paid') return undefined;
    const mail = change(current, current.mail);
    return mail ? { ...current, mail } : undefined;
  });
}

/** Sends the mail of a paid payout if it is due (see the header). */
export async function mailPayout(
  { store, config, now }: PayoutMailDeps,
  payout: PayoutDoc,
): Promise<MailOutcome> {
  if (payout.state !== 'paid' || !payout.mail) return 'none';
  const at = now().toISOString();
  const claimed = await markMail(store, payout._id, (_doc, mail) => {
    const open = mail.state === 'due' || mail.state === 'failed';
    const deadRun = mail.state === 'sending' && mail.by !== THIS_PROCESS;
    return open || deadRun ? { ...mail, state: 'sending', by: THIS_PROCESS, at } : undefined;
  });
  if (!claimed?.mail) return 'none';
  const attempts = (claimed.mail.attempts ?? 0) + 1;

  const account = await getAccount(store, claimed.providerId);
  if (!account || !isProviderRole(account.role)) {
    await markMail(store, claimed._id, (_doc, mail) => ({ ...mail, state: 'skipped', at }));
    return 'none';
  }
  const language: Language = account.preferredLanguage;
  const profile = await readProfile(store, account.uid);
  try {
    const values = payoutMailVariables(language, {
      name: profile?.firstName ?? account.firstName,
      amount: claimed.amount,
      currency: claimed.currency,
      // Marked paid last, so the payout's time of change is when it was paid.
      paidAt: claimed.updatedAt,
      earningsUrl: earningsUrl(config.publicUrl),
    });
    await sendMail(config, {
      kind: 'payout_sent',
      to: account.email,
      messageId: fixedMessageId(claimed._id, config.mailFrom),
      ...(await composeMail(storedMailTemplates(store), 'payout_sent', language, values, builtInPayoutMail)),
    });
  } catch (error) {
    logError(`[mail] payout mail of ${claimed._id} not sent:`, error);
    const reason = redactText(error instanceof Error ? error.message : String(error)).slice(0, 300);
    await markMail(store, claimed._id, (_doc, mail) =>
      mail.by === THIS_PROCESS && mail.state === 'sending'
        ? {
            state: attempts >= MAIL_ATTEMPTS ? 'abandoned' : 'failed',
            attempts,
            at: now().toISOString(),
            error: reason,
          }
        : undefined,
    );
    return 'failed';
  }
  await markMail(store, claimed._id, () => ({ state: 'sent', attempts, at: new Date().toISOString() }));
  return 'sent';
}

/** The paid payouts whose mail is still to go (due, failed, or left `sending` by a dead run), oldest first. */
export async function* payoutsToMail(store: Store): AsyncGenerator<PayoutDoc> {
  const BATCH = 100;
  let after: { key: unknown; id: string } | undefined;
  for (;;) {
    const answer = await payoutsDb<PayoutDoc>(store).view('payout-mails', 'due', {
      ...(after ? { startkey: after.key, startkey_docid: after.id, skip: 1 } : {}),
      include_docs: true,
      limit: BATCH,
    });
    for (const row of answer.rows) if (row.doc) yield row.doc as PayoutDoc;
    const last = answer.rows[answer.rows.length - 1];
    if (!last || answer.rows.length < BATCH) return;
    after = { key: last.key, id: last.id };
  }
}

/**
 * A run's mailer: mails each payout it pays, then those earlier runs left to mail. After a failure
 * it sends no more in this run (an SMTP server down or slow would hold every payout after it back);
 * the next run takes them up.
 */
export function payoutMailer(deps: PayoutMailDeps) {
  let stopped = false;
  const tried = new Set<string>();
  const mail = async (payout: PayoutDoc) => {
    if (stopped || tried.has(payout._id)) return;
    tried.add(payout._id);
    const outcome = await mailPayout(deps, payout).catch((error: unknown) => {
      logError(`[mail] payout mail of ${payout._id} left for the next run:`, error);
      return 'failed' as const;
    });
    if (outcome === 'failed') stopped = true;
  };
  return {
    mail,
    /** Mails what is left to mail; `alive` after each (the run's heartbeat). */
    async mailLeftOver(alive: () => Promise<void>) {
      for await (const payout of payoutsToMail(deps.store)) {
        if (stopped) return;
        await mail(payout);
        await alive();
      }
    },
  };
}
