/**
 * The documents of provider payouts, in the server-only `payouts` database:
 * - `payout:<day>:<currency>:<providerId>` (`PayoutDoc`): one provider's payout of one UTC day. Its
 *   id is fixed by what it pays, so no run (a resumed one, a second one the same day, one reading a
 *   balance view that lags behind its writes) can ever make a second payout for that day.
 *   Its `mail` says what became of the mail telling the provider it was paid (payout-mailing.ts).
 * - `payout-run:<runId>` (`PayoutRunDoc`): a run and its summary.
 * - `payout-run-lock` (`PayoutRunLock`): the claim of the run under way, so that one runs at a time;
 *   left behind by a crash, it says which run to resume.
 */
import type { Currency } from '../../../src/domain/config';
import type {
  PayoutMethod,
  PayoutRunSummary,
  PayoutRunTrigger,
  PayoutState,
  PayoutView,
} from '../../../src/domain/payouts';
import type { Store } from '../../store/store';

export const PAYOUTS_DB = 'payouts';
export const RUN_LOCK_ID = 'payout-run-lock';
export const SCHEDULE_ID = 'payout-schedule';

export const payoutsDb = <T extends object>(store: Store) => store.db<T>(PAYOUTS_DB);
export const runDocId = (runId: string) => `payout-run:${runId}`;

/**
 * The payout mail of one payout: `due` from its opening (payouts opened before the mail existed have
 * none and are never mailed), `sending` while a run hands it to the SMTP server (`by`: that run's
 * process), `sent`, `failed` (tried again by the next run) until `abandoned`, or `skipped` (no
 * account to mail any more).
 */
export type PayoutMail = {
  state: 'due' | 'sending' | 'sent' | 'failed' | 'abandoned' | 'skipped';
  attempts?: number;
  by?: string;
  at?: string;
  /** Why the last attempt failed (the SMTP server's answer, redacted and cut). */
  error?: string;
};

export type PayoutDoc = {
  _id: string;
  _rev?: string;
  type: 'payout';
  day: string;
  providerId: string;
  currency: Currency;
  amount: number;
  state: PayoutState;
  method: PayoutMethod;
  gateway: 'stripe' | 'simulated';
  destination?: string;
  transferId?: string;
  reason?: string;
  /** The last error of a transfer that may be retried (no answer, a gateway outage). */
  lastError?: string;
  runId: string;
  createdAt: string;
  updatedAt: string;
  mail?: PayoutMail;
};

export type PayoutRunDoc = Omit<PayoutRunSummary, 'runId'> & {
  _id: string;
  _rev?: string;
  type: 'payout_run';
  runId: string;
};

export type PayoutRunLock = {
  _id: string;
  _rev?: string;
  type: 'payout_run_lock';
  runId: string;
  day: string;
  trigger: PayoutRunTrigger;
  actor: string;
  /** The process running it (see run.ts). */
  owner: string;
  startedAt: string;
  heartbeatAt: string;
};

export function payoutView(doc: PayoutDoc, providerName?: string): PayoutView {
  const { _id, _rev: _ignored, type: _type, lastError: _error, mail: _mail, ...rest } = doc;
  return { id: _id, ...rest, ...(providerName ? { providerName } : {}) };
}
