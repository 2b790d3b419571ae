import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { ACCOUNT_ROUTES, STATIC_ROUTES, discoverRoutes } from './support/public-routes';

test.setTimeout(300_000);

/** No serious or critical axe-core violation (WCAG 2.x A and AA rules) on any public page. */
for (const language of ['fr', 'en'] as const) {
  test(`public pages have no serious accessibility violations (${language})`, async ({ page, context }) => {
    const routes = [...STATIC_ROUTES, ...ACCOUNT_ROUTES, ...(await discoverRoutes(page))];
    await context.addInitScript((lng) => window.localStorage.setItem('sos-expat.language', lng), language);
    const problems: string[] = [];
    for (const route of routes) {
      await page.goto(route.path);
      if (language === 'fr') await route.shows(page);
      else await expect(page.locator('main h1').first()).toBeVisible();
      for (const violation of await seriousViolations(page)) problems.push(`${route.path}: ${violation}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
