import { expect } from '@playwright/test';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { ProviderRegistrationPage } from '../pages/provider-registration-page';
import type { LawyerEntry } from '../pages/provider-registration-page';
import { approveProvider } from './admin';

export type ApprovedLawyer = { context: BrowserContext; page: Page; uid: string; entry: LawyerEntry };

/**
 * A lawyer who registered through the form (in a browser of their own), was approved by the suite's
 * admin and went online: a provider with an account whom clients can book.
 */
export async function anApprovedLawyerOnline(browser: Browser, baseURL: string): Promise<ApprovedLawyer> {
  const context = await browser.newContext({ baseURL, locale: 'fr-FR' });
  const page = await context.newPage();
  const entry = await new ProviderRegistrationPage(page).registerLawyer();
  const uid = await page.evaluate(() =>
    fetch('/api/auth/me')
      .then((response) => response.json())
      .then((me: { user: { uid: string } }) => me.user.uid),
  );
  await approveProvider(baseURL, uid);
  await page.goto('/dashboard?tab=availability');
  const online = page.getByRole('switch');
  await expect(online).toBeEnabled();
  await online.click();
  await expect(online).toBeChecked();
  return { context, page, uid, entry };
}
