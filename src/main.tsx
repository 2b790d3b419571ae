/**
 * The browser's entry: error reporting first, then the code of a referral link the page was opened
 * with (kept before the router reads the address), the interface language, then the app.
 *
 * A public page the server rendered (server/http/ssr.ts) is already on screen: the app hydrates it
 * with the answers it carries, in its language, and the offline store opens once the page has
 * painted and the browser is idle. Any other page (the app shell, offline from the service worker)
 * renders once the store is open, from it. The splash painted by the shell leaves 500 ms after the
 * first render. A first visit registers the service worker once the page's data is on the device
 * (app/pwa.ts).
 */
import '@fontsource-variable/inter/wght.css';
import './ui/theme.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { hydratedAt, hydratePage, pageHydrated } from './app/hydrate-later';
import { holdLinks, replayEarlyInput } from './app/early-input';
import { installErrorReporting } from './app/error-reporting';
import { loadFonts } from './app/fonts';
import { setUpPwa } from './app/pwa';
import { preloadScreen } from './app/router';
import type { DataLayer, DataSource } from './data/data-context';
import { recordedReads } from './data/public-reads';
import type { PublicAnswers } from './data/public-reads';
import { captureReferralLink } from './data/referral-link';
import { SPLASH_REMOVAL_MS } from './domain/constants';
import { isLanguage } from './domain/languages';
import type { Language } from './domain/languages';
import { initI18n, storedChoice, storedLanguage } from './i18n/i18n';
import { primeTexts } from './ui/intl';
import type { PrimedText } from './ui/intl';

installErrorReporting();
captureReferralLink();

type ServedPage = { language: Language; answers: PublicAnswers; texts?: PrimedText[] };

function servedPage(): ServedPage | undefined {
  const script = document.getElementById('ssr-data');
  if (!script?.textContent) return undefined;
  try {
    const page = JSON.parse(script.textContent) as Partial<ServedPage>;
    return isLanguage(page.language) && page.answers ? (page as ServedPage) : undefined;
  } catch {
    return undefined;
  }
}

/** The language a link asks for (`?lang=`), if it is one of the five. */
function linkLanguage(): Language | undefined {
  const asked = new URLSearchParams(window.location.search).get('lang');
  return isLanguage(asked) ? asked : undefined;
}

/** The store's code is evaluated in one task, and opens in the next ones (a long task less). */
const openStore = (language: Language) =>
  import('./data/offline-store').then(async ({ openOfflineStore }) => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    return openOfflineStore(window.location.origin, language);
  });

/** A store whose opening waits for `open()` (called at most once, whoever asks). */
function putOff(opening: () => Promise<DataLayer>): Pick<DataSource, 'layer' | 'open'> {
  let asked: () => void = () => undefined;
  const wanted = new Promise<void>((resolve) => (asked = resolve));
  return { layer: wanted.then(opening), open: () => asked() };
}

/** After the page has painted, when the browser has a moment (at the latest after `timeout`). */
function afterPaint(timeout: number): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout });
      else setTimeout(resolve, 50);
    });
  });
}

/** The longest a first visit's service worker waits for the page's data (a pull that hangs). */
const SERVICE_WORKER_WAIT_MS = 15_000;

/**
 * Once the page's data is on the device (the store's first pulls have ended, whether or not they
 * succeeded) and the browser has a moment; at the latest after `SERVICE_WORKER_WAIT_MS`.
 */
function dataOnDevice(layer: Promise<DataLayer>): Promise<void> {
  const pulled = layer.then(({ sync }) =>
    Promise.all([sync.config.firstAttempt, sync.providers.firstAttempt, sync.content.current().firstAttempt]),
  );
  const cap = new Promise((resolve) => setTimeout(resolve, SERVICE_WORKER_WAIT_MS));
  return Promise.race([pulled, cap]).then(() => afterPaint(2_000));
}

