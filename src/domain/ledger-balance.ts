/**
 * Whether the ledger balances (issue 14, finance/ledger): the invariants that can be proved from the
 * ledger's own entries, each a named check answering the entries that break it. Used by the admin's
 * `GET /api/admin/ledger/check` and by the tests after every money-moving test.
 *
 * Per order (one entry per kind, amounts in minor units, always positive):
 * - `amounts_valid`: every amount is a non-negative integer.
 * - `one_currency`: all of an order's entries are in one currency.
 * - `capture_split`: a capture is split whole: capture = commission + provider_share, and there is no
 *   split without a capture.
 * - `refund_within_capture`: refunds (one or several parts) only give back captured money, at most
 *   all of it.
 * - `recovery_matches_refund`: each refund has its recovery (paired by the gateway's refund id), and
 *   the provider's share taken back adds up to their share in proportion to all that was refunded
 *   (all of it for a full refund, rounded down otherwise), and only after a refund.
 * - `hold_settled_once`: a hold is either captured or released, never both.
 * - `dispute_settled_once`: per dispute (paired by the gateway's dispute id), a release or a loss only
 *   after its hold, a release of exactly the amount held, and never both a release and a loss.
 * - `dispute_within_capture`: a dispute only of captured money, and what disputes took back (lost)
 *   plus what was refunded is at most what was captured.
 * - `affiliate_within_commission`: a referring affiliate's commission comes out of the platform's
 *   (at most the commission, only with a capture); each of its recoveries follows a refund or a
 *   lost dispute of the order (paired by id), those of refunds add up to the commission in
 *   proportion to all that was refunded (as the provider's), and all of them to at most the commission.
 * Per payout and per provider and currency (in time order):
 * - `reversal_matches_payout`: a payout reversal gives back exactly a recorded payout.
 * - `payout_within_balance`: a payout never pays more than the payee's balance at that moment
 *   (shares or commissions − recoveries + reversals − earlier payouts); a later recovery may still
 *   make it negative. Affiliates are payees like providers (payee id `affiliate:<code>`).
 */

export type LedgerBalanceEntry = {
  _id: string;
  kind: string;
  orderId?: string;
  payoutId?: string;
  providerId?: string;
  /** The gateway's refund, on `refund` and `provider_recovery` entries (absent on older ones). */
  refundId?: string;
  /** The gateway's dispute, on `dispute_*` entries. */
  disputeId?: string;
  amount: number;
  currency: string;
  at: string;
};

export const LEDGER_CHECKS = [
  'amounts_valid',
  'one_currency',
  'capture_split',
  'refund_within_capture',
  'recovery_matches_refund',
  'hold_settled_once',
  'dispute_settled_once',
  'dispute_within_capture',
  'affiliate_within_commission',
  'reversal_matches_payout',
  'payout_within_balance',
] as const;
export type LedgerCheckName = (typeof LEDGER_CHECKS)[number];

/** One breach: what it is about (an order, a payout or a provider) and the entries involved. */
export type LedgerOffence = {
  check: LedgerCheckName;
  subject: { kind: 'order' | 'payout' | 'provider'; id: string };
  entryIds: string[];
};

export type LedgerCheckResult = {
  balanced: boolean;
  /** How many entries were checked. */
  entries: number;
  checks: { name: LedgerCheckName; ok: boolean; offences: LedgerOffence[] }[];
};

/** What a kind does to a provider's balance (the `provider-balances` view's signs). */
export function providerBalanceSign(kind: string): 1 | -1 | 0 {
  if (
    kind === 'provider_share' ||
    kind === 'payout_reversal' ||
    kind === 'dispute_release' ||
    kind === 'affiliate_commission'
  )
    return 1;
  if (
    kind === 'provider_recovery' ||
    kind === 'payout' ||
    kind === 'dispute_hold' ||
    kind === 'affiliate_recovery'
  )
    return -1;
  return 0;
}

const ORDER_KINDS = new Set([
  'authorisation',
  'capture',
  'commission',
  'provider_share',
  'release',
  'refund',
  'provider_recovery',
  'dispute_hold',
  'dispute_release',
  'dispute_lost',
  'affiliate_commission',
  'affiliate_recovery',
]);

type Offend = (
  check: LedgerCheckName,
  kind: LedgerOffence['subject']['kind'],
  id: string,
  entries: LedgerBalanceEntry[],
) => void;

