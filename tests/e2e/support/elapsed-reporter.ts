/**
 * Beside the list reporter: every 20 tests, and at the end, one line with the time since `npm test`
 * began and the suites it ran before this one (scripts/test-all.ts). Silent when run on its own.
 */
import type { Reporter } from '@playwright/test/reporter';

const EVERY = 20;

function minutes(ms: number): string {
  return `${Math.round(ms / 60_000)} min`;
}

export default class ElapsedReporter implements Reporter {
  private ended = 0;
  private readonly startedAt = Number(process.env.NPM_TEST_STARTED_AT);
  private readonly suiteStartedAt = Date.now();

  printsToStdio(): boolean {
    return false;
  }

  onTestEnd(): void {
    this.ended += 1;
    if (this.ended % EVERY === 0) this.say(`${this.ended} tests`);
  }

  onEnd(): void {
    this.say(`${this.ended} tests, the end`);
  }

  private say(where: string): void {
    if (!Number.isFinite(this.startedAt)) return;
    const now = Date.now();
    console.log(
      `[npm test] e2e, ${where}: ${minutes(now - this.suiteStartedAt)} in e2e, ` +
        `${minutes(now - this.startedAt)} since npm test began (${process.env.NPM_TEST_DONE ?? ''})`,
    );
  }
}
