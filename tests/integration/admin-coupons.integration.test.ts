/**
 * The promo codes of the admin console (`/api/admin/coupons…`): admins only; each field checked
 * with the rules checkout applies, so that what an admin saves is what a client can use; one audit
 * entry per change; a paged list searchable by code and filtered by state; and the uses of each
 * code counted from the orders that used it, paid or awaiting payment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResponse } from '../../src/domain/order';
import type { CouponView } from '../../server/services/admin/coupons';
import { addCoupon } from '../support/coupons';
import { auditOf, expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { onlineProviders } from '../support/providers';
import type { ProviderDoc } from '../support/providers';
import { browserCall, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;
let users: RoleUsers;
let lawyer: ProviderDoc;

const DAY = 86_400_000;
const NOW = Date.now();
const iso = (offsetDays: number) => new Date(NOW + offsetDays * DAY).toISOString();

/** A code as the console's form sends it. */
const form = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  kind: 'percent',
  value: 20,
  services: ['lawyerCall', 'expatCall'],
  validFrom: iso(-1),
  validUntil: iso(30),
  maxUses: 100,
  perClientLimit: 1,
  ...extra,
});

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  users = await mintRoles(server.store, 'coupons');
  lawyer = (await onlineProviders(server.store)).find((p) => p.role === 'lawyer')!;
});
afterAll(async () => server?.close());

const call = (method: string, path: string, body?: unknown, cookie = users.admin.cookie) =>
  browserCall(server.url, method, path, cookie, body);
const list = async (query: string) =>
  (await call('GET', `/api/admin/coupons?${query}`)).json as { items: CouponView[]; next?: string };

function checkout(buyer: TestUser, promoCode: string | undefined, expectedTotal: number, currency = 'EUR') {
  return call(
    'POST',
    '/api/checkout',
    {
      providerId: lawyer._id,
      service: 'lawyerCall',
      currency,
      ...(promoCode ? { promoCode } : {}),
      booking: {
        firstName: 'Anna',
        lastName: 'Martin',
        nationality: 'FR',
        interventionCountry: 'ES',
        title: 'Litige avec mon propriétaire',
        description: 'Mon propriétaire refuse de me rendre ma caution depuis trois mois, que faire ?',
        languages: [lawyer.languages[0]!],
        phone: '+33612345678',
        acceptedTerms: true,
      },
      expectedTotal,
      idempotencyKey: `key-${Math.random().toString(36).slice(2)}`,
    },
    buyer.cookie,
  );
}

