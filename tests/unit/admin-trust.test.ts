/**
 * The pure rules behind the console's trust screens: bank details masked to their last four
 * characters, an admin's reason, the age of an approval request and the lawyers' 24-hour target,
 * a provider's figures with hidden reviews taken out, and the rejection mail in five languages.
 */
import { describe, expect, it } from 'vitest';
import { adminReasonProblem } from '../../src/domain/admin-reason';
import { approvalAgeHours, isApprovalOverdue } from '../../src/domain/approval';
import { maskTail } from '../../src/domain/kyc';
import { LANGUAGES } from '../../src/domain/languages';
import { tallied } from '../../server/services/provider-stats';
import { rejectionMail } from '../../server/services/rejection-mail';

describe('maskTail', () => {
  it('shows the last four characters only, never the length', () => {
    expect(maskTail('1234 5678 9012')).toBe('•••• 9012');
    expect(maskTail('PT50000201231234567890154')).toBe('•••• 0154');
    expect(maskTail('SBIN0001234')).toBe('•••• 1234');
    expect(maskTail('1234')).toBe('••••');
    expect(maskTail('')).toBe('••••');
    expect(maskTail(undefined)).toBe('••••');
  });
});

describe('adminReasonProblem', () => {
  it('wants a reason of at most 1000 characters, spaces not counted', () => {
    expect(adminReasonProblem(undefined)).toBe('required');
    expect(adminReasonProblem('   ')).toBe('required');
    expect(adminReasonProblem(12)).toBe('required');
    expect(adminReasonProblem(`  ${'x'.repeat(1000)}  `)).toBeUndefined();
    expect(adminReasonProblem('x'.repeat(1001))).toBe('too_long');
  });
});

describe('approval age', () => {
  const now = new Date('2026-06-16T12:00:00Z');
  it('counts whole hours, and the 24-hour target is for lawyers', () => {
    expect(approvalAgeHours('2026-06-15T10:00:00Z', now)).toBe(26);
    expect(approvalAgeHours('2026-06-16T11:59:00Z', now)).toBe(0);
    expect(approvalAgeHours('not a date', now)).toBe(0);
    expect(isApprovalOverdue('lawyer', 23)).toBe(false);
    expect(isApprovalOverdue('lawyer', 24)).toBe(true);
    expect(isApprovalOverdue('expat', 200)).toBe(false);
  });
});

describe('tallied with hidden reviews', () => {
  const base = { rating: 4.5, reviewCount: 10, completedCalls: 20 };
  it('takes a hidden review out whether it came with the base or from an order', () => {
    expect(tallied({ base, ratings: {}, completed: {}, hidden: { 'review:demo-1': 1 } })).toEqual({
      rating: 4.89,
      reviewCount: 9,
      completedCalls: 20,
    });
    const counted = { base, ratings: { 'order-1': 2 }, completed: {} };
    expect(tallied({ ...counted, hidden: { 'review:order-order-1': 2 } })).toEqual(
      tallied({ base, ratings: {}, completed: {} }),
    );
  });
  it('falls back to the new provider rating when every review is hidden', () => {
    const figures = tallied({
      base: { rating: 3, reviewCount: 1, completedCalls: 1 },
      ratings: {},
      completed: {},
      hidden: { a: 3 },
    });
    expect(figures).toEqual({ rating: 5, reviewCount: 0, completedCalls: 1 });
  });
});

describe('rejection mail', () => {
  it.each(LANGUAGES)('is written in %s with the reason quoted and escaped in the HTML', (language) => {
    const reason = 'Pièce illisible <scan> & floue';
    const mail = rejectionMail(language, {
      name: 'Zoé',
      role: 'lawyer',
      reason,
      contactUrl: 'https://sos-expat.example/contact',
    });
    expect(mail.text).toContain(reason);
    expect(mail.text).toContain('Zoé');
    expect(mail.text).toContain('https://sos-expat.example/contact');
    expect(mail.html).toContain(`<html lang="${language}">`);
    expect(mail.html).toContain('Pièce illisible &lt;scan&gt; &amp; floue');
    expect(mail.html).not.toContain('<scan>');
  });
  it('has its own wording in each language', () => {
    const subjects = LANGUAGES.map(
      (language) => rejectionMail(language, { role: 'expat', reason: 'x', contactUrl: 'u' }).subject,
    );
    expect(new Set(subjects).size).toBe(LANGUAGES.length);
  });
});
