/**
 * Slows password guessing (sign-in and re-authentication) without letting a stranger lock the owner
 * out, as large identity providers do:
 *
 * - Failures count per (account, address) pair: a few are answered at once, then each further
 *   attempt from that pair waits a delay that doubles per failure, up to a cap. A stranger guessing
 *   from their address slows only themselves; the owner at another address is not affected.
 * - Failures per address across accounts (spraying) have a fixed-window cap.
 * - Failures per account across addresses (distributed guessing) have a generous fixed-window cap,
 *   which a device the account knows (see known-device.ts) does not hit: the owner's laptop still
 *   gets in while a botnet is guessing. A new device then waits (`retryAfter`).
 * - A success clears its pair only (so that an attacker signing in to their own account resets
 *   nothing of anyone else's); a password reset through the mail link clears the whole account.
 *
 * An attempt is counted as a failure when it starts and given back when the password was right, so
 * concurrent guesses cannot all slip through before the first one is counted. Accounts are keyed by
 * their normalised address, so an unknown address behaves exactly like a known one. Like the other
 * limiters this lives in the process's memory (see rate-limit.ts).
 */
import { RateLimiter } from './fixed-window';
import type { Limit, Verdict } from './fixed-window';

export type SignInLimits = {
  /** Failures of one (account, address) pair answered at once. */
  freeFailures: number;
  /** The wait after the first failure past the free ones; it doubles with each further failure. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** How long a pair's failures are remembered after its last one. */
  memoryMs: number;
  /** Failures from one address, all accounts together. */
  perAddress: Limit;
  /** Failures on one account, all addresses together, except from the account's known devices. */
  perAccount: Limit;
};

const MINUTE = 60 * 1000;

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  freeFailures: 3,
  firstDelayMs: MINUTE,
  maxDelayMs: 15 * MINUTE,
  memoryMs: 24 * 60 * MINUTE,
  perAddress: { limit: 20, windowMs: 15 * MINUTE },
  perAccount: { limit: 100, windowMs: 60 * MINUTE },
};

/** Who is trying: the account (its normalised e-mail), the caller's address, and whether the device is known to that account. */
export type SignInAttempt = { account: string; address: string; knownDevice: boolean };

type Pair = { account: string; failures: number; lastAt: number };

/** Pairs held at most; past it the ones that failed longest ago are forgotten first. */
const MAX_PAIRS = 100_000;

export class SignInThrottle {
  private readonly pairs = new Map<string, Pair>();
  private readonly perAddress: RateLimiter;
  private readonly perAccount: RateLimiter;

  constructor(
    private readonly limits: SignInLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.perAddress = new RateLimiter(limits.perAddress);
    this.perAccount = new RateLimiter(limits.perAccount);
  }

  /** Whether the attempt may check a password now; when it may, it is counted as a failure until `succeeded`. */
  begin(attempt: SignInAttempt): Verdict {
    const now = this.now();
    const key = pairKey(attempt);
    const verdicts = [
      this.pairVerdict(key, now),
      this.perAddress.check(attempt.address, now),
      attempt.knownDevice ? { ok: true as const } : this.perAccount.check(attempt.account, now),
    ];
    const wait = Math.max(0, ...verdicts.map((v) => (v.ok ? 0 : v.retryAfter)));
    if (wait > 0) return { ok: false, retryAfter: wait };

    const pair = this.livePair(key, now);
    this.pairs.delete(key); // re-inserted last: the map's order is the order of last failures
    this.pairs.set(key, { account: attempt.account, failures: (pair?.failures ?? 0) + 1, lastAt: now });
    this.evict(now);
    this.perAddress.hit(attempt.address, now);
    if (!attempt.knownDevice) this.perAccount.hit(attempt.account, now);
    return { ok: true };
  }

  /** The password was right: the pair starts again from nothing, and the attempt is given back. */
  succeeded(attempt: SignInAttempt): void {
    const now = this.now();
    this.pairs.delete(pairKey(attempt));
    this.perAddress.release(attempt.address, now);
    if (!attempt.knownDevice) this.perAccount.release(attempt.account, now);
  }

  /** A password reset by the mail link: every delay and count of the account is lifted. */
  lift(account: string): void {
    for (const [key, pair] of this.pairs) if (pair.account === account) this.pairs.delete(key);
    this.perAccount.reset(account);
  }

  private pairVerdict(key: string, now: number): Verdict {
    const pair = this.livePair(key, now);
    if (!pair || pair.failures < this.limits.freeFailures) return { ok: true };
    const doublings = Math.min(pair.failures - this.limits.freeFailures, 30);
    const delay = Math.min(this.limits.maxDelayMs, this.limits.firstDelayMs * 2 ** doublings);
    const waitMs = pair.lastAt + delay - now;
    return waitMs > 0 ? { ok: false, retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) } : { ok: true };
  }

  private livePair(key: string, now: number): Pair | undefined {
    const pair = this.pairs.get(key);
    if (pair && pair.lastAt + this.limits.memoryMs <= now) {
      this.pairs.delete(key);
      return undefined;
    }
    return pair;
  }

  private evict(now: number) {
    if (this.pairs.size <= MAX_PAIRS) return;
    for (const [key, pair] of this.pairs) {
      if (this.pairs.size <= MAX_PAIRS && pair.lastAt + this.limits.memoryMs > now) break;
      this.pairs.delete(key);
    }
  }
}

const pairKey = (attempt: SignInAttempt) => `${attempt.address}\n${attempt.account}`;
