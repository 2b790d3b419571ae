import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { MarketingStats, Pricing } from '../../src/domain/config';

/** A configuration document as the gateway serves it to anyone (the `config` database is public). */
async function configValue<T>(page: Page, id: string): Promise<T> {
  const response = await page.request.get(`/db/config/${id}`);
  expect(response.ok(), `GET /db/config/${id}`).toBe(true);
  return ((await response.json()) as { value: T }).value;
}

/** Numbers formatted by the page's own Intl, so the comparison does not depend on Node's ICU. */
function formatInPage(page: Page, value: number, options: Intl.NumberFormatOptions = {}): Promise<string> {
  return page.evaluate(([v, o]) => new Intl.NumberFormat('fr', o).format(v), [value, options] as const);
}

test('the home shows the hero and the figures of the stats configuration', async ({ page }) => {
  const stats = await configValue<MarketingStats>(page, 'stats');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Un avocat ou un expatrié au téléphone en quelques minutes',
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  const hero = page.getByRole('region', { name: /Un avocat ou un expatrié/ });
  await expect(hero.getByRole('link', { name: 'Appeler un avocat' })).toHaveAttribute('href', '/sos-appel');
  await expect(hero.getByRole('link', { name: 'Appeler un expatrié' })).toHaveAttribute(
    'href',
    '/appel-expatrie',
  );

  const figure = (key: keyof MarketingStats) => page.locator(`[data-stat="${key}"] strong`);
  await expect(figure('countries')).toHaveText(`${await formatInPage(page, stats.countries)}+`);
  const rating = await formatInPage(page, stats.rating, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  await expect(figure('rating')).toHaveText(`${rating}/5`);
  await expect(figure('reviews')).toHaveText(`${await formatInPage(page, stats.reviews)}+`);
  await expect(figure('expatsHelped')).toHaveText(`${await formatInPage(page, stats.expatsHelped)}+`);
  await expect(figure('experts')).toHaveText(`${await formatInPage(page, stats.experts)}+`);
  await expect(hero.locator('[data-trust]')).toContainText(`${rating}/5`);

  const safety = page.getByRole('region', { name: 'Votre sécurité avant tout' });
  await expect(safety.locator('[data-safety="payment"]')).toContainText(`SSL ${stats.sslBits} bits`);
  await expect(safety.locator('[data-safety="refund"]')).toContainText('après 3 tentatives');
});

test('the home lists experts with filters, each card leading to a profile, and hands the filters on', async ({
  page,
}) => {
  await page.goto('/');
  const experts = page.getByRole('region', { name: 'Trouvez votre expert' });
  const cards = experts.locator('article[data-provider-id]');
  await expect(cards.first()).toBeVisible();
  await expect(cards).toHaveCount(6);
  for (const card of await cards.all()) {
    await expect(card.getByRole('link', { name: /Voir le profil/ })).toHaveAttribute(
      'href',
      /^\/(avocat|expatrie)\/[a-z]{2}\/[a-z]{2}\/[\w-]+$/,
    );
  }
  const seeAll = experts.locator('a[data-see-all]');
  await expect(seeAll).toHaveText(/^Voir (tous les experts|les [\d\s]+\sexperts)$/);
  await expect(seeAll).toHaveAttribute('href', '/providers');

  await experts.getByRole('radio', { name: 'Appel avocat' }).click();
  await experts.getByRole('combobox', { name: 'Langue', exact: true }).selectOption('fr');
  await expect(seeAll).toHaveAttribute('href', '/providers?type=lawyer&language=fr');
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) {
    await expect(card.getByRole('link', { name: /Voir le profil/ })).toHaveAttribute('href', /^\/avocat\//);
    await expect(card).toContainText('Français');
  }
  await seeAll.click();
  await expect(page).toHaveURL(/\/providers\?type=lawyer&language=fr$/);
  await expect(page.getByRole('radio', { name: 'Appel avocat' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('main article[data-provider-id]').first()).toBeVisible();
});

test('the home shows the offers at the configured prices, testimonials, the FAQ and the join cards', async ({
  page,
}) => {
  const pricing = await configValue<Pricing>(page, 'pricing');
  await page.goto('/');
  const euros = (cents: number) =>
    page.evaluate(
      (amount) =>
        new Intl.NumberFormat('fr', {
          style: 'currency',
          currency: 'EUR',
          minimumFractionDigits: amount % 100 === 0 ? 0 : 2,
          maximumFractionDigits: amount % 100 === 0 ? 0 : 2,
        }).format(amount / 100),
      cents,
    );
  const lawyer = page.locator('main [data-service="lawyerCall"]');
  await expect(lawyer).toContainText(await euros(pricing.lawyerCall.prices.EUR));
  await expect(lawyer).toContainText('20 minutes');
  await expect(lawyer.getByRole('link', { name: 'Appeler un avocat' })).toHaveAttribute('href', '/sos-appel');
  const expat = page.locator('main [data-service="expatCall"]');
  await expect(expat).toContainText(await euros(pricing.expatCall.prices.EUR));
  await expect(expat.getByRole('link', { name: 'Appeler un expatrié' })).toHaveAttribute(
    'href',
    '/appel-expatrie',
  );

  const how = page.getByRole('region', { name: 'Comment ça marche' });
  await expect(how.locator('li[data-step]')).toHaveCount(3);
  await expect(how.getByRole('link', { name: /déroulement d'un appel/ })).toHaveAttribute(
    'href',
    '/how-it-works',
  );

  const testimonials = page.getByRole('region', { name: 'Ils ont été aidés' });
  await expect(testimonials.locator('article')).toHaveCount(3);
  await expect(testimonials.locator('article h3 a').first()).toHaveAttribute('href', /^\/testimonials\//);
  await expect(testimonials.getByRole('link', { name: 'Lire tous les témoignages' })).toHaveAttribute(
    'href',
    '/testimonials',
  );

  const faq = page.getByRole('region', { name: 'Questions fréquentes' });
  await expect(faq.locator('details')).toHaveCount(5);
  await faq.locator('details summary').first().click();
  await expect(faq.locator('details').first()).toHaveAttribute('open', '');
  await expect(faq.getByRole('link', { name: 'Toutes les questions' })).toHaveAttribute('href', '/faq');

  const join = page.getByRole('region', { name: 'Rejoignez le réseau SOS Expat' });
  await expect(join.locator('[data-join="lawyer"]')).toContainText('Profil validé sous 24');
  await expect(join.locator('[data-join="lawyer"]').getByRole('link')).toHaveAttribute(
    'href',
    '/register/lawyer',
  );
  await expect(join.locator('[data-join="expat"]').getByRole('link')).toHaveAttribute(
    'href',
    '/register/expat',
  );
  await expect(join).toContainText('payés sous 24');
});

test('the install card shows only while the browser offers to install, and asks it to', async ({ page }) => {
  // The browser offers to install once the app's script has registered its service worker: the app
  // runs once it replicates.
  const running = page.waitForRequest((request) => request.url().includes('/db/'));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await running;
  const install = page.getByRole('region', { name: "Installez l'application" });
  await expect(install).toHaveCount(0);

  // Chromium never offers to install an incognito page: stand in for its event. (A string, so that
  // no transpiler helper ends up inside the function run in the page.)
  await page.evaluate(`window.dispatchEvent(Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt() {
      document.body.dataset.installPrompted = 'yes';
      return Promise.resolve();
    },
    userChoice: Promise.resolve({ outcome: 'accepted' }),
  }))`);
  await expect(install).toBeVisible();
  await install.getByRole('button', { name: "Installer l'application" }).click();
  await expect(page.locator('body')).toHaveAttribute('data-install-prompted', 'yes');
  await expect(install).toHaveCount(0);
});

test('the home fits a phone screen without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.locator('main article[data-provider-id]').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('how it works: three steps, what follows the call, and the way to call', async ({ page }) => {
  await page.goto('/how-it-works');
  await expect(page).toHaveTitle('Comment ça marche — SOS Expat');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Comment ça marche');
  const steps = page.locator('main ol > li[data-step]');
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0).getByRole('heading', { level: 2 })).toHaveText(/Choisissez votre expert$/);
  await expect(steps.nth(1).getByRole('heading', { level: 2 })).toHaveText(
    /Payez en ligne, en toute sécurité$/,
  );
  await expect(steps.nth(2).getByRole('heading', { level: 2 })).toHaveText(/Nous vous mettons en relation$/);
  await expect(steps.nth(0)).toContainText('20 minutes');
  await expect(steps.nth(1)).toContainText("débitée que si l'appel a lieu");
  await expect(steps.nth(2)).toContainText('5 minutes environ');

  const after = page.getByRole('region', { name: "Après l'appel" });
  await expect(after).toContainText('facture PDF');
  await expect(after).toContainText('après 3 tentatives');
  const cta = page.getByRole('region', { name: /^Prêt à parler à un expert/ });
  await expect(cta.getByRole('link', { name: 'Appeler un avocat' })).toHaveAttribute('href', '/sos-appel');
  await expect(cta.getByRole('link', { name: 'Appeler un expatrié' })).toHaveAttribute(
    'href',
    '/appel-expatrie',
  );
});
