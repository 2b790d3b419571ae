/**
 * Public pages come from the server as HTML with their content (readable before any script runs,
 * found by search engines), in the reader's language, and the browser hydrates them without a
 * warning and without a flash, then works as before (the offline store takes over).
 */
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Pricing } from '../../src/domain/config';
import type { ContentDoc } from '../../src/domain/content';
import type { Provider } from '../../src/domain/provider';
import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import fr from '../../src/i18n/locales/fr.json' with { type: 'json' };
import { E2E_ADMIN, signInAdmin } from './support/admin';

type Stored<T> = Omit<T, 'id'> & { _id: string };

async function allDocs<T>(request: APIRequestContext, db: string): Promise<Stored<T>[]> {
  const response = await request.get(`/db/${db}/_all_docs?include_docs=true`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { rows: { id: string; doc: Stored<T> }[] };
  return body.rows.filter((row) => !row.id.startsWith('_design/')).map((row) => row.doc);
}

/** The page's HTML as a search engine or a browser without scripts gets it. */
async function html(request: APIRequestContext, path: string, cookie?: string): Promise<string> {
  const response = await request.get(path, {
    headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
  });
  expect(response.status(), path).toBe(200);
  return response.text();
}

/** The text of the app's root, without tags (what is readable before any script runs). */
const rootText = (page: string) =>
  page
    .slice(page.indexOf('<div id="root">'), page.indexOf('<script type="application/json" id="ssr-data">'))
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** Holds the app's scripts back, as a slow connection would, until the function answered is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('public pages are served as HTML with their content, title, description, canonical URL and Open Graph tags', async ({
  request,
}) => {
  const providers = await allDocs<Provider>(request, 'providers');
  const content = await allDocs<ContentDoc>(request, 'content');
  const pricing = (await allDocs<{ value: Pricing }>(request, 'config')).find(
    (doc) => doc._id === 'pricing',
  )!;

  const home = await html(request, '/');
  expect(home).toContain('<html lang="fr"');
  expect(rootText(home)).toContain(fr.home.hero.title);
  expect(home).toContain(`<title>${fr.seo.home.title}</title>`);
  expect(home).toMatch(/<meta name="description" content="[^"]{40,}"/);
  expect(home).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/" \/>/);
  expect(home).toContain('<meta property="og:title"');
  expect(home).not.toContain('id="splash"');
  // In reading order: the page's content inside <main>, not streamed after the footer.
  const main = home.slice(home.indexOf('<main'), home.indexOf('</main>'));
  expect(main).toContain(fr.home.hero.title);
  expect(main).not.toContain('hidden id="S:');

  // The directory's first page, in listing order, with the cards' names.
  const listed = providers
    .filter((provider) => provider.isVisible)
    .sort((a, b) => a.listOrder - b.listOrder || (a._id < b._id ? -1 : 1));
  const directory = rootText(await html(request, '/providers'));
  for (const provider of listed.slice(0, 3)) expect(directory).toContain(provider.fullName);

  // A profile at its public URL: name, bio and the page's own title.
  const profile = listed[0]!;
  const profilePage = await html(request, `/provider/${profile._id}`);
  expect(rootText(profilePage)).toContain(profile.fullName);
  // Its own title (name, profession, country) and description (the start of its bio), there and
  // once the browser has the page.
  const profileTitle = /<title>([^<]*)<\/title>/.exec(profilePage)?.[1] ?? '';
  expect(profileTitle).toContain(profile.fullName);
  expect(profileTitle).toContain('SOS Expat');
  const profileDescription = /<meta name="description" content="([^"]*)"/.exec(profilePage)?.[1] ?? '';
  expect(profileDescription.length).toBeGreaterThan(40);
  expect(profileDescription.length).toBeLessThanOrEqual(160);

  // The help centre's articles in French.
  const articles = content.filter((doc) => doc.type === 'article' && doc.language === 'fr');
  expect(articles.length).toBeGreaterThan(0);
  const help = rootText(await html(request, '/centre-aide'));
  for (const article of articles.slice(0, 3)) expect(help).toContain(article.title!);
  const article = articles[0]!;
  const articlePage = await html(request, `/centre-aide/${article.slug}`);
  expect(/<title>([^<]*)<\/title>/.exec(articlePage)?.[1]).toContain(article.title!);

  // The prices of the configuration.
  const prices = rootText(await html(request, '/tarifs'));
  expect(prices).toContain(`${pricing.value.lawyerCall.prices.EUR / 100} €`);
});

