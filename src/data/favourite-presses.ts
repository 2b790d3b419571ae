/**
 * Hearts pressed before the offline store could write them, kept in local storage until it has.
 * On a first visit the store opens a second or more after the page is shown; a reader who taps a
 * heart then and leaves the page at once (a link, a reload, the tab closed) kept only a promise in
 * the page's memory, and the favourite was lost. What is left here is written when the store next
 * opens (session-sync.ts), on this page or a later one.
 *
 * No dependency: the sign-out (auth.ts) clears what the user leaving had pressed.
 */

const KEY = 'sos-expat.favourite-presses';
/** A bound on what a damaged or hostile entry can make the store write. */
const MAX_PRESSES = 200;

/** The state each provider's heart was last asked for: true, a favourite; false, not any more. */
export type Presses = Record<string, boolean>;

export function pressesLeft(): Presses {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const entries = Object.entries(value).filter(
      (entry): entry is [string, boolean] => typeof entry[1] === 'boolean' && entry[0].length <= 200,
    );
    return Object.fromEntries(entries.slice(0, MAX_PRESSES));
  } catch {
    return {};
  }
}

function keep(presses: Presses): void {
  try {
    if (Object.keys(presses).length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(presses));
  } catch {
    // Storage full or disabled: the press is still written if the page stays open.
  }
}

export function rememberPress(providerId: string, wanted: boolean): void {
  keep({ ...pressesLeft(), [providerId]: wanted });
}

/** Once written: forgotten, unless a later press asked for the other state meanwhile. */
export function pressWritten(providerId: string, wanted: boolean): void {
  const presses = pressesLeft();
  if (presses[providerId] !== wanted) return;
  delete presses[providerId];
  keep(presses);
}

export function forgetPresses(): void {
  keep({});
}
