/**
 * The optional `x-client-context` header of sign-in, registration and sign-out: what the
 * authentication log keeps about the device (spec section 3: viewport, screen size, device type,
 * operating system and browser, online state, connection speed). Never anything personal.
 */
import { BREAKPOINT_DESKTOP, BREAKPOINT_TABLET } from '../domain/constants';

export type ClientContext = {
  viewport: string;
  screenSize: string;
  device: { type: 'mobile' | 'tablet' | 'desktop'; os: string; browser: string };
  isOnline: boolean;
  connectionSpeed: string;
};

const OS: [RegExp, string][] = [
  [/Android/i, 'Android'],
  [/iPhone|iPad|iPod/i, 'iOS'],
  [/Windows/i, 'Windows'],
  [/Mac OS X|Macintosh/i, 'macOS'],
  [/CrOS/i, 'ChromeOS'],
  [/Linux/i, 'Linux'],
];
const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const firstMatch = (list: [RegExp, string][], ua: string) =>
  list.find(([pattern]) => pattern.test(ua))?.[1] ?? 'other';

export function describeClient(
  ua: string,
  viewport: { width: number; height: number },
  screen: { width: number; height: number },
  online: boolean,
  effectiveType: string | undefined,
): ClientContext {
  const type =
    viewport.width < BREAKPOINT_TABLET
      ? 'mobile'
      : viewport.width < BREAKPOINT_DESKTOP
        ? 'tablet'
        : 'desktop';
  return {
    viewport: `${viewport.width}x${viewport.height}`,
    screenSize: `${screen.width}x${screen.height}`,
    device: { type, os: firstMatch(OS, ua), browser: firstMatch(BROWSERS, ua) },
    isOnline: online,
    connectionSpeed: effectiveType ?? 'unknown',
  };
}

/** The header for the current page, or none outside a browser. */
export function clientContextHeader(): Record<string, string> {
  if (typeof window === 'undefined') return {};
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection;
  const context = describeClient(
    navigator.userAgent,
    { width: window.innerWidth, height: window.innerHeight },
    { width: window.screen.width, height: window.screen.height },
    navigator.onLine,
    connection?.effectiveType,
  );
  return { 'x-client-context': JSON.stringify(context) };
}
