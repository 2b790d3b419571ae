/**
 * The referral link a visitor came through (`/?ref=CODE`, src/domain/affiliates.ts), kept on this
 * device so that the client account they create later (days later, after browsing) is attributed
 * to the affiliate whose link brought them.
 *
 * - Last click wins: a newer link replaces the code kept from an older one.
 * - A code is kept REFERRAL_LINK_DAYS; an older one is dropped when read.
 * - The parameter leaves the address bar at once (no reload), so the address the visitor shares or
 *   bookmarks afterwards does not carry someone else's code.
 * - Nothing here needs the network, and a storage that refuses (private mode) only loses the code:
 *   a referral never stands in the way of a sign-up.
 */
import { REFERRAL_LINK_DAYS, REFERRAL_PARAM, normalizeReferralCode } from '../domain/affiliates';

const KEY = 'sos-expat.referral';
const DAY_MS = 86_400_000;

type KeptReferral = { code: string; at: string };

function read(): KeptReferral | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<KeptReferral> | null;
    const code = normalizeReferralCode(kept?.code);
    return code && typeof kept?.at === 'string' ? { code, at: kept.at } : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the code of a link followed at `now`, in place of any code kept before. */
export function keepReferralCode(code: string, now = new Date()): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ code, at: now.toISOString() } satisfies KeptReferral));
  } catch {
    // storage refused: this visit simply is not attributed
  }
}

/** The code kept from the last link followed, unless it is older than REFERRAL_LINK_DAYS (then dropped). */
export function keptReferralCode(now = new Date()): string | undefined {
  const kept = read();
  const age = kept ? now.getTime() - Date.parse(kept.at) : Number.NaN;
  if (kept && age >= 0 && age <= REFERRAL_LINK_DAYS * DAY_MS) return kept.code;
  forgetReferralCode();
  return undefined;
}

/** Forgets the kept code (once a client account was created with it). */
export function forgetReferralCode(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing was kept
  }
}

/**
 * At start: keeps the code of a `?ref=` link the page was opened with (anything that is not a code
 * is ignored) and takes the parameter off the address, keeping the rest of it and the history state.
 */
export function captureReferralLink(now = new Date()): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(REFERRAL_PARAM)) return;
  const code = normalizeReferralCode(url.searchParams.get(REFERRAL_PARAM));
  if (code) keepReferralCode(code, now);
  url.searchParams.delete(REFERRAL_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