test('the HTML is in the language chosen in the app (its cookie), or the one a link asks for', async ({
  request,
}) => {
  const english = await html(request, '/', 'sos-expat-language=en');
  expect(english).toContain('<html lang="en"');
  expect(rootText(english)).toContain(en.home.hero.title);
  expect(english).toContain(`<title>${en.seo.home.title}</title>`);
  // Installed before the app has run, the app is named in the page's language.
  expect(english).toContain('<link rel="manifest" href="/manifest.en.webmanifest" />');
  expect(await html(request, '/')).toContain('<link rel="manifest" href="/manifest.webmanifest" />');

  const linked = await html(request, '/tarifs?lang=en');
  expect(linked).toContain('<html lang="en"');
  expect(linked).toContain('<link rel="canonical" href="http://');
  expect(linked).toMatch(/<link rel="canonical" href="[^"]+\/tarifs\?lang=en" \/>/);
  expect(linked).toMatch(/<link rel="alternate" hreflang="de" href="[^"]+\/tarifs\?lang=de" \/>/);
});

for (const path of ['/', '/providers', '/tarifs', '/centre-aide', '/faq']) {
  test(`${path} hydrates without a warning, keeps what the server painted, and works`, async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      const text = message.text();
      // The RxDB storage notice and the signed-out visitor's session check are expected.
      if (/RxDB Open Core|status of 401/.test(text)) return;
      if (message.type() === 'error' || message.type() === 'warning') problems.push(text);
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(path);
    const heading = page.getByRole('heading', { level: 1 });
    // Painted by the server: there before the offline store opens.
    await expect(heading).toBeVisible();
    const painted = await heading.textContent();
    // The offline store opens after the first paint and takes over the page.
    await expect
      .poll(() => page.evaluate(() => indexedDB.databases().then((dbs) => dbs.length)), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expect(heading).toHaveText(painted!);
    expect(problems).toEqual([]);
  });
}

