/**
 * The app's typeface (Inter) arrives after the first paint, not before it. Until it has loaded, the
 * text is drawn in a local font sized to take Inter's room ('Inter Fallback', src/ui/theme.css), so
 * a first visit on a weak connection reads at once, and the switch, made in one step once the font
 * is there, moves next to nothing. The stylesheet names Inter only under `html.fonts`: a font named
 * nowhere is not fetched, and fetched before the first paint it would share the connection's first
 * round trips with the page.
 *
 * A device that has loaded the font once has it in its caches: its pages set `fonts` before their
 * first paint (`FONTS_EARLY_SCRIPT`, in the head of the server's HTML) and never show the stand-in.
 */
const FONTS_CLASS = 'fonts';
const LOADED_KEY = 'sos-expat:fonts';
/** A sample of every subset a page needs at once: Latin, and Cyrillic (the language menu's "Русский"). */
const SAMPLE = 'AaЯя';
const FONT = '1em "Inter Variable"';

/** Sets `html.fonts` before the first paint on a device that has the font already. Inlined in the head. */
export const FONTS_EARLY_SCRIPT = `try{if(localStorage.getItem('${LOADED_KEY}'))document.documentElement.classList.add('${FONTS_CLASS}')}catch(e){}`;

/** Loads Inter, then sets `html.fonts`. Inlined after the first paint (server/http/ssr.ts). */
export const FONTS_LOAD_SCRIPT = `(function(){var r=document.documentElement,f=document.fonts;
if(r.classList.contains('${FONTS_CLASS}')||window.__fontsLoading)return;if(!f||!f.load){r.classList.add('${FONTS_CLASS}');return}
window.__fontsLoading=true;function failed(){window.__fontsLoading=false}
f.load('${FONT}','${SAMPLE}').then(function(){if(!f.check('${FONT}','${SAMPLE}'))return failed();
r.classList.add('${FONTS_CLASS}');try{localStorage.setItem('${LOADED_KEY}','1')}catch(e){}},failed)})()`.replace(
  /\n/g,
  '',
);

/**
 * The same from the app, for the pages the server did not render (the offline shell, the console):
 * loads Inter unless the page's own script has (or is doing so).
 */
export function loadFonts(): void {
  const root = document.documentElement;
  const page = window as { __fontsLoading?: boolean };
  if (root.classList.contains(FONTS_CLASS) || page.__fontsLoading) return;
  if (!('fonts' in document) || loadedBefore()) {
    root.classList.add(FONTS_CLASS);
    return;
  }
  page.__fontsLoading = true;
  const failed = () => {
    // Not reachable now (offline, not cached): the stand-in stays, and the next page tries again.
    page.__fontsLoading = false;
  };
  document.fonts.load(FONT, SAMPLE).then(() => {
    if (!document.fonts.check(FONT, SAMPLE)) return failed();
    root.classList.add(FONTS_CLASS);
    try {
      localStorage.setItem(LOADED_KEY, '1');
    } catch {
      // Storage refused (private mode): the next page shows the stand-in a moment again.
    }
  }, failed);
}

function loadedBefore(): boolean {
  try {
    return localStorage.getItem(LOADED_KEY) !== null;
  } catch {
    return false;
  }
}
