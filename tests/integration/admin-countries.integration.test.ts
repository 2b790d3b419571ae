/**
 * `GET /api/admin/countries`, `PUT` and `DELETE /api/admin/countries/:code`: the supported countries
 * (spec default CA, UK, DE, ES, IT, BE, CH, LU, NL, AT), each enabled per service, kept in
 * `config/settings` for every browser, edited by admins only with one audit entry per change; and
 * checkout, which refuses a booking for a country where its service is off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
let buyer: TestUser;
let lawyer: ProviderDoc;
let expat: ProviderDoc;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  users = await mintRoles(server.store, 'countries');
  buyer = await mintUser(server.store, 'countries-buyer');
  const online = await onlineProviders(server.store);
  lawyer = online.find((p) => p.role === 'lawyer')!;
  expat = online.find((p) => p.role === 'expat')!;
});
afterAll(async () => server?.close());

const call = (method: string, path: string, cookie: string, body?: unknown) =>
  browserCall(server.url, method, path, cookie, body);
const put = (code: string, body: unknown) =>
  call('PUT', `/api/admin/countries/${code}`, users.admin.cookie, body);
const both = { lawyerCall: true, expatCall: true };
const settingsValue = async () =>
  (await server.store.db<{ value: Record<string, unknown> }>('config').get('settings')).value;

function checkout(provider: ProviderDoc, country: Record<string, string>) {
  const service = provider.role === 'lawyer' ? 'lawyerCall' : 'expatCall';
  return call('POST', '/api/checkout', buyer.cookie, {
    providerId: provider._id,
    service,
    currency: 'EUR',
    booking: {
      firstName: 'Anna',
      lastName: 'Martin',
      nationality: 'FR',
      ...country,
      title: 'Litige avec mon propriétaire',
      description: 'Mon propriétaire refuse de me rendre ma caution depuis trois mois, que faire ?',
      languages: [provider.languages[0]!],
      phone: '+33612345678',
      acceptedTerms: true,
    },
    expectedTotal: service === 'lawyerCall' ? 4900 : 1900,
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}`,
  });
}

describe('supported countries in the admin console', () => {
  it('are for admins only', async () => {
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/countries');
    await expectAdminOnly(server.url, users, 'PUT', '/api/admin/countries/PT', both);
    await expectAdminOnly(server.url, users, 'DELETE', '/api/admin/countries/ES');
    expect(await auditOf(server.store, 'country', 'PT')).toEqual([]);
  });

  it('start as the spec’s defaults, both services in each (the spec’s UK read as ISO GB)', async () => {
    const answer = await call('GET', '/api/admin/countries', users.admin.cookie);
    expect(answer.status).toBe(200);
    const { countries } = answer.json as { countries: { code: string }[] };
    expect(countries.map((country) => country.code)).toEqual([
      'CA',
      'GB',
      'DE',
      'ES',
      'IT',
      'BE',
      'CH',
      'LU',
      'NL',
      'AT',
    ]);
    expect(countries[0]).toEqual({ code: 'CA', ...both });
  });

  it('refuses an unknown code or a missing switch with a code per field', async () => {
    const before = await settingsValue();
    const cases: [string, unknown, Record<string, string>][] = [
      ['ZZ', both, { code: 'value_invalid' }],
      ['PT', { lawyerCall: true }, { expatCall: 'required' }],
      ['PT', { lawyerCall: 'yes', expatCall: true }, { lawyerCall: 'value_invalid' }],
      ['PT', { ...both, notaryCall: true }, { notaryCall: 'unknown_field' }],
    ];
    for (const [code, body, fields] of cases) {
      const answer = await put(code, body);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.json).toMatchObject({ error: { code: 'validation', fields } });
    }
    expect((await call('DELETE', '/api/admin/countries/PT', users.admin.cookie)).status).toBe(404);
    expect(await settingsValue()).toEqual(before);
  });

  it('adds, changes and removes a country, one audit entry each, into config', async () => {
    expect((await put('pt', both)).status).toBe(201);
    expect((await put('PT', { lawyerCall: false, expatCall: true })).status).toBe(200);
    expect((await put('PT', { lawyerCall: false, expatCall: true })).status).toBe(200); // no change
    expect(await settingsValue()).toMatchObject({
      supportedCountries: expect.arrayContaining(['PT']) as unknown,
      serviceCountries: {
        lawyerCall: expect.not.arrayContaining(['PT']) as unknown,
        expatCall: expect.arrayContaining(['PT']) as unknown,
      },
    });
    expect((await call('DELETE', '/api/admin/countries/PT', users.admin.cookie)).status).toBe(204);
    expect((await settingsValue()).supportedCountries).not.toContain('PT');
    const trail = await auditOf(server.store, 'country', 'PT', 3);
    expect(trail.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['country_add', null, both],
      ['country_change', both, { lawyerCall: false, expatCall: true }],
      ['country_remove', { lawyerCall: false, expatCall: true }, null],
    ]);
    expect(trail.every((entry) => entry.actor === users.admin.uid)).toBe(true);
  });
});

describe('checkout follows the supported countries', () => {
  it('refuses a booking for a country where the service is off, and takes it where it is on', async () => {
    expect((await put('ES', { lawyerCall: false, expatCall: true })).status).toBe(200);
    const refused = await checkout(lawyer, { interventionCountry: 'ES' });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      error: { code: 'country_unavailable', fields: { interventionCountry: 'country_unavailable' } },
    });
    expect((await checkout(expat, { interventionCountry: 'ES' })).status).toBe(201);
    expect((await checkout(lawyer, { interventionCountry: 'DE' })).status).toBe(201);
    // A country not in the list at all.
    expect((await checkout(lawyer, { interventionCountry: 'TH' })).json).toMatchObject({
      error: { code: 'country_unavailable' },
    });
    // The spec's UK is the ISO GB the booking form sends.
    expect((await checkout(lawyer, { interventionCountry: 'GB' })).status).toBe(201);
    // A place the list does not name, typed by the client.
    const other = await checkout(lawyer, {
      interventionCountry: 'OTHER',
      interventionCountryOther: 'Somaliland',
    });
    expect(other.status).toBe(201);
    await put('ES', both);
  });
});
