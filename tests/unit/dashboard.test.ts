import { describe, expect, it } from 'vitest';
import { countUnread, sortNotifications } from '../../src/data/notifications';
import type { CallSessionDoc, NotificationDoc } from '../../src/domain/mine';
import { CALL_PHASES } from '../../src/domain/order';
import {
  callStatus,
  earningsByCurrency,
  notificationText,
  tabFromQuery,
  tabsFor,
} from '../../src/features/dashboard/dashboard-model';
import fr from '../../src/i18n/locales/fr.json';

const t = (key: string) => `<${key}>`;

function notification(over: Partial<NotificationDoc>): NotificationDoc {
  return {
    id: 'notification:ord_1:booking_confirmed',
    type: 'notification',
    kind: 'booking_confirmed',
    params: {},
    isRead: false,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...over,
  };
}

function call(over: Partial<CallSessionDoc>): CallSessionDoc {
  return {
    id: 'call:ord_1',
    type: 'call_session',
    orderId: 'ord_1',
    role: 'provider',
    service: 'lawyerCall',
    providerId: 'p1',
    providerName: 'Maître Martin',
    clientName: 'Durand',
    phase: 'completed',
    attempt: 1,
    maxAttempts: 3,
    durationMinutes: 20,
    payment: 'captured',
    currency: 'EUR',
    amount: 3900,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...over,
  };
}

describe('dashboard tabs', () => {
  it('shows availability to lawyers and expats only', () => {
    expect(tabsFor('client')).not.toContain('availability');
    expect(tabsFor('admin')).not.toContain('availability');
    expect(tabsFor('lawyer')).toContain('availability');
    expect(tabsFor('expat')).toContain('availability');
    for (const role of ['client', 'lawyer', 'expat'] as const) {
      expect(tabsFor(role)).toEqual(expect.arrayContaining(['reviews', 'favourites', 'notifications']));
    }
  });

  it("keeps an admin's dashboard to their own account: no client tabs", () => {
    expect(tabsFor('admin')).toEqual(['profile', 'settings', 'notifications']);
    expect(tabFromQuery('calls', 'admin')).toBe('profile');
  });

  it('reads the tab from the address, falling back to the first one', () => {
    expect(tabFromQuery('calls', 'client')).toBe('calls');
    expect(tabFromQuery('availability', 'client')).toBe('profile');
    expect(tabFromQuery('nonsense', 'lawyer')).toBe('profile');
    expect(tabFromQuery(null, 'expat')).toBe('profile');
  });
});

describe('call statuses', () => {
  it('maps every phase to one of the four statuses of the spec', () => {
    const mapped = Object.fromEntries(CALL_PHASES.map((phase) => [phase, callStatus(phase)]));
    expect(mapped).toEqual({
      scheduled: 'pending',
      calling_provider: 'pending',
      calling_client: 'pending',
      connecting: 'in_progress',
      in_progress: 'in_progress',
      completed: 'completed',
      failed: 'failed',
    });
  });

  it('totals a provider’s earnings from completed calls only, per currency', () => {
    const calls = [
      call({ id: 'call:a', amount: 3900 }),
      call({ id: 'call:b', amount: 1950 }),
      call({ id: 'call:c', amount: 3900, phase: 'failed' }),
      call({ id: 'call:d', amount: 2500, currency: 'USD' }),
      call({ id: 'call:e', amount: 4900, role: 'client' }),
      call({ id: 'call:f', amount: 3900, phase: 'in_progress' }),
    ];
    expect(earningsByCurrency(calls)).toEqual([
      { currency: 'EUR', amount: 5850 },
      { currency: 'USD', amount: 2500 },
    ]);
    expect(earningsByCurrency([])).toEqual([]);
  });
});

