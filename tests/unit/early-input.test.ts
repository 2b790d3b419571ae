// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EARLY_INPUT_SCRIPT, replayEarlyInput } from '../../src/app/early-input';

/** A menu button as the app renders it once live: each tap toggles it. */
function menuButton(): { button: HTMLButtonElement; taps: () => number; goLive: () => void } {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Menu';
  document.body.append(button);
  let count = 0;
  return {
    button,
    taps: () => count,
    goLive: () => button.addEventListener('click', () => (count += 1)),
  };
}

/** A tap whose event says it came at `timeStamp` (the browser stamps the input, not its dispatch). */
function tap(target: Element, timeStamp: number): void {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'timeStamp', { value: timeStamp });
  target.dispatchEvent(event);
}

describe('early input', () => {
  beforeEach(() => {
    // What the server's page runs first (server/http/ssr.ts inlines it).
    new Function(EARLY_INPUT_SCRIPT)();
  });
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('does again a tap the page was not yet live to answer', async () => {
    const menu = menuButton();
    tap(menu.button, performance.now());
    menu.goLive();
    const hydrated = performance.now() + 1;
    await replayEarlyInput(() => hydrated);
    expect(menu.taps()).toBe(1);
  });

  it('does not do twice a tap that came during hydration and was answered by the live page', async () => {
    const menu = menuButton();
    // The tap came while the page was hydrating (its time stamp is before the end), and was
    // dispatched once that task was over, to the live page.
    const cameAt = performance.now();
    menu.goLive();
    const hydrated = performance.now() + 1e-3;
    while (performance.now() <= hydrated) {
      // the rest of the hydration task
    }
    tap(menu.button, cameAt);
    expect(menu.taps()).toBe(1);
    await replayEarlyInput(() => hydrated);
    expect(menu.taps()).toBe(1);
  });

  it('replays nothing of an element no longer on the page', async () => {
    const menu = menuButton();
    tap(menu.button, performance.now());
    menu.goLive();
    menu.button.remove();
    await replayEarlyInput(() => Infinity);
    expect(menu.taps()).toBe(0);
  });
});
