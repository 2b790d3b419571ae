/**
 * Public pages as HTML, rendered by the server (src/ssr/render.tsx, built into `dist-ssr/`) from its
 * copy of the public databases (services/public-mirror.ts), in the reader's language: the page is
 * readable before any script runs, search engines find its title, description, canonical URL and
 * Open Graph tags, and the browser hydrates it with the answers it carries.
 *
 * Only the screens listed in `SCREEN_MODULES` are rendered; every other page (and any page whose
 * render fails) gets the app shell, as before. Rendered pages are cached for a short while, and
 * dropped as soon as the copy of the public databases changes.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Request } from 'express';
import { EARLY_INPUT_SCRIPT } from '../../src/app/early-input';
import { FONTS_EARLY_SCRIPT, FONTS_LOAD_SCRIPT } from '../../src/app/fonts';
import type { ScreenId } from '../../src/config/paths';
import { screenOfPath } from '../../src/config/paths';
import type { PublicAnswers, PublicData } from '../../src/data/public-reads';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES } from '../../src/domain/languages';
import type { Language } from '../../src/domain/languages';
import { LANGUAGE_COOKIE } from '../../src/i18n/language-cookie';
import { webManifestFile } from '../../src/i18n/web-manifest';
import { logError } from '../log';
import type { PublicMirror } from '../services/public-mirror';

/** The screens rendered on the server, with the module of each (its CSS and code are linked). */
const SCREEN_MODULES: Partial<Record<ScreenId, string>> = {
  home: 'src/features/home/home-page.tsx',
  howItWorks: 'src/features/home/how-it-works-page.tsx',
  providers: 'src/features/catalogue/providers-page.tsx',
  providerProfile: 'src/features/provider-profile/provider-profile-page.tsx',
  helpCentre: 'src/features/help/help-centre-page.tsx',
  helpArticle: 'src/features/help/help-article-page.tsx',
  faq: 'src/features/help/faq-page.tsx',
  pricing: 'src/features/pricing/pricing-page.tsx',
};

const CACHE_MS = 30_000;
const CACHE_ENTRIES = 500;
const URL_MAX = 1_000;

