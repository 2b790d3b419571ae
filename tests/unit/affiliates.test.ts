/**
 * Affiliates' rules (src/domain/affiliates.ts): the commission, its recovery in parts adding up to
 * one whole recovery, the input rules and the referral window; and the ledger's check that an
 * affiliate's commission and its recoveries stay within the platform's commission and follow refunds.
 */
import { describe, expect, it } from 'vitest';
import {
  affiliateCommission,
  affiliateOfPayee,
  affiliatePayeeId,
  checkAffiliateInput,
  normalizeReferralCode,
  payeeKind,
  recoveredCommission,
  REFERRAL_WINDOW_DAYS,
  withinReferralWindow,
} from '../../src/domain/affiliates';
import { checkLedgerBalance } from '../../src/domain/ledger-balance';
import type { LedgerBalanceEntry } from '../../src/domain/ledger-balance';

describe('an affiliate’s commission', () => {
  it('is its rate of the platform’s commission, rounded down, without float drift', () => {
    expect(affiliateCommission(735, 0.25)).toBe(183);
    expect(affiliateCommission(735, 1)).toBe(735);
    expect(affiliateCommission(735, 0.0001)).toBe(0);
    // 0.29 * 100 is 28.999… in floating point: the rate is read in hundredths of a percent.
    expect(affiliateCommission(100, 0.29)).toBe(29);
    expect(affiliateCommission(0, 0.5)).toBe(0);
    expect(affiliateCommission(735, 0)).toBe(0);
  });

  it('is taken back in parts that add up to what one whole refund would take', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 500; round += 1) {
      const commission = 1 + Math.floor(random() * 1000);
      const total = 500 + Math.floor(random() * 50_000);
      let before = 0;
      let taken = 0;
      while (before < total) {
        const part = Math.min(total - before, 1 + Math.floor(random() * total * 0.4));
        taken += recoveredCommission(commission, total, part, before);
        before += part;
        if (random() < 0.3) break;
      }
      const expected = before >= total ? commission : Math.floor((commission * before) / total);
      expect(taken).toBe(expected);
      expect(taken).toBeLessThanOrEqual(commission);
    }
  });
});

describe('referral codes and payees', () => {
  it('reads a code from a link in capitals, refusing anything else', () => {
    expect(normalizeReferralCode(' voyage-plus ')).toBe('VOYAGE-PLUS');
    for (const bad of ['ab', 'a b', '-ABC', 'x'.repeat(25), 'ÉTÉ', 42, undefined, 'A'.repeat(70)]) {
      expect(normalizeReferralCode(bad)).toBeUndefined();
    }
  });

  it('tells an affiliate’s payee id from a provider’s', () => {
    expect(affiliatePayeeId('VOYAGE')).toBe('affiliate:VOYAGE');
    expect(affiliateOfPayee('affiliate:VOYAGE')).toBe('VOYAGE');
    expect(affiliateOfPayee('3f9a0c')).toBeUndefined();
    expect([payeeKind('affiliate:VOYAGE'), payeeKind('demo-lawyer-001')]).toEqual(['affiliate', 'provider']);
  });

  it('keeps a sign-up referred for the window, and no longer', () => {
    const signedUp = '2026-01-01T00:00:00.000Z';
    const day = 86_400_000;
    expect(withinReferralWindow(signedUp, new Date(Date.parse(signedUp) + REFERRAL_WINDOW_DAYS * day))).toBe(
      true,
    );
    expect(
      withinReferralWindow(signedUp, new Date(Date.parse(signedUp) + REFERRAL_WINDOW_DAYS * day + 1)),
    ).toBe(false);
  });
});

