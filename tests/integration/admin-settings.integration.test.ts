/**
 * `GET/PUT /api/admin/settings`: the platform settings of the spec (services switched on, commission,
 * longest call, ring time, interface languages), edited by admins only, checked field by field,
 * audited once per change, written to `config` (which browsers replicate), and applied from the next
 * order on: an order under way keeps the commission and ring time it was placed with. The consultation
 * runs on the real Stripe and Twilio SDKs against local servers, as in consultation.integration.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callSessionId } from '../../src/domain/mine';
import type { CallSessionDoc } from '../../src/domain/mine';
import type { CheckoutResponse } from '../../src/domain/order';
import { userDbName } from '../../src/domain/user-db';
import { createStripeGateway } from '../../server/adapters/payments/stripe';
import { createTwilioTelephony } from '../../server/adapters/telephony/twilio';
import { createConsultations } from '../../server/services/consultation/consultations';
import type { StoredOrder } from '../../server/services/consultation/types';
import { getOrUndefined } from '../../server/store/store';
import { auditOf, expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { startFakeStripe } from '../support/fake-stripe';
import type { FakeStripe } from '../support/fake-stripe';
import {
  TEST_ACCOUNT_SID,
  TEST_AUTH_TOKEN,
  TEST_FROM_NUMBER,
  callback,
  startFakeTwilio,
} from '../support/fake-twilio';
import type { FakeTwilio } from '../support/fake-twilio';
import { providerWithAccount } from '../support/providers';
import type { ProviderDoc } from '../support/providers';
import { browserCall, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

const PROVIDER_PHONE = '+33698765400';
const CLIENT_PHONE = '+33612345600';

let server: TestServer;
let stripe: FakeStripe;
let twilioApi: FakeTwilio;
let users: RoleUsers;
let buyer: TestUser;
let provider: ProviderDoc;

const settings = {
  servicesEnabled: { lawyerCalls: true, expatCalls: true },
  platformCommission: 0.15,
  maxCallDuration: 30,
  callTimeout: 30,
  supportedLanguages: ['fr', 'en', 'es'],
};

beforeAll(async () => {
  stripe = await startFakeStripe();
  twilioApi = await startFakeTwilio();
  server = await startTestServer({
    seed: true,
    env: (url) => ({
      STRIPE_SECRET_KEY: 'sk_test_settings',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_settings',
      STRIPE_WEBHOOK_SECRET: 'whsec_settings',
      TWILIO_ACCOUNT_SID: TEST_ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: TEST_AUTH_TOKEN,
      TWILIO_FROM_NUMBER: TEST_FROM_NUMBER,
      PUBLIC_URL: url,
      CALL_RETRY_DELAY_SECONDS: '0',
    }),
    services: (config, store) => {
      const gateway = createStripeGateway(config.stripe!, stripe.connection);
      const consultations = createConsultations({
        store,
        config,
        gateway,
        telephony: () =>
          createTwilioTelephony(
            { ...config, twilio: config.twilio! },
            { httpClient: twilioApi.httpClient() },
          ),
      });
      return { gateway, consultations };
    },
  });
  users = await mintRoles(server.store, 'settings');
  buyer = await mintUser(server.store, 'settings-buyer');
  provider = (await providerWithAccount(server.store, 'settings-provider', PROVIDER_PHONE)).provider;
});

afterAll(async () => {
  await server?.close();
  await stripe?.close();
  await twilioApi?.close();
});

const call = (method: string, path: string, cookie: string, body?: unknown) =>
  browserCall(server.url, method, path, cookie, body);
const save = (body: unknown) => call('PUT', '/api/admin/settings', users.admin.cookie, body);

describe('platform settings in the admin console', () => {
  it('are for admins only', async () => {
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/settings');
    await expectAdminOnly(server.url, users, 'PUT', '/api/admin/settings', settings);
    expect(await auditOf(server.store, 'settings', 'platform')).toEqual([]);
  });

  it('answers the settings in force, with the countries edited on their own screen', async () => {
    const answer = await call('GET', '/api/admin/settings', users.admin.cookie);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      settings: {
        ...settings,
        supportedCountries: ['CA', 'UK', 'DE', 'ES', 'IT', 'BE', 'CH', 'LU', 'NL', 'AT'],
      },
    });
  });

  it('refuses bad input with a code per field, and changes nothing', async () => {
    const before = await server.store.db('config').get('settings');
    const cases: [unknown, Record<string, string>][] = [
      [{ ...settings, platformCommission: 1.5 }, { platformCommission: 'out_of_range' }],
      [{ ...settings, platformCommission: 'lots' }, { platformCommission: 'value_invalid' }],
      [{ ...settings, callTimeout: 2 }, { callTimeout: 'out_of_range' }],
      [{ ...settings, maxCallDuration: 10.5 }, { maxCallDuration: 'value_invalid' }],
      // The expat call lasts 30 minutes: the longest call cannot be shorter.
      [{ ...settings, maxCallDuration: 25 }, { maxCallDuration: 'below_service_duration' }],
      [{ ...settings, supportedLanguages: [] }, { supportedLanguages: 'required' }],
      [{ ...settings, supportedLanguages: ['fr', 'xx'] }, { supportedLanguages: 'value_invalid' }],
      [
        { ...settings, servicesEnabled: { lawyerCalls: 'yes', expatCalls: true } },
        { 'servicesEnabled.lawyerCalls': 'required' },
      ],
      [{ ...settings, supportedCountries: ['FR'] }, { supportedCountries: 'unknown_field' }],
      [{ ...settings, callTimeout: undefined }, { callTimeout: 'required' }],
    ];
    for (const [body, fields] of cases) {
      const answer = await save(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json).toMatchObject({ error: { code: 'validation', fields } });
    }
    expect((await save([])).status).toBe(400);
    expect(await server.store.db('config').get('settings')).toEqual(before);
    expect(await auditOf(server.store, 'settings', 'platform')).toEqual([]);
  });

  it('saves a change with one audit entry of the fields changed, and none when nothing changes', async () => {
    const changed = { ...settings, supportedLanguages: ['fr', 'en', 'es', 'de'] };
    const answer = await save(changed);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ settings: changed });
    const stored = await server.store.db<{ value: Record<string, unknown> }>('config').get('settings');
    // The other parts of the document (countries, seller on invoices) are left as they were.
    expect(stored.value).toMatchObject({ ...changed, invoicing: expect.any(Object) as unknown });
    expect((await save(changed)).status).toBe(200);
    const trail = await auditOf(server.store, 'settings', 'platform', 1);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      actor: users.admin.uid,
      action: 'settings_change',
      before: { supportedLanguages: ['fr', 'en', 'es'] },
      after: { supportedLanguages: ['fr', 'en', 'es', 'de'] },
    });
    await save(settings);
  });
});

describe('an order under way keeps the settings it was placed with', () => {
  const placedCalls = (to: string) => [...twilioApi.calls.values()].filter((c) => c.to === to);

  async function waitFor<T>(read: () => Promise<T | undefined> | T | undefined, what: string): Promise<T> {
    for (let tries = 0; tries < 300; tries++) {
      const value = await read();
      if (value !== undefined) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`Timed out waiting for ${what}`);
  }

  async function paidOrder(): Promise<string> {
    const answer = await call('POST', '/api/checkout', buyer.cookie, {
      providerId: provider._id,
      service: 'lawyerCall',
      currency: 'EUR',
      booking: {
        firstName: 'Anna',
        lastName: 'Martin',
        nationality: 'FR',
        interventionCountry: 'ES',
        title: 'Litige avec mon propriétaire',
        description: 'Mon propriétaire refuse de me rendre ma caution depuis trois mois, que faire ?',
        languages: [provider.languages[0]!],
        phone: CLIENT_PHONE,
        acceptedTerms: true,
      },
      expectedTotal: 4900,
      idempotencyKey: `key-${Math.random().toString(36).slice(2)}`,
    });
    expect(answer.status).toBe(201);
    const order = answer.json as CheckoutResponse;
    const intentId = order.payment.clientSecret.split('_secret_')[0]!;
    const gateway = server.services.gateway as ReturnType<typeof createStripeGateway>;
    await gateway.client.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    expect((await call('POST', `/api/orders/${order.orderId}/confirm`, buyer.cookie)).status).toBe(200);
    return order.orderId;
  }

  const callsOf = (orderId: string, to: string) =>
    placedCalls(to).filter((c) => c.form.get('StatusCallback')!.includes(orderId));

  async function legCallback(orderId: string, to: string, index: number, status: string, sequence: number) {
    const placed = await waitFor(() => callsOf(orderId, to)[index], `call ${index + 1} to ${to}`);
    const answer = await callback(placed.form.get('StatusCallback')!, {
      AccountSid: TEST_ACCOUNT_SID,
      CallSid: placed.sid,
      CallStatus: status,
      SequenceNumber: String(sequence),
    });
    expect(answer.status).toBeLessThan(300);
  }

  it('rings with its own ring time and pays the provider at its own commission after a change', async () => {
    const orderId = await paidOrder();
    await waitFor(() => callsOf(orderId, PROVIDER_PHONE)[0], 'the first call to the provider');
    expect(callsOf(orderId, PROVIDER_PHONE)[0]!.form.get('Timeout')).toBe('30');

    const changed = await save({
      ...settings,
      callTimeout: 45,
      platformCommission: 0.25,
      maxCallDuration: 40,
    });
    expect(changed.status).toBe(200);

    // The provider does not answer: the second attempt rings as long as the first.
    await legCallback(orderId, PROVIDER_PHONE, 0, 'no-answer', 1);
    const second = await waitFor(
      () => callsOf(orderId, PROVIDER_PHONE)[1],
      'the second call to the provider',
    );
    expect(second.form.get('Timeout')).toBe('30');

    // The consultation takes place: the provider's share is at the commission of the order (15 %).
    await legCallback(orderId, PROVIDER_PHONE, 1, 'in-progress', 2);
    await legCallback(orderId, CLIENT_PHONE, 0, 'in-progress', 2);
    for (const [event, sequence] of [
      ['conference-start', 0],
      ['conference-end', 1],
    ] as const) {
      const answer = await callback(`${server.url}/api/webhooks/twilio/conference?order=${orderId}`, {
        AccountSid: TEST_ACCOUNT_SID,
        ConferenceSid: `CF${orderId.slice(-10)}`,
        FriendlyName: `order-${orderId}`,
        StatusCallbackEvent: event,
        SequenceNumber: String(sequence),
      });
      expect(answer.status).toBeLessThan(300);
    }
    const providerCopy = await waitFor(async () => {
      const doc = await getOrUndefined(
        server.store.db<CallSessionDoc>(userDbName(provider._id)),
        callSessionId(orderId),
      );
      return doc?.phase === 'completed' ? doc : undefined;
    }, 'the completed consultation');
    expect(providerCopy.amount).toBe(4165);

    // The next order is placed with the new settings.
    const next = await paidOrder();
    const stored = await server.store.db<StoredOrder>('orders').get(next);
    expect(stored.commissionRate).toBe(0.25);
    await waitFor(() => callsOf(next, PROVIDER_PHONE)[0], 'the next order’s first call');
    expect(callsOf(next, PROVIDER_PHONE)[0]!.form.get('Timeout')).toBe('45');
    await save(settings);
  });
});
