/**
 * Parts of a server-rendered page hydrated each in a task of its own, after the rest of the page.
 *
 * Preact hydrates a page in one go (React sliced it, as a transition): the home page was one task of
 * about 50 ms here, 200 ms on a phone four times slower, during which a tap waits. A part wrapped in
 * `HydrateLater` suspends while the page is hydrated: Preact keeps its server nodes on screen and
 * hydrates them when its turn comes, one part per task, in the page's order. Taps on a part not yet
 * hydrated are not lost: the page's early-input recording (early-input.ts) runs until every part is.
 *
 * - What a part renders must be one element (a card, a section): a part that suspends keeps the first
 *   node the server wrote in its place, and the rest would be dropped.
 * - The part's own element (`as`, a `div` laid out as its content by default) holds it on both sides,
 *   so the markup is the server's wherever the part is rendered, hydrated or not.
 * - Each part is checked as `src/main.tsx` checks the page: hydrating it must not change its markup;
 *   when it does, `hydratePage`'s `mismatch` is told (the page is then rendered anew).
 * - Parts may hold parts: those take their turns once the part holding them is hydrated, after the
 *   turns already taken (the page's header, its content and its footer first, then the sections and
 *   cards within the content).
 */
import {
  createContext,
  createElement,
  Suspense,
  use,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type { ReactNode } from 'react';
import styles from './hydrate-later.module.css';

/** `hold`: the ref of the part's element. */
type Turn = { ready: Promise<void>; check: () => void; hold: (element: HTMLElement | null) => void };
type Mismatch = (server: string, browser: string) => void;

let hydrating = false;
let mismatch: Mismatch = () => undefined;
/** The turns taken so far: each part's starts once the previous part's task is over. */
let turns: Promise<void> = Promise.resolve();
/** When the page was hydrated, but for its parts; when each part was. */
let pageTime = Infinity;
const partTimes = new WeakMap<Element, number>();

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Runs `hydrate` (the call to `hydrateRoot`): the parts it meets take a turn each. */
export function hydratePage(hydrate: () => void, onMismatch: Mismatch): void {
  mismatch = onMismatch;
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
    pageTime = performance.now();
  }
}

/** When the part of the page holding `target` was hydrated (Infinity: not yet). */
export function hydratedAt(target: Element): number {
  for (let element: Element | null = target; element; element = element.parentElement) {
    const time = partTimes.get(element);
    if (time !== undefined) return time;
    if (element.hasAttribute('data-later')) return Infinity;
  }
  return pageTime;
}

/**
 * Resolves once every part met by `hydratePage` has been hydrated, the parts within parts too (they
 * take their turns when the part holding them is hydrated).
 */
export async function pageHydrated(): Promise<void> {
  let last: Promise<void>;
  do {
    last = turns;
    await last;
    await nextTask();
  } while (last !== turns);
}

function takeTurn(): Turn {
  let element: HTMLElement | null = null;
  let before: string | undefined;
  const ready = turns.then(nextTask).then(() => {
    before = element?.innerHTML;
  });
  turns = ready;
  return {
    ready,
    hold: (held) => {
      element = held;
    },
    check: () => {
      if (!element || before === undefined) return;
      partTimes.set(element, performance.now());
      if (element.innerHTML !== before) mismatch(before, element.innerHTML);
    },
  };
}

/**
 * Whether the part around is being hydrated (its first render, from the server's nodes): a part met
 * then, within it, is one of the server's too, and takes a turn of its own.
 */
const PartHydrating = createContext<{ current: boolean } | undefined>(undefined);

function Gate({ turn, children }: { turn: Turn; children: ReactNode }) {
  use(turn.ready);
  const hydrating = useRef(true);
  useLayoutEffect(() => {
    hydrating.current = false;
    turn.check();
  }, [turn]);
  return <PartHydrating.Provider value={hydrating}>{children}</PartHydrating.Provider>;
}

type Props = {
  children: ReactNode;
  /** The part's own element: `li` in a list. */
  as?: 'div' | 'li';
  className?: string;
};

export function HydrateLater({ children, as = 'div', className }: Props) {
  const around = useContext(PartHydrating);
  const [turn] = useState(() => (hydrating || around?.current ? takeTurn() : undefined));
  return createElement(
    as,
    { ref: turn?.hold, className: className ?? (as === 'div' ? styles.part : undefined), 'data-later': '' },
    turn ? (
      <Suspense fallback={null}>
        <Gate turn={turn}>{children}</Gate>
      </Suspense>
    ) : (
      children
    ),
  );
}