type RenderedPage = {
  html: string;
  answers: PublicAnswers;
  /** The names (in order) and figures the page shows: the browser hydrates without its own lookups. */
  texts: [string, string, string][];
  screen: ScreenId | undefined;
  title: string;
  description: string;
};
type RenderModule = {
  renderPage(url: string, language: Language, data: PublicData): Promise<RenderedPage>;
};
type ManifestEntry = { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestEntry>;

export type PageRenderer = {
  /** The page's HTML, or undefined when the app shell should answer. */
  render(req: Request): Promise<string | undefined>;
};

/**
 * The reader's language: `?lang=` (a link shared in a language), else the one chosen in the app
 * (its cookie), else French, the product's default, as the browser's app does.
 */
export function pageLanguage(req: Request): Language {
  const asked = req.query.lang;
  if (isLanguage(asked)) return asked;
  for (const [, name, value] of (req.headers.cookie ?? '').matchAll(/(?:^|;\s*)([^=;]+)=([^;]*)/g)) {
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return DEFAULT_LANGUAGE;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON inside a `<script>`: nothing in it can close the element or start a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The CSS and the code a screen's module needs, from the browser build's manifest. */
function screenAssets(manifest: Manifest, module: string): { css: string[]; js: string[] } {
  const css = new Set<string>();
  const js = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, withDynamic: boolean) => {
    if (seen.has(key)) return;
    seen.add(key);
    const entry = manifest[key];
    if (!entry || entry.file.startsWith('assets/admin-')) return;
    js.add(entry.file);
    for (const file of entry.css ?? []) css.add(file);
    for (const imported of entry.imports ?? []) visit(imported, false);
    // The screen's own lazy parts (the home's expert listing) render with it on the server.
    if (withDynamic) for (const imported of entry.dynamicImports ?? []) visit(imported, false);
  };
  visit(module, true);
  return { css: [...css], js: [...js] };
}

/**
 * The page's HTML is painted before any script is even fetched: on a weak connection the scripts
 * would otherwise share the first round trips with the HTML and the fonts, and evaluating them could
 * hold the first paint. Once the browser reports the first contentful paint (or after
 * `SCRIPTS_AT_THE_LATEST_MS`, for a tab that does not paint, like one opened in the background), one
 * inline script asks for every module the page needs at once (the entry's imports and the screen's,
 * as module preloads, so that none waits for the one importing it), starts the entry and loads the
 * app's font (src/app/fonts.ts).
 */
const SCRIPTS_AT_THE_LATEST_MS = 3_000;

function deferScripts(template: string, screenScripts: string[]): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\n?\s*/.exec(template);
  if (!entry) return template;
  const preloads = /<link rel="modulepreload" crossorigin href="([^"]+)">\n?\s*/g;
  const modules = [...template.matchAll(preloads)].map((link) => link[1]!);
  for (const file of screenScripts) if (!modules.includes(file)) modules.push(file);
  const start = `<script>(function(){var started=false;function start(){if(started)return;started=true;
var h=document.head;${FONTS_LOAD_SCRIPT};${scriptJson(modules)}.forEach(function(u){var l=document.createElement('link');
l.rel='modulepreload';l.crossOrigin='';l.href=u;h.appendChild(l)});var s=document.createElement('script');
s.type='module';s.crossOrigin='';s.src=${scriptJson(entry[1])};document.body.appendChild(s)}
try{new PerformanceObserver(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){
observer.disconnect();setTimeout(start,0)}}).observe({type:'paint',buffered:true})}
catch(e){requestAnimationFrame(function(){setTimeout(start,0)})}
setTimeout(start,${SCRIPTS_AT_THE_LATEST_MS})})()</script>`.replace(/\n/g, '');
  return template
    .replace(entry[0], '')
    .replace(preloads, '')
    .replace('</body>', `<script>${EARLY_INPUT_SCRIPT}</script>\n  ${start}\n  </body>`);
}

/**
 * The stylesheets a page needs, in its HTML: a first visit paints after one answer instead of
 * waiting for a dozen CSS files (slow 4G: a few round trips). Each file inlined is also named by a
 * stylesheet link the browser does not fetch, as its type is no styling language (the HTML
 * standard; Chromium 150 fetched one that was only `disabled`). The app, loading the screen's
 * code, adds a screen's CSS files unless a stylesheet link names them already, and adding them
 * again made the browser style and lay out the whole page once more (about 100 ms of a phone's main
 * thread) for rules it already had.
 */
function inlineStyles(files: string[], read: (file: string) => string | undefined): string[] {
  const texts = files.map(read);
  if (texts.some((text) => text === undefined || /<\/style/i.test(text))) {
    return files.map((file) => `<link rel="stylesheet" href="/${file}" />`);
  }
  return [
    `<style>${texts.join('\n')}</style>`,
    ...files.map((file) => `<link rel="stylesheet" type="text/x-inlined" href="/${file}" disabled />`),
  ];
}

