// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  captureReferralLink,
  forgetReferralCode,
  keepReferralCode,
  keptReferralCode,
} from '../../src/data/referral-link';
import { REFERRAL_LINK_DAYS } from '../../src/domain/affiliates';

const DAY = 86_400_000;
const START = new Date('2026-03-01T10:00:00Z');
const later = (days: number) => new Date(START.getTime() + days * DAY);

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

afterEach(() => vi.restoreAllMocks());

describe('the code of a referral link', () => {
  it('is kept for REFERRAL_LINK_DAYS, then dropped when read', () => {
    keepReferralCode('PARTNER-1', START);
    expect(keptReferralCode(later(REFERRAL_LINK_DAYS))).toBe('PARTNER-1');
    expect(keptReferralCode(later(REFERRAL_LINK_DAYS + 1))).toBeUndefined();
    expect(localStorage.getItem('sos-expat.referral')).toBeNull();
    // Dropped for good: reading again at an earlier time finds nothing.
    expect(keptReferralCode(START)).toBeUndefined();
  });

  it('is replaced by the code of a later link (last click wins), which starts its own window', () => {
    keepReferralCode('FIRST-ONE', START);
    keepReferralCode('SECOND-ONE', later(20));
    expect(keptReferralCode(later(21))).toBe('SECOND-ONE');
    expect(keptReferralCode(later(20 + REFERRAL_LINK_DAYS))).toBe('SECOND-ONE');
  });

  it('is forgotten on demand (after a sign-up)', () => {
    keepReferralCode('PARTNER-1', START);
    forgetReferralCode();
    expect(keptReferralCode(START)).toBeUndefined();
  });

  it('is not trusted when the stored value was tampered with', () => {
    localStorage.setItem(
      'sos-expat.referral',
      JSON.stringify({ code: 'no spaces!', at: START.toISOString() }),
    );
    expect(keptReferralCode(START)).toBeUndefined();
    localStorage.setItem('sos-expat.referral', '{not json');
    expect(keptReferralCode(START)).toBeUndefined();
    localStorage.setItem('sos-expat.referral', JSON.stringify({ code: 'PARTNER-1', at: 'yesterday' }));
    expect(keptReferralCode(START)).toBeUndefined();
  });

  it('does nothing, and does not throw, when the storage refuses', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(() => keepReferralCode('PARTNER-1', START)).not.toThrow();
    expect(keptReferralCode(START)).toBeUndefined();
  });
});

describe('opening the app with ?ref=', () => {
  it('keeps the code, in capitals, and takes the parameter off the address without a reload', () => {
    window.history.replaceState({ idx: 0 }, '', '/lawyers?ref=partner-1&lang=fr#top');
    captureReferralLink(START);
    expect(keptReferralCode(START)).toBe('PARTNER-1');
    expect(`${location.pathname}${location.search}${location.hash}`).toBe('/lawyers?lang=fr#top');
    expect(window.history.state).toEqual({ idx: 0 });
  });

  it('replaces the code of an earlier link', () => {
    keepReferralCode('FIRST-ONE', START);
    window.history.replaceState(null, '', '/?ref=SECOND-ONE');
    captureReferralLink(later(3));
    expect(keptReferralCode(later(3))).toBe('SECOND-ONE');
    expect(location.search).toBe('');
  });

  it('ignores a parameter that is not a code, and keeps the one kept before', () => {
    keepReferralCode('FIRST-ONE', START);
    window.history.replaceState(null, '', '/?ref=%3Cscript%3E');
    captureReferralLink(later(1));
    expect(keptReferralCode(later(1))).toBe('FIRST-ONE');
    expect(location.search).toBe('');
  });

  it('leaves an address without the parameter alone', () => {
    const replace = vi.spyOn(window.history, 'replaceState');
    window.history.pushState(null, '', '/login?next=%2Fdashboard');
    captureReferralLink(START);
    expect(replace).not.toHaveBeenCalled();
    expect(keptReferralCode(START)).toBeUndefined();
  });
});
