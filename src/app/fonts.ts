/**
 * The app's typeface (Inter) never holds up a first visit. Until it has loaded, the text is drawn in
 * a local font sized to take Inter's room ('Inter Fallback', src/ui/theme.css); the stylesheet names
 * Inter only under `html.fonts`, and a font named nowhere is not fetched: fetched before the first
 * paint it would share a weak connection's first round trips with the page.
 *
 * After the first paint the font is loaded, but a page the server rendered keeps its stand-in:
 * taking Inter means shaping and laying out every line again (about 200 ms of a phone's main thread,
 * at the moment the page becomes usable), for a change the reader can hardly see. It is taken at
 * the next change of page, which is laid out anew anyway, and from then on at once: a device that
 * has loaded the font sets `fonts` before its pages' first paint (`FONTS_EARLY_SCRIPT`, in the
 * head of the server's HTML). A page the app draws itself (offline, the console) takes it as soon as
 * it has loaded.
 */
const FONTS_CLASS = 'fonts';
const LOADED_KEY = 'sos-expat:fonts';
/** A sample of every subset a page needs at once: Latin, and Cyrillic (the language menu's "Русский"). */
const SAMPLE = 'AaЯя';
const FONT = '1em "Inter Variable"';

type FontsWindow = { __fontsLoading?: boolean };

/** Sets `html.fonts` before the first paint on a device that has the font already. Inlined in the head. */
export const FONTS_EARLY_SCRIPT = `try{if(localStorage.getItem('${LOADED_KEY}'))document.documentElement.classList.add('${FONTS_CLASS}')}catch(e){}`;

/** Loads Inter and notes it, without taking it. Inlined after the first paint (server/http/ssr.ts). */
export const FONTS_LOAD_SCRIPT = `(function(){var f=document.fonts;
if(!f||!f.load||document.documentElement.classList.contains('${FONTS_CLASS}')||window.__fontsLoading)return;
window.__fontsLoading=true;f.load('${FONT}','${SAMPLE}').then(function(){if(!f.check('${FONT}','${SAMPLE}'))throw 0;
try{localStorage.setItem('${LOADED_KEY}','1')}catch(e){}}).catch(function(){window.__fontsLoading=false})})()`.replace(
  /\n/g,
  '',
);

/**
 * From the app as it starts: loads Inter unless the page's own script is doing so, and takes it
 * once loaded when `takeAtOnce` (a page the app draws itself; not one the server rendered).
 */
export function loadFonts({ takeAtOnce }: { takeAtOnce: boolean }): void {
  const root = document.documentElement;
  if (root.classList.contains(FONTS_CLASS)) return;
  if (!('fonts' in document)) {
    root.classList.add(FONTS_CLASS);
    return;
  }
  if (takeAtOnce && loadedBefore()) {
    root.classList.add(FONTS_CLASS);
    return;
  }
  const page = window as FontsWindow;
  if (page.__fontsLoading) {
    if (takeAtOnce) void document.fonts.ready.then(takeLoadedFonts);
    return;
  }
  page.__fontsLoading = true;
  document.fonts.load(FONT, SAMPLE).then(
    () => {
      if (!document.fonts.check(FONT, SAMPLE)) {
        // Not reachable now (offline, not cached): the stand-in stays, and the next page tries again.
        page.__fontsLoading = false;
        return;
      }
      remember();
      if (takeAtOnce) root.classList.add(FONTS_CLASS);
    },
    () => {
      page.__fontsLoading = false;
    },
  );
}

/** At a change of page: Inter from now on, if it has loaded meanwhile. */
export function takeLoadedFonts(): void {
  const root = document.documentElement;
  if (root.classList.contains(FONTS_CLASS) || !('fonts' in document)) return;
  if (document.fonts.check(FONT, SAMPLE)) root.classList.add(FONTS_CLASS);
}

function remember(): void {
  try {
    localStorage.setItem(LOADED_KEY, '1');
  } catch {
    // Storage refused (private mode): each page loads the font again, from the browser's cache.
  }
}

function loadedBefore(): boolean {
  try {
    return localStorage.getItem(LOADED_KEY) !== null;
  } catch {
    return false;
  }
}