/**
 * Not at the top level: the entry shares its chunk with the modules the screens import, so a module
 * awaiting a screen's code there would never finish evaluating, and the screen, which waits for it,
 * would never load.
 */
async function start(): Promise<void> {
  const served = servedPage();
  const root = document.getElementById('root')!;
  const choice = storedChoice();
  // The server renders in the language of the cookie; a device that chose another one before the
  // cookie existed renders anew in its own.
  const hydrate =
    served !== undefined && (!choice || choice === served.language || linkLanguage() === served.language);
  // A page hydrated keeps its stand-in font until the reader changes page; one drawn anew takes Inter.
  loadFonts({ takeAtOnce: !hydrate });
  let releaseLinks = () => {};

  if (served && hydrate) {
    if (Array.isArray(served.texts)) primeTexts(served.language, served.texts);
    const layer = afterPaint(2_000).then(() => openStore(served.language));
    const source: DataSource = { layer, reads: recordedReads(served.answers) };
    setUpPwa(dataOnDevice(layer));
    await Promise.all([initI18n(served.language), preloadScreen(window.location.pathname)]);
    // The server's HTML is painted first: hydrating must not hold the first paint.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    // Preact adopts the server's nodes and says nothing when they differ from its own render: it
    // writes its own text and nodes among them, and leaves their attributes as they were. Hydrating
    // changes no markup when both renders agree; when it did (here, or in a part hydrated later, see
    // hydrate-later.tsx), the page is rendered anew, whole (as React does), so that no element keeps
    // the server's attributes under the browser's content.
    const app = (
      <StrictMode>
        <App source={source} />
      </StrictMode>
    );
    let hydrated: ReturnType<typeof hydrateRoot> | undefined;
    let renderedAnew = false;
    const renderAnew = (server: string, browser: string) => {
      if (renderedAnew) return;
      renderedAnew = true;
      let at = 0;
      while (at < server.length && server[at] === browser[at]) at += 1;
      console.error(
        'The page could not be hydrated as the server rendered it:',
        `server ${JSON.stringify(server.slice(Math.max(0, at - 80), at + 80))},`,
        `browser ${JSON.stringify(browser.slice(Math.max(0, at - 80), at + 80))}`,
      );
      hydrated?.unmount();
      root.replaceChildren();
      createRoot(root).render(app);
    };
    const painted = root.innerHTML;
    releaseLinks = holdLinks();
    hydratePage(() => (hydrated = hydrateRoot(root, app)), renderAnew);
    const rendered = root.innerHTML;
    if (rendered !== painted) renderAnew(painted, rendered);
    // What the reader did meanwhile is done again once every part of the page answers.
    await pageHydrated();
  } else {
    // A link shared in a language (`?lang=`) opens in it here too, as the server renders it
    // (server/http/ssr.ts), and becomes the device's choice, as on a page hydrated in it.
    const linked = linkLanguage();
    const open = () => openStore(linked ?? storedLanguage());
    // The admin console is online only: its pages open no offline store (no database, no copy of
    // the directory); the store opens if the admin goes on to a page of the site.
    let source: DataSource;
    if (window.location.pathname.startsWith('/admin')) {
      source = { ...putOff(open), reads: recordedReads() };
      setUpPwa();
    } else {
      const layer = open();
      source = { layer, reads: recordedReads() };
      setUpPwa(dataOnDevice(layer));
    }
    await initI18n(linked);
    root.replaceChildren();
    createRoot(root).render(
      <StrictMode>
        <App source={source} />
      </StrictMode>,
    );
  }
  // Either way the recording stops; a page rendered anew (in another language) has none of the
  // elements tapped, so nothing of it is replayed. A link tapped while the parts were hydrated is
  // followed last.
  void replayEarlyInput(hydratedAt).then(releaseLinks);
}

void start().finally(() => setTimeout(() => document.getElementById('splash')?.remove(), SPLASH_REMOVAL_MS));
