/**
 * Timers named by a key: a key already waiting is not armed twice (a callback delivered twice, a
 * restart arming again what the stored call lists), and `stop` clears them all (shutdown, tests).
 */
export class KeyedTimers {
  private readonly waiting = new Map<string, NodeJS.Timeout>();
  private stopped = false;

  /** Runs `fire` in `delayMs` (at once if past), unless a timer of that key is waiting already. */
  arm(key: string, delayMs: number, fire: () => void): void {
    if (this.stopped || this.waiting.has(key)) return;
    const timer = setTimeout(
      () => {
        this.waiting.delete(key);
        fire();
      },
      Math.max(0, delayMs),
    );
    timer.unref?.();
    this.waiting.set(key, timer);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.waiting.values()) clearTimeout(timer);
    this.waiting.clear();
  }
}