function checkOrder(orderId: string, entries: LedgerBalanceEntry[], offend: Offend): void {
  const of = (kind: string) => entries.find((entry) => entry.kind === kind);
  const order = (check: LedgerCheckName, involved: (LedgerBalanceEntry | undefined)[]) =>
    offend(
      check,
      'order',
      orderId,
      involved.filter((entry): entry is LedgerBalanceEntry => entry !== undefined),
    );
  if (new Set(entries.map((entry) => entry.currency)).size > 1) order('one_currency', entries);
  const capture = of('capture');
  const commission = of('commission');
  const share = of('provider_share');
  if (capture || commission || share) {
    const captured = capture?.amount ?? 0;
    if (!capture || !commission || !share || commission.amount + share.amount !== captured) {
      order('capture_split', [capture, commission, share]);
    }
  }
  // Refunds may be several (parts of the capture): each with the provider's share it took back.
  const refunds = entries.filter((entry) => entry.kind === 'refund');
  const recoveries = entries.filter((entry) => entry.kind === 'provider_recovery');
  const refunded = refunds.reduce((sum, entry) => sum + entry.amount, 0);
  if (refunds.length > 0 && (!capture || refunded > capture.amount))
    order('refund_within_capture', [...refunds, capture]);
  if (recoveries.length > 0 || refunds.length > 0) {
    const recovered = recoveries.reduce((sum, entry) => sum + entry.amount, 0);
    const expected =
      refunds.length === 0 || !capture || !share
        ? undefined
        : refunded >= capture.amount
          ? share.amount
          : Math.floor((share.amount * refunded) / capture.amount);
    const paired = (a: LedgerBalanceEntry[], b: LedgerBalanceEntry[]) =>
      a.every((entry) => b.some((other) => other.refundId === entry.refundId));
    if (
      expected === undefined ||
      recovered !== expected ||
      !paired(refunds, recoveries) ||
      !paired(recoveries, refunds)
    ) {
      order('recovery_matches_refund', [...recoveries, ...refunds, share]);
    }
  }
  const release = of('release');
  if (release && capture) order('hold_settled_once', [capture, release]);
  checkDisputes(entries, capture, refunded, order);
  checkAffiliate(entries, { capture, commission, refunds, refunded }, order);
}

/** The referring affiliate's commission of an order and what refunds and lost disputes took back of it. */
function checkAffiliate(
  entries: LedgerBalanceEntry[],
  money: {
    capture?: LedgerBalanceEntry;
    commission?: LedgerBalanceEntry;
    refunds: LedgerBalanceEntry[];
    refunded: number;
  },
  order: (check: LedgerCheckName, involved: (LedgerBalanceEntry | undefined)[]) => void,
): void {
  const earned = entries.filter((entry) => entry.kind === 'affiliate_commission');
  const recoveries = entries.filter((entry) => entry.kind === 'affiliate_recovery');
  if (earned.length === 0 && recoveries.length === 0) return;
  const { capture, commission, refunds, refunded } = money;
  const offend = () => order('affiliate_within_commission', [capture, commission, ...earned, ...recoveries]);
  const own = earned[0];
  if (earned.length !== 1 || !own || !capture || !commission || own.amount > commission.amount) {
    offend();
    return;
  }
  const losses = entries.filter((entry) => entry.kind === 'dispute_lost');
  const ofRefunds = recoveries.filter((entry) => entry.refundId !== undefined);
  const ofDisputes = recoveries.filter((entry) => entry.refundId === undefined);
  const paired =
    ofRefunds.every((entry) => refunds.some((refund) => refund.refundId === entry.refundId)) &&
    ofDisputes.every((entry) => losses.some((lost) => lost.disputeId === entry.disputeId));
  const sum = (list: LedgerBalanceEntry[]) => list.reduce((total, entry) => total + entry.amount, 0);
  const expected =
    refunded >= capture.amount ? own.amount : Math.floor((own.amount * refunded) / capture.amount);
  if (!paired || sum(ofRefunds) !== expected || sum(recoveries) > own.amount) offend();
}