describe('notification texts', () => {
  it('formats money, minutes and names for the language', () => {
    const { key, values } = notificationText(
      notification({
        kind: 'call_completed',
        params: { clientName: 'Durand', minutes: 12, amount: 3920, currency: 'EUR' },
      }),
      'fr',
      t,
    );
    expect(key).toBe('callCompletedEarned');
    expect(values.clientName).toBe('Durand');
    expect(values.amount).toMatch(/^39,20\s€$/);
    expect(values.duration).toBe('12 minutes');
  });

  it('uses the client’s text when a completed call carries no earnings', () => {
    const { key, values } = notificationText(
      notification({ kind: 'call_completed', params: { providerName: 'Maître Martin', minutes: 1 } }),
      'de',
      t,
    );
    expect(key).toBe('callCompleted');
    expect(values).toEqual({ providerName: 'Maître Martin', duration: '1 Minute' });
  });

  it('translates the reason of a failure and the service booked', () => {
    expect(
      notificationText(
        notification({ kind: 'call_failed', params: { providerName: 'X', failure: 'provider_no_answer' } }),
        'fr',
        t,
      ).values.reason,
    ).toBe('<dashboard.failures.providerNoAnswer>');
    expect(
      notificationText(notification({ kind: 'call_failed', params: { failure: 'unknown' } }), 'fr', t).values
        .reason,
    ).toBeUndefined();
    expect(
      notificationText(
        notification({ kind: 'new_booking', params: { clientName: 'Durand', service: 'expatCall' } }),
        'ru',
        t,
      ),
    ).toEqual({
      key: 'newBooking',
      values: { clientName: 'Durand', service: '<dashboard.services.expatCall>' },
    });
  });

  it('has a French text for every kind, using only the values it is given', () => {
    const kinds = fr.dashboard.notifications.kinds as Record<string, string>;
    const samples: NotificationDoc[] = [
      notification({ kind: 'booking_confirmed', params: { providerName: 'A' } }),
      notification({ kind: 'new_booking', params: { clientName: 'B', service: 'lawyerCall' } }),
      notification({ kind: 'call_started', params: { providerName: 'A' } }),
      notification({ kind: 'call_completed', params: { providerName: 'A', minutes: 3 } }),
      notification({
        kind: 'call_completed',
        params: { clientName: 'B', minutes: 3, amount: 100, currency: 'USD' },
      }),
      notification({ kind: 'invoice_ready', params: { number: 'SOS-2026-000001' } }),
      notification({ kind: 'call_failed', params: { providerName: 'A', failure: 'call_failed' } }),
      notification({ kind: 'refund_issued', params: { amount: 4900, currency: 'EUR', providerName: 'A' } }),
      notification({
        kind: 'refund_issued',
        params: { amount: 4900, currency: 'EUR', providerName: 'A', payment: 'released' },
      }),
      notification({
        kind: 'refund_issued',
        params: { amount: 4900, currency: 'EUR', providerName: 'A', payment: 'refunded' },
      }),
      notification({ kind: 'call_missed', params: { clientName: 'B' } }),
    ];
    for (const sample of samples) {
      const { key, values } = notificationText(sample, 'fr', t);
      const text = kinds[key];
      expect(text, key).toBeDefined();
      for (const [, name] of text!.matchAll(/\{\{(\w+)\}\}/g))
        expect(values, `${key} ${name}`).toHaveProperty(name!);
    }
  });
});

describe('unread notifications', () => {
  it('counts the unread ones and lists the newest first', () => {
    const list = [
      notification({ id: 'notification:a', createdAt: '2026-03-01T10:00:00.000Z', isRead: true }),
      notification({ id: 'notification:b', createdAt: '2026-03-02T10:00:00.000Z' }),
      notification({ id: 'notification:c', createdAt: '2026-03-01T12:00:00.000Z' }),
    ];
    expect(countUnread(list)).toBe(2);
    expect(countUnread([])).toBe(0);
    expect(sortNotifications(list).map((n) => n.id)).toEqual([
      'notification:b',
      'notification:c',
      'notification:a',
    ]);
  });
});
