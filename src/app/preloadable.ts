/**
 * A lazily loaded component that can also be loaded ahead (`preload`). Once loaded it renders at
 * once, without suspending: the server renders a page whose screens it has loaded in order (no
 * fallback streamed first), and the browser hydrates it the same way after loading them too.
 * Before that it is `React.lazy`: it suspends to the nearest fallback while its code arrives.
 */
import { createElement, lazy } from 'react';
import type { ComponentType } from 'react';

export type Preloadable<P extends object> = ComponentType<P> & {
  preload(): Promise<ComponentType<P>>;
};

export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloaded(props: P) {
    return loaded ? createElement(loaded, props) : createElement(Lazy as unknown as ComponentType<P>, props);
  }
  return Object.assign(Preloaded, { preload });
}

/** Loads the parts a loaded screen renders lazily itself (its `preloadParts`), if it has any. */
export async function preloadParts(component: object): Promise<void> {
  await (component as { preloadParts?: () => Promise<unknown> }).preloadParts?.();
}
