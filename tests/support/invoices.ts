import { invoiceDocId, invoiceNumber, splitVat } from '../../src/domain/invoice';
import type { InvoiceDoc } from '../../src/domain/invoice';

export type SampleInvoiceOptions = Partial<Omit<InvoiceDoc, 'amounts'>> & {
  /** The standard price in minor units; the amounts follow from it, the coupon and the VAT rate. */
  price?: number;
  sequence?: number;
};

/**
 * An invoice as the consultation service issues it: a lawyer call paid in euros, 20 % VAT, no promo
 * code, unless told otherwise. The amounts are consistent (standard − discount = total = net + VAT).
 */
export function sampleInvoice(options: SampleInvoiceOptions = {}): InvoiceDoc {
  const { price = 4900, sequence = 42, ...overrides } = options;
  const number = overrides.number ?? invoiceNumber(2026, sequence);
  const coupon = overrides.coupon;
  const discount = !coupon
    ? 0
    : coupon.kind === 'percent'
      ? Math.min(price, Math.round((price * coupon.value) / 100))
      : Math.min(price, coupon.value);
  const total = price - discount;
  const vatRate = overrides.vatRate ?? 0.2;
  const { net, vat } = splitVat(total, vatRate);
  const issuedAt = overrides.issuedAt ?? '2026-03-12T14:31:05.000Z';
  return {
    id: invoiceDocId(number),
    type: 'invoice',
    number,
    orderId: 'ord_7Hk2mQ9xT4',
    language: 'fr',
    issuedAt,
    paidAt: '2026-03-12T14:30:41.000Z',
    seller: {
      name: 'SOS Expat SAS',
      address: ['12 rue de la Paix', '75002 Paris', 'France'],
      companyId: 'RCS Paris 123 456 789',
      vatId: 'FR12345678901',
    },
    buyer: { name: 'Camille Martin', email: 'camille.martin@example.test', country: 'TH' },
    provider: { id: 'provider-1', name: 'Maître Julie Moreau', role: 'lawyer', profession: 'lawyer' },
    service: 'lawyerCall',
    durationMinutes: 20,
    callSeconds: 1112,
    consultationAt: '2026-03-12T14:02:10.000Z',
    currency: 'EUR',
    vatRate,
    createdAt: issuedAt,
    updatedAt: issuedAt,
    ...overrides,
    amounts: { standard: price, discount, net, vat, total },
  };
}
