// @vitest-environment jsdom
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydratedAt, hydratePage, HydrateLater, pageHydrated } from '../../src/app/hydrate-later';

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {name} {count}
    </button>
  );
}

function Page({ label = 'second' }: { label?: string }) {
  return (
    <main>
      <Counter name="first" />
      <HydrateLater>
        <section>
          <Counter name={label} />
        </section>
      </HydrateLater>
      <ul>
        <HydrateLater as="li">
          <Counter name="third" />
        </HydrateLater>
      </ul>
    </main>
  );
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent!.startsWith(name))!;

describe('parts hydrated later', () => {
  afterEach(() => document.body.replaceChildren());

  it('keep the server’s markup, and answer one task after another, in the page’s order', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    root.innerHTML = renderToString((<Page />) as unknown as VNode);
    const served = root.innerHTML;
    expect(served).toMatch(/<div data-later=""[^>]*><section>/);
    expect(served).toContain('<li data-later="">');
    const mismatch = vi.fn();

    hydratePage(() => hydrateRoot(root, <Page />), mismatch);
    expect(root.innerHTML).toBe(served);
    button('first').click();
    button('second').click();
    button('third').click();
    await Promise.resolve();
    // The page answers at once; its parts not yet.
    expect(button('first').textContent).toBe('first 1');
    expect(button('second').textContent).toBe('second 0');
    expect(hydratedAt(button('first'))).toBeLessThan(Infinity);
    expect(hydratedAt(button('second'))).toBe(Infinity);

    // One task later, the first part answers; the next one a task after.
    await nextTask();
    button('second').click();
    button('third').click();
    await Promise.resolve();
    expect(button('second').textContent).toBe('second 1');
    expect(button('third').textContent).toBe('third 0');

    await pageHydrated();
    button('third').click();
    await Promise.resolve();
    expect(button('third').textContent).toBe('third 1');
    expect(hydratedAt(button('second'))).toBeLessThan(hydratedAt(button('third')));
    expect(mismatch).not.toHaveBeenCalled();
  });

  it('within a part, take turns of their own once the part holding them is hydrated', async () => {
    function Nested() {
      return (
        <main>
          <Counter name="page" />
          <HydrateLater>
            <section>
              <Counter name="outer" />
              <ul>
                <HydrateLater as="li">
                  <Counter name="inner" />
                </HydrateLater>
              </ul>
            </section>
          </HydrateLater>
        </main>
      );
    }
    const root = document.createElement('div');
    document.body.append(root);
    root.innerHTML = renderToString((<Nested />) as unknown as VNode);
    const served = root.innerHTML;
    const mismatch = vi.fn();

    hydratePage(() => hydrateRoot(root, <Nested />), mismatch);
    const done = pageHydrated();
    for (let task = 0; task < 5 && hydratedAt(button('outer')) === Infinity; task++) await nextTask();
    // The outer part is hydrated; the one within it keeps the server's nodes, and is not live yet.
    expect(root.innerHTML).toBe(served);
    expect(hydratedAt(button('outer'))).toBeLessThan(Infinity);
    expect(hydratedAt(button('inner'))).toBe(Infinity);
    button('inner').click();
    await Promise.resolve();
    expect(button('inner').textContent).toBe('inner 0');

    await done;
    expect(hydratedAt(button('inner'))).toBeGreaterThan(hydratedAt(button('outer')));
    button('inner').click();
    await Promise.resolve();
    expect(button('inner').textContent).toBe('inner 1');
    expect(root.innerHTML).toBe(served.replace('inner 0', 'inner 1'));
    expect(mismatch).not.toHaveBeenCalled();
  });

  it('tell of a part whose markup is not what the browser renders', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    root.innerHTML = renderToString((<Page label="server" />) as unknown as VNode);
    const mismatch = vi.fn();
    hydratePage(() => hydrateRoot(root, <Page label="browser" />), mismatch);
    await pageHydrated();
    expect(mismatch).toHaveBeenCalledTimes(1);
    expect(mismatch.mock.calls[0]![0]).toContain('server 0');
    expect(mismatch.mock.calls[0]![1]).toContain('browser 0');
  });

  it('render at once outside a hydration (a page reached in the app)', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const { createRoot } = await import('react-dom/client');
    createRoot(root).render(<Page />);
    await Promise.resolve();
    button('second').click();
    await Promise.resolve();
    expect(button('second').textContent).toBe('second 1');
  });
});
