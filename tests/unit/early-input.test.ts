// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EARLY_INPUT_SCRIPT, holdLinks, replayEarlyInput } from '../../src/app/early-input';

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

describe('links tapped while the page is hydrated', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  /** A link as the router renders it: its own handler follows it in the page. */
  function routerLink(href: string, attributes: Record<string, string> = {}) {
    const link = document.createElement('a');
    link.href = href;
    for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
    link.textContent = 'Tarifs';
    document.body.append(link);
    const followed: string[] = [];
    link.addEventListener('click', (event) => {
      if (event.defaultPrevented) return;
      event.preventDefault(); // the router's navigation, in the page
      followed.push(link.pathname);
    });
    return { link, followed };
  }

  it('wait for the last part, and the last one is followed then, once', () => {
    const release = holdLinks();
    const first = routerLink('/providers');
    const second = routerLink('/tarifs');
    first.link.click();
    second.link.click();
    expect([...first.followed, ...second.followed]).toEqual([]);
    release();
    expect(first.followed).toEqual([]);
    expect(second.followed).toEqual(['/tarifs']);
    second.link.click(); // live now: nothing holds it
    expect(second.followed).toEqual(['/tarifs', '/tarifs']);
  });

  it('let through a new tab, another site and a place on the same page', () => {
    const release = holdLinks();
    const newTab = routerLink('/tarifs', { target: '_blank' });
    newTab.link.click();
    const elsewhere = routerLink('https://example.org/');
    elsewhere.link.click();
    const anchor = routerLink('#main');
    anchor.link.click();
    const modified = routerLink('/providers');
    modified.link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
    expect([newTab, elsewhere, anchor, modified].map(({ followed }) => followed.length)).toEqual([
      1, 1, 1, 1,
    ]);
    release();
  });
});