describe('promo codes in the admin console', () => {
  it('are for admins only', async () => {
    await addCoupon(server.store, { code: 'GUARDED' });
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/coupons');
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/coupons/GUARDED');
    await expectAdminOnly(server.url, users, 'POST', '/api/admin/coupons', form('SNEAKY'));
    await expectAdminOnly(server.url, users, 'PUT', '/api/admin/coupons/GUARDED', form('GUARDED'));
    await expectAdminOnly(server.url, users, 'POST', '/api/admin/coupons/GUARDED/disable');
    await expectAdminOnly(server.url, users, 'POST', '/api/admin/coupons/GUARDED/enable');
    expect((await call('GET', '/api/admin/coupons/SNEAKY')).status).toBe(404);
    expect(await auditOf(server.store, 'coupon', 'GUARDED')).toEqual([]);
  });

  it('refuses what checkout could not honour, with a code per field', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [form('no'), { code: 'format_invalid' }],
      [form('SPACE BAR'), { code: 'format_invalid' }],
      [form(''), { code: 'required' }],
      [form('KINDLESS', { kind: undefined }), { kind: 'required' }],
      [form('ZERO', { value: 0 }), { value: 'out_of_range' }],
      [form('TOOMUCH', { value: 101 }), { value: 'out_of_range' }],
      [form('HALF', { value: 12.5 }), { value: 'value_invalid' }],
      [form('NOCURRENCY', { kind: 'fixed', value: 500 }), { currency: 'required' }],
      [form('YEN', { kind: 'fixed', value: 500, currency: 'JPY' }), { currency: 'value_invalid' }],
      [form('NOWHERE', { services: [] }), { services: 'required' }],
      [form('NOTARY', { services: ['notaryCall'] }), { services: 'value_invalid' }],
      [form('BACKWARDS', { validUntil: iso(-2) }), { validUntil: 'before_start' }],
      [form('DATELESS', { validFrom: '2025-13-45T00:00:00Z' }), { validFrom: 'value_invalid' }],
      [form('DAYONLY', { validUntil: '2030-01-01' }), { validUntil: 'value_invalid' }],
      [form('GREEDY', { maxUses: 2, perClientLimit: 3 }), { perClientLimit: 'above_max_uses' }],
      [form('NEGATIVE', { maxUses: -1 }), { maxUses: 'value_invalid' }],
      [form('EXTRA', { uses: 5 }), { uses: 'unknown_field' }],
      // €45 off a €49 call leaves €4: below the €5 checkout accepts.
      [form('TOODEEP', { kind: 'fixed', value: 4500, currency: 'EUR' }), { value: 'total_below_minimum' }],
      [form('FREE', { value: 100 }), { value: 'total_below_minimum' }],
    ];
    for (const [body, fields] of cases) {
      const answer = await call('POST', '/api/admin/coupons', body);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.json).toMatchObject({ error: { code: 'validation', fields } });
    }
    expect((await call('POST', '/api/admin/coupons', ['CODE'])).status).toBe(400);
    const { rows } = await server.store.db('audit').list();
    expect(rows.filter((row) => !row.id.startsWith('_design'))).toEqual([]);
  });

  it('creates a code once, edits it and switches it off and on, one audit entry per change', async () => {
    const created = await call('POST', '/api/admin/coupons', form(' spring25 ', { value: 25 }));
    expect(created.status).toBe(201);
    expect((created.json as { coupon: CouponView }).coupon).toMatchObject({
      code: 'SPRING25',
      value: 25,
      state: 'active',
      perClientLimit: 1,
      usage: { paid: 0, reserved: 0 },
    });
    const again = await call('POST', '/api/admin/coupons', form('SPRING25'));
    expect([again.status, again.json]).toMatchObject([
      409,
      { error: { code: 'coupon_exists', fields: { code: 'taken' } } },
    ]);

    const edited = await call('PUT', '/api/admin/coupons/spring25', form('SPRING25', { value: 30 }));
    expect(edited.status).toBe(200);
    expect((edited.json as { coupon: CouponView }).coupon.value).toBe(30);
    // The same form again: nothing changes, nothing is recorded.
    expect((await call('PUT', '/api/admin/coupons/SPRING25', form('SPRING25', { value: 30 }))).status).toBe(
      200,
    );
    const renamed = await call('PUT', '/api/admin/coupons/SPRING25', form('AUTUMN25'));
    expect([renamed.status, renamed.json]).toMatchObject([
      400,
      { error: { fields: { code: 'value_invalid' } } },
    ]);
    expect((await call('PUT', '/api/admin/coupons/NOSUCH', form('NOSUCH'))).status).toBe(404);

    expect((await call('POST', '/api/admin/coupons/SPRING25/disable')).json).toMatchObject({
      coupon: { isActive: false, state: 'disabled' },
    });
    await call('POST', '/api/admin/coupons/SPRING25/disable');
    // An edit that does not send the switch leaves the code off.
    await call('PUT', '/api/admin/coupons/SPRING25', {
      ...form('SPRING25', { value: 35 }),
      isActive: undefined,
    });
    expect((await call('GET', '/api/admin/coupons/SPRING25')).json).toMatchObject({
      coupon: { isActive: false, value: 35 },
    });
    await call('POST', '/api/admin/coupons/SPRING25/enable');
    expect((await call('POST', '/api/admin/coupons/NOSUCH/enable')).status).toBe(404);

    const trail = await auditOf(server.store, 'coupon', 'SPRING25', 3);
    expect(trail.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['coupon_create', null, expect.objectContaining({ code: 'SPRING25', value: 25 })],
      ['coupon_update', { value: 25 }, { value: 30 }],
      ['coupon_disable', { isActive: true }, { isActive: false }],
      ['coupon_update', { value: 30 }, { value: 35 }],
      ['coupon_enable', { isActive: false }, { isActive: true }],
    ]);
    expect(trail.every((entry) => entry.actor === users.admin.uid)).toBe(true);
  });

  it('lists codes a page at a time, searched by code and filtered by state', async () => {
    await addCoupon(server.store, { code: 'LISTA1' });
    await addCoupon(server.store, { code: 'LISTA2', validUntil: iso(-1), validFrom: iso(-10) });
    await addCoupon(server.store, { code: 'LISTA3', isActive: false });
    await addCoupon(server.store, { code: 'LISTA4', validFrom: iso(5), validUntil: iso(10) });
    await addCoupon(server.store, { code: 'LISTB1' });

    const first = await list('q=lista&limit=2');
    expect(first.items.map((c) => c.code)).toEqual(['LISTA1', 'LISTA2']);
    const second = await list(`q=lista&limit=2&token=${first.next}`);
    expect(second.items.map((c) => c.code)).toEqual(['LISTA3', 'LISTA4']);
    expect(second.next).toBeUndefined();
    expect((await list('q=LIST&dir=desc&limit=2')).items.map((c) => c.code)).toEqual(['LISTB1', 'LISTA4']);

    const states = Object.fromEntries(
      await Promise.all(
        (['active', 'expired', 'disabled', 'scheduled'] as const).map(async (state) => [
          state,
          (await list(`q=LISTA&state=${state}`)).items.map((c) => c.code),
        ]),
      ),
    );
    expect(states).toEqual({
      active: ['LISTA1'],
      expired: ['LISTA2'],
      disabled: ['LISTA3'],
      scheduled: ['LISTA4'],
    });
    const byEnd = (await list('q=LISTA&sort=validUntil&dir=desc')).items.map((c) => c.code);
    expect(byEnd[byEnd.length - 1]).toBe('LISTA2');

    for (const query of ['state=gone', 'sort=value', 'limit=1000', 'token=not-a-token']) {
      const answer = await call('GET', `/api/admin/coupons?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.json).toMatchObject({ error: { code: 'validation' } });
    }
  });
});

describe('what the admin saves is what checkout applies', () => {
  it('prices an order with a code the admin created, and counts its uses', async () => {
    expect(
      (await call('POST', '/api/admin/coupons', form('WELCOME15', { value: 15, maxUses: 2 }))).status,
    ).toBe(201);
    const [anna, boris, carl] = await Promise.all(
      ['anna', 'boris', 'carl'].map((n) => mintUser(server.store, `coupons-${n}`)),
    );
    // 15 % off €49 is €7.35: the client pays €41.65.
    const placed = await checkout(anna!, 'welcome15', 4165);
    expect(placed.status).toBe(201);
    const order = placed.json as CheckoutResponse;
    expect(order.quote).toMatchObject({
      standard: 4900,
      discount: 735,
      total: 4165,
      coupon: { code: 'WELCOME15' },
    });
    expect((await call('GET', '/api/admin/coupons/WELCOME15')).json).toMatchObject({
      coupon: { usage: { paid: 0, reserved: 1 } },
    });

    const paid = await call(
      'POST',
      '/api/payments/simulated/confirm',
      {
        clientSecret: order.payment.clientSecret,
        card: { number: '4242424242424242', exp: '12/34', cvc: '123' },
      },
      anna!.cookie,
    );
    expect(paid.json).toMatchObject({ outcome: 'authorised' });
    expect((await call('GET', '/api/admin/coupons/WELCOME15')).json).toMatchObject({
      coupon: { usage: { paid: 1, reserved: 0 } },
    });
    const listed = (await list('q=WELCOME15')).items[0];
    expect(listed?.usage).toEqual({ paid: 1, reserved: 0 });

    // Its per-client limit of one, and its two uses in all.
    expect((await checkout(anna!, 'WELCOME15', 4165)).json).toMatchObject({
      error: { code: 'promo_client_limit' },
    });
    expect((await checkout(boris!, 'WELCOME15', 4165)).status).toBe(201);
    expect((await checkout(carl!, 'WELCOME15', 4165)).json).toMatchObject({
      error: { code: 'promo_invalid' },
    });
  });

  it('refuses a code switched off, not yet valid or expired, and applies a fixed amount in its currency only', async () => {
    const buyer = await mintUser(server.store, 'coupons-dora');
    await call('POST', '/api/admin/coupons', form('LATER', { validFrom: iso(2), validUntil: iso(9) }));
    await call('POST', '/api/admin/coupons', form('SWITCHED'));
    await call('POST', '/api/admin/coupons/SWITCHED/disable');
    for (const code of ['LATER', 'SWITCHED', 'LISTA2']) {
      expect((await checkout(buyer, code, 3920)).json, code).toMatchObject({
        error: { code: 'promo_invalid' },
      });
    }
    await call('POST', '/api/admin/coupons', form('TENUSD', { kind: 'fixed', value: 1000, currency: 'USD' }));
    // Nothing off a price in euros: the client pays the standard price, and the code is not used.
    const euros = await checkout(buyer, 'TENUSD', 4900);
    expect([euros.status, (euros.json as CheckoutResponse).quote]).toMatchObject([
      201,
      { discount: 0, total: 4900 },
    ]);
    expect((await call('GET', '/api/admin/coupons/TENUSD')).json).toMatchObject({
      coupon: { usage: { reserved: 0 } },
    });
    const dollars = await checkout(buyer, 'TENUSD', 4500, 'USD');
    expect([dollars.status, (dollars.json as CheckoutResponse).quote]).toMatchObject([
      201,
      { discount: 1000, total: 4500 },
    ]);
  });

  it('refuses to put a limit on a code already used without one', async () => {
    await call('POST', '/api/admin/coupons', form('OPENDOOR', { maxUses: null, perClientLimit: null }));
    const buyer = await mintUser(server.store, 'coupons-eve');
    expect((await checkout(buyer, 'OPENDOOR', 3920)).status).toBe(201);
    const answer = await call(
      'PUT',
      '/api/admin/coupons/OPENDOOR',
      form('OPENDOOR', { maxUses: 5, perClientLimit: 1 }),
    );
    expect([answer.status, answer.json]).toMatchObject([
      400,
      { error: { fields: { maxUses: 'limit_after_use', perClientLimit: 'limit_after_use' } } },
    ]);
  });
});
