/**
 * What a reader does on a server-rendered page before its script has run is kept and done again
 * once the app has hydrated it: on a slow connection the page is readable (and tappable) a few
 * seconds before the app can answer, and a tap on a filter, a menu or the language menu meanwhile
 * would otherwise be lost, as would what they typed in a field (the help centre's search): the
 * renderer adopts the field with its text on screen but never hears of it, and wipes it at its next
 * render. Links need nothing before the app runs: the browser follows them itself. While the app
 * hydrates the page's parts, a tap on a link waits for the last part (`holdLinks`).
 *
 * The page's HTML starts the recording (`EARLY_INPUT_SCRIPT`, inlined by server/http/ssr.ts); the
 * app replays it once every part of the page is hydrated (parts come one task after another, see
 * hydrate-later.tsx).
 */
/**
 * `value`: a menu's choice; `typed`: a text field typed in (its text is read from it when replayed);
 * `at`: when the page heard of it (`performance.now()` as the event is dispatched). Not the event's
 * `timeStamp`: that is when the tap itself came, and a tap that came while the page was hydrating
 * waits for the end of that task and is then answered by the live page; by its time stamp it would
 * look unanswered, and be done twice (a menu opened, then closed again by the replay).
 */
type EarlyInput = { target: Element; value?: string; typed?: true; at?: number };
type EarlyWindow = { __earlyInput?: EarlyInput[]; __stopEarlyInput?: () => void };

/** Records taps on controls and changes of menus, until the app replays them. Plain ES5. */
export const EARLY_INPUT_SCRIPT = `(function(){var q=[];function keep(e){var t=e.target;
if(!t||!t.closest)return;if(e.type==='change'){if(t.tagName==='SELECT')q.push({target:t,value:t.value,at:performance.now()});return}
if(t.closest('a[href]'))return;var c=t.closest('button,[role=radio],[role=tab],[role=switch],[role=checkbox]');
if(c)q.push({target:c,at:performance.now()})}function typed(e){var t=e.target;if(!t||!(t.tagName==='TEXTAREA'||(t.tagName==='INPUT'&&
!/^(checkbox|radio|file)$/.test(t.type))))return;for(var i=0;i<q.length;i++)if(q[i].target===t)return;q.push({target:t,typed:true})}
document.addEventListener('click',keep,true);document.addEventListener('change',keep,true);document.addEventListener('input',typed,true);
window.__earlyInput=q;window.__stopEarlyInput=function(){document.removeEventListener('click',keep,true);
document.removeEventListener('change',keep,true);document.removeEventListener('input',typed,true)}})()`.replace(
  /\n/g,
  '',
);

/**
 * Stops the recording and does again, in order, what was recorded and is still on the page, each
 * in a task of its own, as the reader did: the page renders what one did before the next is done
 * (two filters set in one task would each start from the page before either, and the second would
 * undo the first). A tap or a choice made once its part of the page was hydrated (`hydratedAt`,
 * see hydrate-later.tsx) was answered then, and is not done again.
 */
export async function replayEarlyInput(
  hydratedAt: (target: Element) => number = () => Infinity,
): Promise<void> {
  const page = window as EarlyWindow;
  page.__stopEarlyInput?.();
  const recorded = page.__earlyInput ?? [];
  delete page.__earlyInput;
  delete page.__stopEarlyInput;
  for (const [index, { target, value, typed, at }] of recorded.entries()) {
    if (index > 0) await new Promise((resolve) => setTimeout(resolve, 0));
    if (!target.isConnected) continue;
    if (!typed && at !== undefined && at >= hydratedAt(target)) continue;
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
 * Tells the app of the text typed in a field before hydration: its `input` handler (`onChange`, in
 * Preact's compat) reads the field's text, as it would have for the reader's last key.
 */
function replayTyping(field: HTMLInputElement | HTMLTextAreaElement): void {
  if (field.value === field.defaultValue) return;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * From the start of hydration until the returned function is called: taps on the page's own links
 * wait, and the last one is followed then. A part of the page is hydrated only from the server's
 * nodes as they were: a link of the header, live before the content below it, would change the
 * page under that content's turn (its markup no longer the server's, and the whole page rendered
 * anew). Links to another site or a new tab, with a modifier key, or to a place on the same page go
 * as always.
 */
export function holdLinks(): () => void {
  let held: HTMLAnchorElement | undefined;
  const hold = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return;
    if ((link.target && link.target !== '_self') || link.origin !== window.location.origin) return;
    if (link.pathname === window.location.pathname && link.search === window.location.search && link.hash) {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    held = link;
  };
  document.addEventListener('click', hold, true);
  return () => {
    document.removeEventListener('click', hold, true);
    if (held?.isConnected) held.click();
    held = undefined;
  };
}