/** An order's disputes: each settled once against its hold, and none beyond the capture. */
function checkDisputes(
  entries: LedgerBalanceEntry[],
  capture: LedgerBalanceEntry | undefined,
  refunded: number,
  order: (check: LedgerCheckName, involved: (LedgerBalanceEntry | undefined)[]) => void,
): void {
  const disputes = new Map<string, LedgerBalanceEntry[]>();
  for (const entry of entries) {
    if (!entry.kind.startsWith('dispute_')) continue;
    const id = entry.disputeId ?? entry._id;
    disputes.set(id, [...(disputes.get(id) ?? []), entry]);
  }
  let lostSum = 0;
  const lostEntries: LedgerBalanceEntry[] = [];
  for (const list of disputes.values()) {
    const count = (kind: string) => list.filter((entry) => entry.kind === kind);
    const [holds, releases, losses] = [
      count('dispute_hold'),
      count('dispute_release'),
      count('dispute_lost'),
    ];
    const hold = holds[0];
    const release = releases[0];
    if (
      holds.length > 1 ||
      releases.length > 1 ||
      losses.length > 1 ||
      (!hold && (release || losses.length > 0)) ||
      (release && hold && release.amount !== hold.amount) ||
      (release && losses.length > 0) ||
      (release && hold && release.at < hold.at)
    ) {
      order('dispute_settled_once', list);
    }
    for (const lost of losses) {
      lostSum += lost.amount;
      lostEntries.push(lost);
    }
  }
  if (disputes.size > 0 && (!capture || lostSum + refunded > capture.amount)) {
    order('dispute_within_capture', [capture, ...lostEntries]);
  }
}

function checkProvider(providerId: string, entries: LedgerBalanceEntry[], offend: Offend): void {
  const byCurrency = new Map<string, LedgerBalanceEntry[]>();
  for (const entry of entries) {
    if (providerBalanceSign(entry.kind) === 0) continue;
    byCurrency.set(entry.currency, [...(byCurrency.get(entry.currency) ?? []), entry]);
  }
  for (const list of byCurrency.values()) {
    // At one instant, money in counts before money out (a share and a payout in the same millisecond).
    const sorted = [...list].sort(
      (a, b) => a.at.localeCompare(b.at) || providerBalanceSign(b.kind) - providerBalanceSign(a.kind),
    );
    let balance = 0;
    for (const entry of sorted) {
      if (entry.kind === 'payout' && entry.amount > balance) {
        offend('payout_within_balance', 'provider', providerId, [entry]);
      }
      balance += providerBalanceSign(entry.kind) * entry.amount;
    }
  }
}

/** Runs every check over the whole ledger (entries in any order). */
export function checkLedgerBalance(entries: readonly LedgerBalanceEntry[]): LedgerCheckResult {
  const offences = new Map<LedgerCheckName, LedgerOffence[]>(LEDGER_CHECKS.map((name) => [name, []]));
  const offend: Offend = (check, kind, id, involved) =>
    offences.get(check)!.push({ check, subject: { kind, id }, entryIds: involved.map((entry) => entry._id) });
  const orders = new Map<string, LedgerBalanceEntry[]>();
  const providers = new Map<string, LedgerBalanceEntry[]>();
  const payouts = new Map<string, LedgerBalanceEntry>();
  const reversals: LedgerBalanceEntry[] = [];
  for (const entry of entries) {
    if (!Number.isInteger(entry.amount) || entry.amount < 0) {
      offend(
        'amounts_valid',
        entry.orderId ? 'order' : 'payout',
        entry.orderId ?? entry.payoutId ?? entry._id,
        [entry],
      );
    }
    if (ORDER_KINDS.has(entry.kind) && entry.orderId) {
      orders.set(entry.orderId, [...(orders.get(entry.orderId) ?? []), entry]);
    }
    if (entry.kind === 'payout' && entry.payoutId) payouts.set(entry.payoutId, entry);
    if (entry.kind === 'payout_reversal') reversals.push(entry);
    if (entry.providerId)
      providers.set(entry.providerId, [...(providers.get(entry.providerId) ?? []), entry]);
  }
  for (const [orderId, list] of orders) checkOrder(orderId, list, offend);
  for (const reversal of reversals) {
    const payout = reversal.payoutId ? payouts.get(reversal.payoutId) : undefined;
    if (!payout || payout.amount !== reversal.amount || payout.currency !== reversal.currency) {
      const involved = payout ? [payout, reversal] : [reversal];
      offend('reversal_matches_payout', 'payout', reversal.payoutId ?? reversal._id, involved);
    }
  }
  for (const [providerId, list] of providers) checkProvider(providerId, list, offend);
  const checks = LEDGER_CHECKS.map((name) => {
    const found = offences.get(name)!;
    return { name, ok: found.length === 0, offences: found };
  });
  return { balanced: checks.every((check) => check.ok), entries: entries.length, checks };
}
