/**
 * What a reader does on a server-rendered page before its script has run is kept and done again
 * once the app has hydrated it: on a slow connection the page is readable (and tappable) a few
 * seconds before the app can answer, and a tap on a filter, a menu or the language menu meanwhile
 * would otherwise be lost. Links need nothing: the browser follows them itself.
 *
 * The page's HTML starts the recording (`EARLY_INPUT_SCRIPT`, inlined by server/http/ssr.ts); the
 * app replays it right after it has started hydrating, which React then completes at once for the
 * part of the page the replayed event reaches.
 */
type EarlyInput = { target: Element; value?: string };
type EarlyWindow = { __earlyInput?: EarlyInput[]; __stopEarlyInput?: () => void };

/** Records taps on controls and changes of menus, until the app replays them. Plain ES5. */
export const EARLY_INPUT_SCRIPT = `(function(){var q=[];function keep(e){var t=e.target;
if(!t||!t.closest)return;if(e.type==='change'){if(t.tagName==='SELECT')q.push({target:t,value:t.value});return}
if(t.closest('a[href]'))return;var c=t.closest('button,[role=radio],[role=tab],[role=switch],[role=checkbox]');
if(c)q.push({target:c})}document.addEventListener('click',keep,true);document.addEventListener('change',keep,true);
window.__earlyInput=q;window.__stopEarlyInput=function(){document.removeEventListener('click',keep,true);
document.removeEventListener('change',keep,true)}})()`.replace(/\n/g, '');

/** Stops the recording and does again, in order, what was recorded and is still on the page. */
export function replayEarlyInput(): void {
  const page = window as EarlyWindow;
  page.__stopEarlyInput?.();
  const recorded = page.__earlyInput ?? [];
  delete page.__earlyInput;
  delete page.__stopEarlyInput;
  for (const { target, value } of recorded) {
    if (!target.isConnected) continue;
    if (value !== undefined && target instanceof HTMLSelectElement) {
      target.value = value;
      target.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (target instanceof HTMLElement) {
      target.click();
    }
  }
}
