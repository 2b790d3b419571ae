/**
 * Whether the user is pressing something right now: from a pointer going down to the click that
 * press makes. Screens use it to keep the layout still under the finger (an error line that
 * appears on blur, a panel that closes when the focus leaves it): a control that moves between
 * the press and the release loses the tap.
 *
 * The press ends at the click, not at the pointer's release: on a touch screen the focus moves
 * (and blur handlers run) only after the finger lifts, just before the click. A press that
 * makes no click (dragged off the page, a long press, a scroll) ends on `pointercancel` or shortly
 * after the release.
 */

/** How long after a release with no click the press is considered over. */
const RELEASE_WITHOUT_CLICK_MS = 1000;

let pressing = false;
let listening = false;
let fallback: ReturnType<typeof setTimeout> | undefined;
const subscribers = new Set<() => void>();

function notifyAll() {
  for (const notify of subscribers) notify();
}

function setPressing(value: boolean) {
  if (pressing === value) return;
  pressing = value;
  notifyAll();
}

function release() {
  clearTimeout(fallback);
  setPressing(false);
}

/** Capture phase: seen before any handler of the page, even one that stops the event. */
function listen() {
  if (listening) return;
  listening = true;
  document.addEventListener(
    'pointerdown',
    (event) => {
      if (!event.isPrimary) return;
      clearTimeout(fallback);
      setPressing(true);
    },
    true,
  );
  document.addEventListener(
    'pointerup',
    () => {
      clearTimeout(fallback);
      fallback = setTimeout(release, RELEASE_WITHOUT_CLICK_MS);
    },
    true,
  );
  // The click ends the press at once, so that what its own handlers change shows directly (the
  // errors of a refused submit). Subscribers hear of it once the click has been handled: a render
  // in the middle of it would untick a controlled checkbox before React's handler sees it ticked.
  document.addEventListener(
    'click',
    () => {
      clearTimeout(fallback);
      if (!pressing) return;
      pressing = false;
      setTimeout(notifyAll);
    },
    true,
  );
  document.addEventListener('pointercancel', release, true);
}

/** Calls `notify` whenever a press begins or ends; returns the unsubscription. */
export function subscribeToPress(notify: () => void): () => void {
  listen();
  subscribers.add(notify);
  return () => {
    subscribers.delete(notify);
  };
}

/** Whether a press is under way (false until someone subscribes: nothing is tracked before). */
export function isPressing(): boolean {
  return pressing;
}
