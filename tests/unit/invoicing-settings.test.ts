import { describe, expect, it } from 'vitest';
import { invoicingWarnings } from '../../server/services/invoicing-settings';
import type { InvoicingSettings } from '../../src/domain/invoice';
import { checkInvoicingSettings } from '../../src/domain/invoicing-settings';
import { createMineValidator } from '../../src/domain/mine-validation';
import { defaultInvoicing, demoInvoicing } from '../../src/domain/platform-defaults';
import { sampleInvoice } from '../support/invoices';

const COMPLETE: InvoicingSettings = {
  seller: {
    name: 'Essais Expat SAS',
    address: ['8 avenue des Essais', '69002 Lyon', 'France'],
    companyId: 'RCS Lyon 900 000 001',
    vatId: 'FR00900000001',
    country: 'FR',
  },
  vatRate: 0.2,
};

describe('invoicing settings as an admin sends them', () => {
  it('are saved trimmed, without empty optional fields or blank address lines', () => {
    expect(
      checkInvoicingSettings({
        seller: {
          ...COMPLETE.seller,
          name: ' Essais Expat SAS ',
          vatId: ' ',
          address: ['', ' 8 avenue des Essais'],
        },
        vatRate: 0,
        vatNote: '  ',
      }),
    ).toEqual({
      ok: true,
      value: {
        seller: {
          name: 'Essais Expat SAS',
          address: ['8 avenue des Essais'],
          companyId: COMPLETE.seller.companyId,
          country: 'FR',
        },
        vatRate: 0,
      },
    });
  });

  it('are refused with a code for each field at fault, all at once', () => {
    expect(
      checkInvoicingSettings({
        seller: { name: '', email: 'not-an-address', address: ['x'.repeat(201)], extra: true },
        vatRate: -0.1,
      }),
    ).toEqual({
      ok: false,
      fields: {
        'seller.name': 'required',
        'seller.email': 'value_invalid',
        'seller.address.0': 'too_long',
        'seller.extra': 'unknown_field',
        vatRate: 'value_invalid',
      },
    });
    expect(checkInvoicingSettings(undefined)).toEqual({ ok: false, fields: { invoicing: 'value_invalid' } });
  });
});

describe('the start-up check of the seller on invoices', () => {
  it('says nothing in demo mode (simulated payments): no real invoice is issued', () => {
    expect(invoicingWarnings(defaultInvoicing(), { realPayments: false })).toEqual([]);
    expect(invoicingWarnings(demoInvoicing(), { realPayments: false })).toEqual([]);
  });

  it('warns, with real payments, about the demo’s fictitious seller', () => {
    const [warning, ...rest] = invoicingWarnings(demoInvoicing(), { realPayments: true });
    expect(rest).toEqual([]);
    expect(warning).toMatch(/fictitious seller/);
  });

  it('warns, with real payments, about each part of the legal identity that is missing', () => {
    const [warning] = invoicingWarnings(defaultInvoicing(), { realPayments: true });
    expect(warning).toMatch(/lack the seller’s address, company registration number, VAT number/);
    const untaxed = { ...COMPLETE, seller: { ...COMPLETE.seller, vatId: undefined }, vatRate: 0 };
    expect(invoicingWarnings(untaxed, { realPayments: true })).toEqual([]);
    expect(invoicingWarnings(COMPLETE, { realPayments: true })).toEqual([]);
  });

  it('never takes the demo seller for a real one: its numbers say they are not', () => {
    const { seller } = demoInvoicing();
    expect(seller.name).toMatch(/fictive/);
    expect(seller.companyId).toMatch(/DEMO/);
    expect(seller.vatId).toMatch(/DEMO/);
  });
});

describe('invoice documents', () => {
  it('stay readable from before the profession and the registration number were recorded', () => {
    const validate = createMineValidator();
    const current = sampleInvoice();
    expect(current.provider.profession).toBe('lawyer');
    expect(current.seller.companyId).toBeTruthy();
    expect(validate(current)).toEqual({ ok: true, type: 'invoice' });
    const { profession: _profession, ...provider } = current.provider;
    const { companyId: _companyId, ...seller } = current.seller;
    expect(validate({ ...current, provider, seller })).toEqual({ ok: true, type: 'invoice' });
    expect(validate({ ...current, provider: { ...provider, profession: 'astronaut' } })).toMatchObject({
      ok: false,
    });
  });
});
