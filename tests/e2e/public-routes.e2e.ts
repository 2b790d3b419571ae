import { expect, test } from '@playwright/test';
import { STATIC_ROUTES, discoverRoutes } from './support/public-routes';

test.setTimeout(240_000);

test('every public route shows its real content online, then again with no connection', async ({
  page,
  context,
}) => {
  const routes = [...STATIC_ROUTES, ...(await discoverRoutes(page))];
  for (const route of routes) {
    await test.step(`online ${route.path}`, async () => {
      await page.goto(route.path);
      await route.shows(page);
    });
  }
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });

  await context.setOffline(true);
  for (const route of routes) {
    await test.step(`offline ${route.path}`, async () => {
      await page.goto(route.path);
      await route.shows(page);
      await expect(page.locator('[data-sync-state]')).toHaveAttribute('data-sync-state', 'offline');
    });
  }
});
