/**
 * Installability and updates. The service worker is registered only when none controls the page
 * (spec section 7); when one already does, the browser keeps checking for updates on navigation and
 * we only watch for a new version waiting. A waiting version takes over when the user accepts the
 * update prompt, and the page reloads onto it. The browser's install prompt is kept until the user
 * asks to install.
 */
import { useSyncExternalStore } from 'react';

type InstallPromptEvent = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: string }> };
export type PwaState = { updateReady: boolean; canInstall: boolean };

const SERVER_STATE: PwaState = { updateReady: false, canInstall: false };
let state: PwaState = SERVER_STATE;
let applyUpdate: (() => void) | undefined;
let installEvent: InstallPromptEvent | undefined;
const listeners = new Set<() => void>();

function set(next: Partial<PwaState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * `dataReady`: resolves once the page's own data is on the device (src/main.tsx); a first visit
 * registers the service worker only then, so that its precache (some 200 files, about 1 MB) does not
 * compete with that data for a weak connection, nor for the processor while the page becomes usable.
 */
export function setUpPwa(dataReady: Promise<unknown> = Promise.resolve()) {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installEvent = event as InstallPromptEvent;
    set({ canInstall: true });
  });
  window.addEventListener('appinstalled', () => {
    installEvent = undefined;
    set({ canInstall: false });
  });
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;

  if (!navigator.serviceWorker.controller) {
    void dataReady.then(registerServiceWorker, registerServiceWorker);
  } else {
    void navigator.serviceWorker.getRegistration().then((registration) => {
      if (!registration) return;
      watchRegistration(registration);
      setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    });
  }
}

/**
 * A first visit registers the service worker; workbox-window is a chunk of its own, since nothing
 * of it is needed to render the page (Workbox registers once the page has loaded, if it has not yet).
 */
async function registerServiceWorker() {
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', () => {
    offerUpdate(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  // Without a service worker the app still works online (a private window, a policy): not an error.
  const registration = await workbox
    .register()
    .catch((error: unknown) => console.warn('No service worker:', error));
  // Registered and active already (by an earlier page of this visit), the worker is not installed
  // again, and claims no page: one whose navigation began before it activated (or a reload that
  // bypassed it) would stay uncontrolled, its screens' code out of reach offline. It asks.
  if (registration?.active && !navigator.serviceWorker.controller) {
    registration.active.postMessage({ type: 'CLAIM' });
  }
}

function watchRegistration(registration: ServiceWorkerRegistration) {
  const offer = (worker: ServiceWorker) =>
    offerUpdate(() => {
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
        once: true,
      });
      worker.postMessage({ type: 'SKIP_WAITING' });
    });
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
    });
  });
}

function offerUpdate(apply: () => void) {
  applyUpdate = apply;
  set({ updateReady: true });
}

export function acceptUpdate() {
  applyUpdate?.();
}

export async function promptInstall(): Promise<void> {
  const event = installEvent;
  if (!event) return;
  await event.prompt();
  await event.userChoice;
  installEvent = undefined;
  set({ canInstall: false });
}

/** The current state, outside React. */
export function pwaState(): PwaState {
  return state;
}

export function usePwaState(): PwaState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    // A page the server rendered is hydrated with nothing to offer yet, then follows the browser.
    () => SERVER_STATE,
  );
}
