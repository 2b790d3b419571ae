import { readFileSync } from 'node:fs';
import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ADMIN_GROUPS, ADMIN_REDIRECTS, ADMIN_SCREENS, adminPath } from '../../src/features/admin/screens';
import { adminReturnPath } from '../../src/features/admin/shell/admin-login-page';
import { auditChanges } from '../../src/features/admin/ui/audit-trail';
import { localePart } from '../../src/i18n/locale-parts';

const fr = JSON.parse(readFileSync('src/i18n/locales/fr.json', 'utf8')) as Record<string, unknown>;
const textAt = (key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], fr);

/** The paths of spec section 2, "Admin area", every one a screen of the console. */
const SPEC_PATHS = [
  'dashboard',
  'users/clients',
  'users/providers/lawyers',
  'users/providers/expats',
  'aaaprofiles',
  'approvals/lawyers',
  'kyc/providers',
  'reviews',
  ...['payments', 'invoices', 'taxes', 'taxes/by-country', 'reconciliation', 'disputes', 'refunds']
    .concat(['payouts', 'exports', 'ledger'])
    .map((p) => `finance/${p}`),
  'calls',
  'calls/sessions',
  ...['campaigns', 'automations', 'segments', 'templates', 'deliverability', 'suppression', 'ab']
    .concat(['messages', 'notifications'])
    .map((p) => `comms/${p}`),
  'contact-messages',
  'affiliates',
  'affiliates/commissions',
  'affiliates/payouts',
  'ambassadors',
  ...['accounts', 'members', 'pricing', 'billing', 'invoices', 'reports'].map((p) => `b2b/${p}`),
  'pricing',
  'coupons',
  'promos/codes',
  'countries',
  'documents',
  'backups',
  'settings',
  ...['financial', 'users', 'performance', 'exports'].map((p) => `reports/${p}`),
];

const screenAt = (path: string) =>
  ADMIN_SCREENS.find((screen) =>
    [screen.path, ...(screen.aliases ?? [])].some((pattern) => matchPath(`/${pattern}`, `/${path}`)),
  );

describe('the admin registry', () => {
  it('has a screen for every admin path of the spec, and each path once', () => {
    for (const path of SPEC_PATHS) expect(screenAt(path), path).toBeDefined();
    const paths = ADMIN_SCREENS.flatMap((screen) => [screen.path, ...(screen.aliases ?? [])]);
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(ADMIN_SCREENS.map((s) => s.id)).size).toBe(ADMIN_SCREENS.length);
    expect(screenAt('coupons')).toBe(screenAt('promos/codes'));
    expect(ADMIN_SCREENS.filter((s) => s.group === 'marketing')).toHaveLength(4);
  });

  it("keeps the spec's placeholders and gives every entry a label and a group", () => {
    for (const path of ['ambassadors', ...SPEC_PATHS.filter((p) => p.startsWith('reports/'))]) {
      expect(screenAt(path)?.status, path).toBe('in_development');
    }
    for (const screen of ADMIN_SCREENS) {
      expect(typeof textAt(screen.label), screen.label).toBe('string');
      expect(ADMIN_GROUPS).toContain(screen.group);
      if (screen.status === 'ready') expect(screen.load, screen.id).toBeTypeOf('function');
    }
    for (const group of ADMIN_GROUPS) expect(typeof textAt(`admin.nav.group.${group}`)).toBe('string');
  });

  it("leads every line of the spec's redirect table to a screen", () => {
    const spec: Record<string, string> = {
      'users/list': 'users/clients',
      'users/all': 'users/clients',
      users: 'users/clients',
      'users/providers': 'users/providers/lawyers',
      providers: 'users/providers/lawyers',
      approvals: 'approvals/lawyers',
      'dashboard/global': 'dashboard',
      'dashboard/alerts': 'reports/performance',
      'dashboard/reports': 'reports/financial',
    };
    expect(ADMIN_REDIRECTS).toMatchObject(spec);
    for (const first of ['payments', 'invoices', 'notifications', 'messages', 'finance', 'comms', 'promos']) {
      expect(ADMIN_REDIRECTS[first], first).toBeDefined();
    }
    for (const [from, to] of Object.entries(ADMIN_REDIRECTS)) {
      expect(screenAt(to), to).toBeDefined();
      expect(screenAt(from), `${from} is a redirect, not a screen`).toBeUndefined();
    }
  });

  it('fills detail paths', () => {
    expect(adminPath('users/clients/:uid', { uid: 'a b/c' })).toBe('/admin/users/clients/a%20b%2Fc');
    expect(() => adminPath('users/clients/:uid')).toThrow();
  });

  it("keeps the console's texts out of the core texts", () => {
    expect(localePart(fr, 'core')).not.toHaveProperty(['admin']);
    expect(localePart(fr, 'admin')).toHaveProperty(['admin']);
  });
});

describe('after the admin login', () => {
  it('returns to a console path only', () => {
    expect(adminReturnPath('/admin/users/clients?q=x')).toBe('/admin/users/clients?q=x');
    expect(adminReturnPath(null)).toBe('/admin/dashboard');
    expect(adminReturnPath('/dashboard')).toBe('/admin/dashboard');
    expect(adminReturnPath('//evil.example/admin')).toBe('/admin/dashboard');
    expect(adminReturnPath('/administrator')).toBe('/admin/dashboard');
    expect(adminReturnPath('/admin/login?redirect=/admin/x')).toBe('/admin/dashboard');
  });
});

describe('an audit entry as before → after', () => {
  it('lists the changed fields only', () => {
    expect(auditChanges({ isBanned: false, name: 'A' }, { isBanned: true, name: 'A' })).toEqual([
      { field: 'isBanned', before: false, after: true },
    ]);
    expect(auditChanges(null, { code: 'X' })).toEqual([{ field: 'code', before: undefined, after: 'X' }]);
    expect(auditChanges(5, 7)).toEqual([{ field: '', before: 5, after: 7 }]);
    expect(auditChanges({ a: [1] }, { a: [1] })).toEqual([]);
  });
});
