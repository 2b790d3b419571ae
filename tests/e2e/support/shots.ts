/**
 * Screenshots for a person to look at: taken only when asked (`E2E_SHOTS=1 npx playwright test …`,
 * into `.tmp/shots-*`). The tests' checks (no sideways overflow on a phone and a desktop, what is on
 * the screen) never read them, and taking them cost about a fifth of the suite's time on two cores.
 */
import type { Locator, Page } from '@playwright/test';

export const SHOTS_WANTED = process.env.E2E_SHOTS === '1';

type ShotOptions = { path: string; fullPage?: boolean };

export async function shot(target: Page | Locator, options: ShotOptions): Promise<void> {
  if (SHOTS_WANTED) await target.screenshot(options);
}
