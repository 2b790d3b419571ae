// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const register = vi.fn(async () => undefined);
const workboxListeners = new Map<string, () => void>();
vi.mock('workbox-window', () => ({
  Workbox: class {
    register = register;
    messageSkipWaiting = vi.fn();
    addEventListener(type: string, listener: () => void) {
      workboxListeners.set(type, listener);
    }
  },
}));

function stubServiceWorker(controller: object | null, registration?: object) {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      controller,
      getRegistration: vi.fn(async () => registration),
      addEventListener: vi.fn(),
    },
  });
}

describe('service worker registration and updates', () => {
  beforeEach(() => {
    vi.resetModules();
    register.mockClear();
    workboxListeners.clear();
    vi.stubEnv('DEV', false);
  });
  afterEach(() => vi.unstubAllEnvs());

  it('registers /sw.js when no service worker controls the page, and offers a waiting version', async () => {
    stubServiceWorker(null);
    const pwa = await import('../../src/app/pwa');
    pwa.setUpPwa();
    // workbox-window is loaded when needed, so the registration follows a moment later.
    await vi.waitFor(() => expect(register).toHaveBeenCalledTimes(1));
    workboxListeners.get('waiting')!();
    const { renderHook } = await import('@testing-library/react');
    const { result } = renderHook(() => pwa.usePwaState());
    expect(result.current.updateReady).toBe(true);
  });

  it("waits for the page's data before registering, so that the precache does not compete with it", async () => {
    stubServiceWorker(null);
    const pwa = await import('../../src/app/pwa');
    let dataOnDevice: () => void = () => undefined;
    pwa.setUpPwa(new Promise<void>((resolve) => (dataOnDevice = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(register).not.toHaveBeenCalled();
    dataOnDevice();
    await vi.waitFor(() => expect(register).toHaveBeenCalledTimes(1));
  });

  it('registers all the same when the data could not be brought', async () => {
    stubServiceWorker(null);
    const pwa = await import('../../src/app/pwa');
    pwa.setUpPwa(Promise.reject(new Error('offline')));
    await vi.waitFor(() => expect(register).toHaveBeenCalledTimes(1));
  });

  it('does not register again when one already controls the page, but still offers a waiting version', async () => {
    const waiting = { postMessage: vi.fn() };
    stubServiceWorker({}, { waiting, addEventListener: vi.fn(), update: vi.fn(async () => undefined) });
    const pwa = await import('../../src/app/pwa');
    pwa.setUpPwa();
    await vi.waitFor(() => expect(pwa.pwaState().updateReady).toBe(true));
    expect(register).not.toHaveBeenCalled();
    pwa.acceptUpdate();
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });

  it('keeps the browser install prompt until the user asks to install', async () => {
    stubServiceWorker({}, undefined);
    const pwa = await import('../../src/app/pwa');
    pwa.setUpPwa();
    const prompt = vi.fn(async () => undefined);
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(pwa.pwaState().canInstall).toBe(true);
    await pwa.promptInstall();
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(pwa.pwaState().canInstall).toBe(false);
  });
});