describe('an affiliate’s input', () => {
  const good = { name: ' Voyage Plus ', email: 'Contact@Voyage.example ', code: 'voyage', rate: 0.2 };

  it('is normalised', () => {
    const checked = checkAffiliateInput({
      ...good,
      bankAccountNumber: 'fr76 3000 6000',
      bankCode: 'agrifrpp',
    });
    expect(checked).toEqual({
      ok: true,
      value: {
        name: 'Voyage Plus',
        email: 'contact@voyage.example',
        code: 'VOYAGE',
        rate: 0.2,
        active: true,
        bankAccountNumber: 'FR7630006000',
        bankCode: 'AGRIFRPP',
      },
    });
  });

  it('refuses each bad field with its own code', () => {
    const checked = checkAffiliateInput({
      name: '',
      email: 'no',
      code: '??',
      rate: 0,
      active: 'yes',
      stripeAccountId: 'acct',
      bankCode: 'SHORT',
      bankAccountNumber: 'x'.repeat(41),
    });
    expect(checked).toEqual({
      ok: false,
      fields: {
        name: 'required',
        email: 'email_invalid',
        code: 'code_invalid',
        rate: 'rate_range',
        active: 'value_invalid',
        stripeAccountId: 'stripe_account_invalid',
        bankCode: 'bank_code_invalid',
        bankAccountNumber: 'too_long',
      },
    });
    expect(checkAffiliateInput({ ...good, rate: '0.2' })).toMatchObject({
      fields: { rate: 'value_invalid' },
    });
    expect(checkAffiliateInput({ ...good, rate: 1.01 })).toMatchObject({ fields: { rate: 'rate_range' } });
    expect(checkAffiliateInput(null)).toMatchObject({ ok: false });
    // An IFSC is a bank code too.
    expect(checkAffiliateInput({ ...good, bankCode: 'HDFC0001234' })).toMatchObject({ ok: true });
  });
});

describe('the ledger check of affiliates’ commissions', () => {
  const at = (minute: number) => `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`;
  const entry = (kind: string, amount: number, minute: number, extra: Partial<LedgerBalanceEntry> = {}) => ({
    _id: `o1:${kind}${extra.refundId ? `:${extra.refundId}` : ''}${extra.disputeId ? `:${extra.disputeId}` : ''}`,
    kind,
    orderId: 'o1',
    providerId: kind.startsWith('affiliate') ? 'affiliate:VOYAGE' : 'p1',
    amount,
    currency: 'EUR',
    at: at(minute),
    ...extra,
  });
  const captured = [
    entry('capture', 4900, 1),
    entry('commission', 735, 1),
    entry('provider_share', 4165, 1),
    entry('affiliate_commission', 183, 1),
  ];
  const broken = (entries: LedgerBalanceEntry[]) =>
    checkLedgerBalance(entries)
      .checks.filter((check) => !check.ok)
      .map((check) => check.name);

  it('finds a commission taken back by a refund and a lost dispute balanced', () => {
    expect(
      broken([
        ...captured,
        entry('refund', 2450, 2, { refundId: 're_1' }),
        entry('provider_recovery', 2082, 2, { refundId: 're_1' }),
        entry('affiliate_recovery', 91, 2, { refundId: 're_1' }),
        entry('dispute_hold', 2083, 3, { disputeId: 'dp_1' }),
        entry('dispute_lost', 2450, 4, { disputeId: 'dp_1' }),
        entry('affiliate_recovery', 92, 4, { disputeId: 'dp_1' }),
      ]),
    ).toEqual([]);
  });

  it('names a commission above the platform’s, one without a capture, and recoveries that follow nothing', () => {
    expect(broken([...captured.slice(0, 3), entry('affiliate_commission', 736, 1)])).toEqual([
      'affiliate_within_commission',
    ]);
    expect(broken([entry('affiliate_commission', 100, 1)])).toContain('affiliate_within_commission');
    expect(broken([...captured, entry('affiliate_recovery', 50, 2, { refundId: 're_none' })])).toEqual([
      'affiliate_within_commission',
    ]);
    // A refund's recovery out of proportion.
    expect(
      broken([
        ...captured,
        entry('refund', 2450, 2, { refundId: 're_1' }),
        entry('provider_recovery', 2082, 2, { refundId: 're_1' }),
        entry('affiliate_recovery', 120, 2, { refundId: 're_1' }),
      ]),
    ).toEqual(['affiliate_within_commission']);
  });

  it('counts an affiliate’s payout against its commissions like a provider’s', () => {
    const payout = {
      _id: 'po:payout',
      kind: 'payout',
      payoutId: 'po',
      providerId: 'affiliate:VOYAGE',
      amount: 184,
      currency: 'EUR',
      at: at(5),
    };
    expect(broken([...captured, payout])).toEqual(['payout_within_balance']);
    expect(broken([...captured, { ...payout, amount: 183 }])).toEqual([]);
  });
});