test('a page whose HTML is not what the browser renders is reported, and rendered anew by the browser', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // The server's heading, changed on its way: hydrating finds markup its own render does not make.
  // Preact would write its text into it and keep the attribute: the page is rendered anew instead.
  await page.route('**/tarifs', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(
      `<h1>${fr.screens.pricing}</h1>`,
      '<h1 class="stale">Pas le bon titre</h1>',
    );
    await route.fulfill({ response, body });
  });
  await page.goto('/tarifs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr.screens.pricing);
  await expect(page.locator('h1.stale')).toHaveCount(0);
  // And it works: the currency switch changes the prices.
  await page.getByRole('radio', { name: 'Dollar' }).click();
  await expect(page.getByRole('radio', { name: 'Dollar' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText(/\d\s?\$/).first()).toBeVisible();
  expect(
    errors.filter((text) => text.includes('could not be hydrated as the server rendered it')),
  ).toHaveLength(1);
});

test('a filter on a directory the server rendered works once hydrated', async ({ page }) => {
  await page.goto('/providers');
  await expect(page.locator('article').first()).toBeVisible();
  const types = page.getByRole('radiogroup', { name: "Type d'appel" });
  await types.getByRole('radio', { name: 'Appel avocat' }).click();
  await expect(page).toHaveURL(/\/providers\?type=lawyer$/);
  await expect(page.locator('[data-listing-count]')).toHaveAttribute('data-listing-count', 'type=lawyer');
});

test('the directory hydrates with the names (in its order) and figures the server wrote', async ({
  page,
  request,
}) => {
  const served = await html(request, '/providers');
  const start = served.indexOf('id="ssr-data">') + 'id="ssr-data">'.length;
  const data = JSON.parse(served.slice(start, served.indexOf('</script>', start))) as {
    texts: [string, string, string][];
  };
  const countries = data.texts.filter(([kind]) => kind === 'region').map(([, , name]) => name);
  const languages = data.texts.filter(([kind]) => kind === 'language').map(([, , name]) => name);
  expect(languages).toContain('Anglais');
  const { compare } = new Intl.Collator('fr');
  expect(countries.length).toBeGreaterThan(5);
  expect(countries).toEqual([...countries].sort(compare));
  // The cards' ratings, as written in the page.
  const figures = data.texts.filter(([kind]) => kind === 'number').map(([, , text]) => text);
  expect(figures.filter((figure) => /^\d,\d$/.test(figure)).length).toBeGreaterThan(0);
  for (const figure of figures) expect(served).toContain(figure);
  await page.goto('/providers');
  const options = page.getByRole('combobox', { name: 'Pays' }).locator('option');
  await expect(options.first()).toHaveText('Tous les pays');
  // Once hydrated and once the offline store has taken over: the server's names, in its order.
  await expect
    .poll(() => page.evaluate(() => indexedDB.databases().then((dbs) => dbs.length)), { timeout: 15_000 })
    .toBeGreaterThan(0);
  const shown = (await options.allTextContents()).slice(1);
  expect(shown.length).toBeGreaterThan(5);
  expect(shown.filter((name) => !countries.includes(name))).toEqual([]);
  expect(shown).toEqual([...shown].sort(compare));
});

test('a page is styled by its HTML alone: no stylesheet to wait for before the first paint', async ({
  browser,
  request,
}) => {
  for (const path of ['/', '/providers', '/tarifs']) {
    // Only disabled links, which name the inlined files and are never fetched.
    const links = (await html(request, path)).match(/<link[^>]+rel="stylesheet"[^>]*>/g) ?? [];
    expect(links.length, path).toBeGreaterThan(0);
    for (const link of links) expect(link, path).toMatch(/ disabled/);
  }
  // No script, and every CSS file refused: what shows is what the HTML itself carries.
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = await context.newPage();
    let cssRequests = 0;
    await page.route('**/*.css', (route) => {
      cssRequests += 1;
      return route.abort();
    });
    await page.goto('/providers');
    const card = page.locator('article').first();
    await expect(card).toBeVisible();
    // The directory's cards are laid out by the app's rules (the browser's default would be a
    // block with no border), and the page's font is the app's.
    const layout = await card.evaluate((element) => ({
      container: getComputedStyle(element.parentElement!).display,
      radius: getComputedStyle(element).borderTopLeftRadius,
    }));
    expect(layout.container).not.toBe('block');
    expect(layout.radius).not.toBe('0px');
    const font = await page.locator('body').evaluate((body) => getComputedStyle(body).fontFamily);
    expect(font).toMatch(/^"?Inter Variable/);
    expect(cssRequests).toBe(0);
  } finally {
    await context.close();
  }
});

test('a signed-in user never sees "Connexion" in the header of a page the server rendered', async ({
  page,
}) => {
  await signInAdmin(page);
  await page.goto('/');
  const account = page.getByRole('banner').getByRole('button', { name: new RegExp(E2E_ADMIN.firstName) });
  await expect(account).toBeVisible();
  // From the first frame of the next visit on: was the "sign in" link ever visible?
  await page.addInitScript((label) => {
    const seen = window as unknown as { loginShown?: boolean };
    const look = () => {
      const link = document.querySelector(`header a[aria-label="${label}"]`);
      if (link && getComputedStyle(link).visibility === 'visible') seen.loginShown = true;
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, fr.header.login);
  await page.reload();
  await expect(account).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { loginShown?: boolean }).loginShown ?? false)).toBe(
    false,
  );
  // A visitor still gets the link once the page knows nobody is signed in.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByRole('banner').getByRole('link', { name: fr.header.login })).toBeVisible();
});

