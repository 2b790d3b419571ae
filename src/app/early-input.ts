/**
 * What a reader does on a server-rendered page before its script has run is kept and done again
 * once the app has hydrated it: on a slow connection the page is readable (and tappable) a few
 * seconds before the app can answer, and a tap on a filter, a menu or the language menu meanwhile
 * would otherwise be lost, as would what they typed in a field (the help centre's search): React
 * leaves the text on screen but never hears of it, and wipes it at its next render. Links need
 * nothing: the browser follows them itself.
 *
 * The page's HTML starts the recording (`EARLY_INPUT_SCRIPT`, inlined by server/http/ssr.ts); the
 * app replays it right after it has started hydrating, which React then completes at once for the
 * part of the page the replayed event reaches.
 */
/** `value`: a menu's choice; `typed`: a text field typed in (its text is read from it when replayed). */
type EarlyInput = { target: Element; value?: string; typed?: true };
type EarlyWindow = { __earlyInput?: EarlyInput[]; __stopEarlyInput?: () => void };

/** Records taps on controls and changes of menus, until the app replays them. Plain ES5. */
export const EARLY_INPUT_SCRIPT = `(function(){var q=[];function keep(e){var t=e.target;
if(!t||!t.closest)return;if(e.type==='change'){if(t.tagName==='SELECT')q.push({target:t,value:t.value});return}
if(t.closest('a[href]'))return;var c=t.closest('button,[role=radio],[role=tab],[role=switch],[role=checkbox]');
if(c)q.push({target:c})}function typed(e){var t=e.target;if(!t||!(t.tagName==='TEXTAREA'||(t.tagName==='INPUT'&&
!/^(checkbox|radio|file)$/.test(t.type))))return;for(var i=0;i<q.length;i++)if(q[i].target===t)return;q.push({target:t,typed:true})}
document.addEventListener('click',keep,true);document.addEventListener('change',keep,true);document.addEventListener('input',typed,true);
window.__earlyInput=q;window.__stopEarlyInput=function(){document.removeEventListener('click',keep,true);
document.removeEventListener('change',keep,true);document.removeEventListener('input',typed,true)}})()`.replace(
  /\n/g,
  '',
);

/**
 * Stops the recording and does again, in order, what was recorded and is still on the page, each
 * in a task of its own, as the reader did: React renders what one did before the next is done (two
 * filters set in one task would each start from the page before either, and the second would undo
 * the first).
 */
export async function replayEarlyInput(): Promise<void> {
  const page = window as EarlyWindow;
  page.__stopEarlyInput?.();
  const recorded = page.__earlyInput ?? [];
  delete page.__earlyInput;
  delete page.__stopEarlyInput;
  for (const [index, { target, value, typed }] of recorded.entries()) {
    if (index > 0) await new Promise((resolve) => setTimeout(resolve, 0));
    if (!target.isConnected) continue;
    if (typed && (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) {
      replayTyping(target);
    } else if (value !== undefined && target instanceof HTMLSelectElement) {
      target.value = value;
      target.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (target instanceof HTMLElement) {
      target.click();
    }
  }
}

/**
 * Tells React of the text in a field typed before hydration. React hydrates the field keeping its
 * text, but takes that text as the one it knows, so that no change is ever reported. So: a first
 * `input` event makes React hydrate the field at once (a discrete event does); the field is then
 * set back to the server's text through React's own setter (which React notes) and to the typed
 * text past it (which it does not), and a second `input` event is a change from one to the other.
 */
function replayTyping(field: HTMLInputElement | HTMLTextAreaElement): void {
  const text = field.value;
  if (text === field.defaultValue) return;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.value = field.defaultValue;
  const prototype =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