export function createPageRenderer(options: {
  distDir: string;
  ssrDir?: string;
  mirror: PublicMirror;
  publicUrl: string;
}): PageRenderer | undefined {
  const ssrDir = options.ssrDir ?? path.join(options.distDir, '..', 'dist-ssr');
  const renderFile = path.join(ssrDir, 'render.js');
  const manifestFile = path.join(options.distDir, '.vite', 'manifest.json');
  const templateFile = path.join(options.distDir, 'index.html');
  if (![renderFile, manifestFile, templateFile].every((file) => existsSync(file))) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const template = readFileSync(templateFile, 'utf8');
  const shellEntry = manifest['index.html'];
  const shellFiles = new Set<string>();
  if (shellEntry) {
    const walk = (key: string) => {
      const entry = manifest[key];
      if (!entry || shellFiles.has(entry.file)) return;
      shellFiles.add(entry.file);
      for (const imported of entry.imports ?? []) walk(imported);
    };
    walk('index.html');
  }
  const renderer = import(pathToFileURL(renderFile).href) as Promise<RenderModule>;
  const styles = new Map<string, string | undefined>();
  const readStyle = (file: string) => {
    if (!styles.has(file)) {
      const where = path.join(options.distDir, file);
      styles.set(file, existsSync(where) ? readFileSync(where, 'utf8') : undefined);
    }
    return styles.get(file);
  };
  // The shell's own stylesheets (the entry's and its imports'), as the build linked them.
  const shellStyles = [...template.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g)].map(
    (link) => link[1]!,
  );
  const cache = new Map<string, { html: string; version: number; at: number }>();
  const origin = options.publicUrl.replace(/\/$/, '');

  function pageUrl(pathname: string, language: Language): string {
    return `${origin}${pathname}${language === 'fr' ? '' : `?lang=${language}`}`;
  }

  function document(page: RenderedPage, pathname: string, language: Language): string {
    const module = page.screen && SCREEN_MODULES[page.screen];
    const assets = module ? screenAssets(manifest, module) : { css: [], js: [] };
    const canonical = pageUrl(pathname, language);
    const head = [
      `<title>${escapeHtml(page.title)}</title>`,
      `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
      ...LANGUAGES.map(
        (other) =>
          `<link rel="alternate" hreflang="${other}" href="${escapeHtml(pageUrl(pathname, other))}" />`,
      ),
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="SOS Expat" />`,
      `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
      `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
      `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
      `<meta property="og:locale" content="${language}" />`,
      `<meta property="og:image" content="${escapeHtml(`${origin}/icons/icon-512.png`)}" />`,
      `<script>${FONTS_EARLY_SCRIPT}</script>`,
      ...inlineStyles([...new Set([...shellStyles, ...assets.css])], readStyle),
      // A page read without scripts names Inter at once: nothing would load it later.
      `<noscript><style>:root{--font:var(--font-loaded)}</style></noscript>`,
    ].join('\n    ');
    const data = `<script type="application/json" id="ssr-data">${scriptJson({ language, answers: page.answers, texts: page.texts })}</script>`;
    const screenScripts = assets.js.filter((file) => !shellFiles.has(file)).map((file) => `/${file}`);
    return (
      deferScripts(template, screenScripts)
        .replace(/<link rel="stylesheet" crossorigin href="[^"]+">\n?\s*/g, '')
        .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
        // The page's own manifest, so that installing it before the app has run names it in its language.
        .replace(
          /<link rel="manifest" href="[^"]*" \/>/,
          `<link rel="manifest" href="/${webManifestFile(language)}" />`,
        )
        .replace(
          /<meta name="description" content="[^"]*" \/>/,
          `<meta name="description" content="${escapeHtml(page.description)}" />`,
        )
        .replace(/<title>[^<]*<\/title>/, head)
        .replace(/<div id="splash"[\s\S]*?<\/div>/, '')
        .replace('<div id="root"></div>', `<div id="root">${page.html}</div>${data}`)
    );
  }

  return {
    async render(req) {
      const screen = screenOfPath(req.path);
      if (!screen || !SCREEN_MODULES[screen] || req.originalUrl.length > URL_MAX) return undefined;
      const language = pageLanguage(req);
      try {
        const { data, version } = await options.mirror.current();
        const key = `${language}\n${req.originalUrl}`;
        const cached = cache.get(key);
        if (cached && cached.version === version && Date.now() - cached.at < CACHE_MS) return cached.html;
        const { renderPage } = await renderer;
        const page = await renderPage(req.originalUrl, language, data);
        const html = document(page, req.path, language);
        if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
        cache.set(key, { html, version, at: Date.now() });
        return html;
      } catch (error) {
        logError('[ssr] the page could not be rendered; the app shell answers', error);
        return undefined;
      }
    },
  };
}