test('a profile and a help article keep their own title once the app has them, and get it when reached in the app', async ({
  page,
  request,
}) => {
  const provider = (await allDocs<Provider>(request, 'providers')).find((doc) => doc.isVisible)!;
  await page.goto(`/provider/${provider._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(provider.fullName);
  // The offline store has taken over: the title is still the profile's.
  await expect
    .poll(() => page.evaluate(() => indexedDB.databases().then((dbs) => dbs.length)), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await expect(page).toHaveTitle(new RegExp(provider.fullName));

  const article = (await allDocs<ContentDoc>(request, 'content')).find(
    (doc) => doc.type === 'article' && doc.language === 'fr',
  )!;
  await page.getByRole('banner').getByRole('link', { name: fr.nav.help }).click();
  await expect(page).toHaveTitle(fr.seo.default.title);
  await page.getByRole('link', { name: article.title! }).first().click();
  await expect(page).toHaveTitle(new RegExp(article.title!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
});

test('the directory keeps its count and its pages in place while the offline store takes over', async ({
  page,
}) => {
  // Anything of the listing's count or pagination taken out of the page, from the first frame on.
  await page.addInitScript(() => {
    const record = window as unknown as { removed?: string[] };
    record.removed = [];
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.removedNodes) {
          if (!(node instanceof Element)) continue;
          const gone = node.matches('nav[aria-label="Pagination"], [data-listing-count]')
            ? node
            : node.querySelector('nav[aria-label="Pagination"], [data-listing-count]');
          if (gone) record.removed!.push(gone.outerHTML.slice(0, 80));
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  // The directory's first pull is over once its live replication starts.
  const live = page.waitForRequest(
    (request) => request.url().includes('/db/providers/_changes') && request.url().includes('feed=longpoll'),
    { timeout: 20_000 },
  );
  await page.goto('/providers');
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
  await live;
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { removed: string[] }).removed)).toEqual([]);
});

test('a reader who scrolls the server-rendered directory before the script runs keeps their place', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  // The scripts arrive only once the reader has scrolled, as on a slow connection.
  const scrolled = await holdScripts(page);
  const live = page.waitForRequest(
    (request) => request.url().includes('/db/providers/_changes') && request.url().includes('feed=longpoll'),
    { timeout: 20_000 },
  );
  await page.goto('/providers', { waitUntil: 'commit' });
  await expect(page.locator('article[data-provider-id]').first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  // Where the last card is on the screen: what the reader was looking at.
  const lastCard = page.locator('article[data-provider-id]').last();
  const place = () => lastCard.evaluate((card) => card.getBoundingClientRect().top);
  const before = await place();
  expect(before).toBeLessThan(600);
  scrolled();
  // Hydrated, and the offline store has taken over: the reader is where they were.
  await live;
  // (To the pixel: the card's own lines may round a fraction of a pixel otherwise.)
  expect(Math.abs((await place()) - before)).toBeLessThanOrEqual(1);
});

test('a first visit paints before any script is fetched, and hydrating fetches no stylesheet again', async ({
  page,
}) => {
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
  });
  const live = page.waitForRequest((request) => request.url().includes('/db/providers/_changes'), {
    timeout: 20_000,
  });
  await page.goto('/providers');
  await live;
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js'))
      .map((entry) => ({ name: entry.name, start: entry.startTime })),
  }));
  expect(timing.paint).toBeDefined();
  expect(timing.scripts.length).toBeGreaterThan(0);
  for (const script of timing.scripts)
    expect(script.start, script.name).toBeGreaterThanOrEqual(timing.paint!);
  // The screen's CSS is in the HTML already: the app does not ask for it again.
  expect(stylesheets).toEqual([]);
  await expect(page.locator('[data-listing-count]')).toBeVisible();
});

test('a first visit is drawn in a stand-in sized like the app’s font, loaded after the paint and taken at the next page', async ({
  page,
}) => {
  // Whether the page's own head had chosen the app's font before the first paint (the early script).
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as { fontsAtParse?: boolean }).fontsAtParse =
        document.documentElement.classList.contains('fonts');
    });
  });
  const fontsLoaded = page.waitForResponse(/inter-latin-wght-normal-[\w-]+\.woff2$/);
  const live = page.waitForRequest('**/db/providers/_changes**');
  await page.goto('/providers');
  await Promise.all([fontsLoaded, live]);
  const bodyFont = () => page.locator('body').evaluate((body) => getComputedStyle(body).fontFamily);
  const first = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
    fonts: performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.woff2'))
      .map((entry) => ({ name: entry.name, start: entry.startTime })),
    atParse: (window as { fontsAtParse?: boolean }).fontsAtParse,
  }));
  expect(first.atParse).toBe(false);
  // Latin and Cyrillic (the language menu's "Русский"), each asked for after the first paint.
  expect(first.fonts.map((font) => /inter-(latin|cyrillic)-wght/.exec(font.name)?.[1]).sort()).toEqual([
    'cyrillic',
    'latin',
  ]);
  for (const font of first.fonts) expect(font.start, font.name).toBeGreaterThanOrEqual(first.paint);
  // Loaded, hydrated: the page keeps its stand-in (laying every line out again would cost more than
  // the reader would see).
  expect(await bodyFont()).toMatch(/^"?Inter Fallback/);

  // The next page, in the app: the app's font.
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Tarifs' })
    .click();
  await expect(page).toHaveURL(/\/tarifs$/);
  await expect.poll(bodyFont).toMatch(/^"?Inter Variable/);

  // A page loaded afresh on the same device: the app's font from its first paint.
  await page.goto('/centre-aide');
  expect(await page.evaluate(() => (window as { fontsAtParse?: boolean }).fontsAtParse)).toBe(true);
  expect(await bodyFont()).toMatch(/^"?Inter Variable/);
});

test('what a reader taps or picks before the script has run is done once the page is hydrated', async ({
  page,
}) => {
  // The scripts arrive only once the reader has acted, as on a slow connection.
  const acted = await holdScripts(page);
  await page.goto('/providers', { waitUntil: 'commit' });
  const types = page.getByRole('radiogroup', { name: "Type d'appel" });
  await types.getByRole('radio', { name: 'Appel avocat' }).click();
  // A second filter of the same bar: replayed at once after the first, it would start from the
  // filters before the first and undo it.
  await page.getByRole('combobox', { name: 'Langue', exact: true }).selectOption('fr');
  await page.getByRole('combobox', { name: "Langue de l'interface" }).selectOption('en');
  await expect(page).toHaveURL(/\/providers$/);
  acted();
  await expect(page).toHaveURL(/\/providers\?type=lawyer&language=fr$/);
  await expect(page.locator('[data-listing-count]')).toHaveAttribute(
    'data-listing-count',
    'type=lawyer&language=fr',
  );
  await expect(page.getByRole('combobox', { name: 'Interface language' })).toHaveValue('en');
});

test('what a reader types before the script has run is kept, and answered once the page is hydrated', async ({
  page,
}) => {
  const typed = await holdScripts(page);
  await page.goto('/centre-aide', { waitUntil: 'commit' });
  const search = page.locator('#help-search');
  await search.pressSequentially('visa');
  typed();
  await expect(page).toHaveURL(/\/centre-aide\?q=visa$/);
  await expect(search).toHaveValue('visa');
});
