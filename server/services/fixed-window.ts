/**
 * A fixed-window counter per key: at most `limit` events per key in each window of `windowMs`. The
 * counts live in this process's memory (see rate-limit.ts for what that means with several
 * instances). Every method takes the time, so that a caller with its own clock (tests) can move it.
 */
export type Limit = { limit: number; windowMs: number };
export type Verdict = { ok: true } | { ok: false; retryAfter: number };

/** How many keys to hold before forgetting the windows that have ended. */
const SWEEP_AT = 10_000;

export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly options: Limit) {}

  /** Counts one event for `key`; refused once the window holds `limit` events. */
  hit(key: string, now = Date.now()): Verdict {
    const window = this.current(key, now);
    if (window.count >= this.options.limit) return this.refusal(window.resetAt, now);
    window.count++;
    return { ok: true };
  }

  /** Whether another event would be allowed, without counting one. */
  check(key: string, now = Date.now()): Verdict {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now || window.count < this.options.limit) return { ok: true };
    return this.refusal(window.resetAt, now);
  }

  /** Gives back one event counted in the current window (one counted before it was known to be harmless). */
  release(key: string, now = Date.now()): void {
    const window = this.windows.get(key);
    if (window && window.resetAt > now && window.count > 0) window.count--;
  }

  /** Forgets the key's count (for instance the account's failures after a password reset). */
  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string, now: number) {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size >= SWEEP_AT) this.sweep(now);
      window = { count: 0, resetAt: now + this.options.windowMs };
      this.windows.set(key, window);
    }
    return window;
  }

  private refusal(resetAt: number, now: number): Verdict {
    return { ok: false, retryAfter: Math.max(1, Math.ceil((resetAt - now) / 1000)) };
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
