/**
 * The reconciliation rules (src/domain/reconciliation.ts) on the cases the integration tests do not
 * reach through the service: refunds compared as totals however many there are, a hold released in
 * our ledger but captured at the gateway, manual payouts, and transfers on one side only.
 */
import { describe, expect, it } from 'vitest';
import { comparePayment, compareTransfer } from '../../src/domain/reconciliation';
import type { GatewayPayment, OurPayment, OurPayout } from '../../src/domain/reconciliation';

const ours = (change: Partial<OurPayment> = {}): OurPayment => ({
  orderId: 'ord_1',
  intentId: 'pi_1',
  state: 'captured',
  currency: 'EUR',
  authorised: 4900,
  captured: 4900,
  released: 0,
  refunded: 0,
  hasAuthorisation: true,
  hasCapture: true,
  hasRelease: false,
  entryIds: ['ord_1:authorisation', 'ord_1:capture'],
  refundEntryIds: [],
  ...change,
});
const gateway = (change: Partial<GatewayPayment> = {}): GatewayPayment => ({
  intentId: 'pi_1',
  orderId: 'ord_1',
  status: 'succeeded',
  currency: 'EUR',
  captured: 4900,
  refunded: 0,
  refundIds: [],
  ...change,
});
const payout = (change: Partial<OurPayout> = {}): OurPayout => ({
  payoutId: 'payout:2026-11-24:EUR:p1',
  providerId: 'p1',
  day: '2026-11-24',
  state: 'paid',
  method: 'transfer',
  currency: 'EUR',
  paid: 4165,
  reversed: false,
  entryIds: ['payout:2026-11-24:EUR:p1:payout'],
  ...change,
});

describe('reconciliation rules', () => {
  it('compares refunds as totals: three partial refunds against the gateway’s one total', () => {
    const three = ours({ refunded: 4900, refundEntryIds: ['a', 'b', 'c'], state: 'refunded' });
    expect(comparePayment(three, gateway({ refunded: 4900, refundIds: ['re_1', 're_2', 're_3'] }))).toEqual(
      [],
    );
    expect(comparePayment(three, gateway({ refunded: 3000 }))).toEqual([
      expect.objectContaining({ type: 'amount_differs', subject: 'refund' }),
    ]);
    expect(comparePayment(ours(), gateway({ refunded: 1000, refundIds: ['re_9'] }))).toEqual([
      expect.objectContaining({
        type: 'missing_in_ledger',
        subject: 'refund',
        gateway: expect.objectContaining({ ids: ['re_9'] }),
      }),
    ]);
  });

  it('tells a hold released in the ledger but captured at the gateway, and money of no order', () => {
    const released = ours({ state: 'released', captured: 0, hasCapture: false, hasRelease: true });
    expect(comparePayment(released, gateway())).toEqual([
      expect.objectContaining({ type: 'state_differs', subject: 'payment' }),
    ]);
    expect(comparePayment(released, gateway({ status: 'canceled', captured: 0 }))).toEqual([]);
    expect(comparePayment(undefined, gateway({ orderId: undefined }))).toEqual([
      expect.objectContaining({ type: 'missing_in_ledger', link: '/admin/finance/payments?q=pi_1' }),
    ]);
    // An abandoned checkout holds nothing: nothing to reconcile.
    expect(comparePayment(undefined, gateway({ status: 'requires_payment_method', captured: 0 }))).toEqual(
      [],
    );
    expect(comparePayment(ours(), undefined)).toEqual([
      expect.objectContaining({ type: 'missing_at_gateway', subject: 'payment' }),
    ]);
  });

  it('expects no transfer for a manual payout, and one for every other payout not given back', () => {
    expect(compareTransfer(payout({ method: 'manual', state: 'manual' }), undefined)).toEqual([]);
    expect(compareTransfer(payout({ state: 'failed', reversed: true }), undefined)).toEqual([]);
    expect(compareTransfer(payout({ state: 'pending' }), undefined)).toEqual([
      expect.objectContaining({ type: 'missing_at_gateway', subject: 'transfer' }),
    ]);
    const transfer = {
      transferId: 'tr_1',
      payoutId: payout().payoutId,
      amount: 4165,
      currency: 'eur',
      reversed: false,
    };
    expect(compareTransfer(payout(), transfer)).toEqual([]);
    expect(compareTransfer(payout(), { ...transfer, amount: 4000 })).toEqual([
      expect.objectContaining({ type: 'amount_differs' }),
    ]);
    expect(compareTransfer(undefined, { ...transfer, payoutId: undefined })).toEqual([
      expect.objectContaining({ type: 'missing_in_ledger', key: 'tr_1' }),
    ]);
  });
});
