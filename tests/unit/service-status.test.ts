import { describe, expect, it } from 'vitest';
import type { ServiceStatus } from '../../src/domain/config';
import { SERVICE_STATUS_DAYS } from '../../src/domain/constants';
import {
  addDays,
  demoHistory,
  isServiceStatus,
  parseServiceStatus,
  recordObservation,
  setDayByAdmin,
  statusWindow,
  trimToWindow,
  uptimeRatio,
  utcDay,
  windowDays,
  withDemoHistory,
  worstState,
} from '../../src/domain/service-status';

const TODAY = '2025-03-10';

describe('worst state of a day', () => {
  it('orders outage > degraded > maintenance > operational', () => {
    expect(worstState('operational', 'maintenance')).toBe('maintenance');
    expect(worstState('maintenance', 'degraded')).toBe('degraded');
    expect(worstState('degraded', 'outage')).toBe('outage');
    expect(worstState('outage', 'operational')).toBe('outage');
    expect(worstState('degraded', 'maintenance')).toBe('degraded');
  });

  it('keeps the worst of what the monitor saw during the day', () => {
    let status: ServiceStatus = { days: [] };
    status = recordObservation(status, TODAY, 'operational');
    status = recordObservation(status, TODAY, 'outage');
    status = recordObservation(status, TODAY, 'operational');
    expect(status.days).toEqual([{ date: TODAY, state: 'outage', source: 'monitor' }]);
  });

  it('starts a new day from what is seen that day', () => {
    let status: ServiceStatus = { days: [{ date: addDays(TODAY, -1), state: 'outage', source: 'monitor' }] };
    status = recordObservation(status, TODAY, 'operational');
    expect(status.days.map((d) => d.state)).toEqual(['outage', 'operational']);
  });
});

describe("an admin's days", () => {
  it('are never changed by the monitor', () => {
    let status = setDayByAdmin({ days: [] }, TODAY, 'maintenance');
    status = recordObservation(status, TODAY, 'outage');
    status = recordObservation(status, TODAY, 'operational');
    expect(status.days).toEqual([{ date: TODAY, state: 'maintenance', source: 'admin' }]);
  });

  it('include days written by hand without a source', () => {
    const status = recordObservation({ days: [{ date: TODAY, state: 'operational' }] }, TODAY, 'outage');
    expect(status.days).toEqual([{ date: TODAY, state: 'operational' }]);
  });

  it('replace what the monitor had recorded', () => {
    let status = recordObservation({ days: [] }, TODAY, 'outage');
    status = setDayByAdmin(status, TODAY, 'maintenance');
    expect(status.days).toEqual([{ date: TODAY, state: 'maintenance', source: 'admin' }]);
  });

  it('are not filled over by the demo history', () => {
    const yesterday = addDays(TODAY, -1);
    const { status, added } = withDemoHistory(setDayByAdmin({ days: [] }, yesterday, 'outage'), TODAY);
    expect(added).toBe(SERVICE_STATUS_DAYS - 2);
    expect(status.days.find((d) => d.date === yesterday)).toEqual({
      date: yesterday,
      state: 'outage',
      source: 'admin',
    });
  });
});

describe('the 30-day window', () => {
  it('runs from 29 days ago to today, oldest first, across month ends', () => {
    const window = statusWindow('2025-03-01');
    expect(window).toHaveLength(SERVICE_STATUS_DAYS);
    expect(window[0]).toBe('2025-01-31');
    expect(window.at(-1)).toBe('2025-03-01');
    expect(window).toContain('2025-02-28');
  });

  it('drops older and future days when trimming', () => {
    const days = [-40, -30, -29, -1, 0, 1].map((n) => ({
      date: addDays(TODAY, n),
      state: 'operational' as const,
      source: 'monitor' as const,
    }));
    expect(trimToWindow({ days }, TODAY).days.map((d) => d.date)).toEqual([
      addDays(TODAY, -29),
      addDays(TODAY, -1),
      TODAY,
    ]);
  });

  it('shows the days without an entry as no data', () => {
    const days = windowDays({ days: [{ date: TODAY, state: 'degraded', source: 'monitor' }] }, TODAY);
    expect(days).toHaveLength(SERVICE_STATUS_DAYS);
    expect(days.at(-1)).toEqual({ date: TODAY, state: 'degraded' });
    expect(days[0]).toEqual({ date: addDays(TODAY, -29) });
  });

  it('counts uptime over the days with data only', () => {
    const days = windowDays(
      {
        days: [
          { date: addDays(TODAY, -2), state: 'operational' },
          { date: addDays(TODAY, -1), state: 'maintenance' },
          { date: TODAY, state: 'operational' },
          { date: addDays(TODAY, 1), state: 'outage' },
        ],
      },
      TODAY,
    );
    expect(uptimeRatio(days)).toBeCloseTo(2 / 3);
    expect(uptimeRatio(windowDays({ days: [] }, TODAY))).toBeUndefined();
  });

  it('names days in UTC', () => {
    expect(utcDay(new Date('2025-03-10T23:59:59.999Z'))).toBe('2025-03-10');
    expect(utcDay(new Date('2025-03-11T00:30:00+02:00'))).toBe('2025-03-10');
  });
});

describe('the demo history', () => {
  it('covers the 29 days before today and none other', () => {
    const days = demoHistory(TODAY);
    expect(days).toHaveLength(SERVICE_STATUS_DAYS - 1);
    expect(days[0]!.date).toBe(addDays(TODAY, -29));
    expect(days.at(-1)!.date).toBe(addDays(TODAY, -1));
    expect(days.every((d) => d.source === 'demo')).toBe(true);
  });

  it('is deterministic and shows one degraded day and one maintenance, the rest operational', () => {
    expect(demoHistory(TODAY)).toEqual(demoHistory(TODAY));
    const count = (state: string) => demoHistory(TODAY).filter((d) => d.state === state).length;
    expect(count('degraded')).toBe(1);
    expect(count('maintenance')).toBe(1);
    expect(count('outage')).toBe(0);
    expect(count('operational')).toBe(SERVICE_STATUS_DAYS - 3);
  });

  it('gives way to what the monitor really saw', () => {
    const { status } = withDemoHistory({ days: [] }, TODAY);
    const degraded = status.days.find((d) => d.state === 'degraded')!;
    const observed = recordObservation(status, degraded.date, 'operational');
    expect(observed.days.find((d) => d.date === degraded.date)).toEqual({
      date: degraded.date,
      state: 'operational',
      source: 'monitor',
    });
  });

  it('fills only missing days, so a second run adds nothing', () => {
    const first = withDemoHistory({ days: [] }, TODAY);
    expect(first.added).toBe(SERVICE_STATUS_DAYS - 1);
    const second = withDemoHistory(first.status, TODAY);
    expect(second.added).toBe(0);
    expect(second.status).toEqual(first.status);
  });
});

describe('the stored document', () => {
  it('accepts what the server writes', () => {
    const status = recordObservation(withDemoHistory({ days: [] }, TODAY).status, TODAY, 'operational');
    expect(isServiceStatus(status)).toBe(true);
    expect(parseServiceStatus(status)).toEqual({ status, problems: [] });
  });

  it('keeps the good days of a damaged document and says what it left out', () => {
    const { status, problems } = parseServiceStatus({
      days: [
        { date: '2025-03-09', state: 'operational', source: 'monitor' },
        { date: '2025-02-30', state: 'operational' },
        { date: '2025-03-08', state: 'broken' },
        { date: '2025-03-07', state: 'outage', source: 'robot' },
        { date: '2025-03-09', state: 'outage', source: 'admin' },
        'nonsense',
        { date: '2025-03-01', state: 'maintenance', source: 'admin' },
      ],
    });
    expect(status.days).toEqual([
      { date: '2025-03-01', state: 'maintenance', source: 'admin' },
      { date: '2025-03-09', state: 'operational', source: 'monitor' },
    ]);
    expect(problems).toHaveLength(5);
    expect(isServiceStatus({ days: [{ date: '2025-03-08', state: 'broken' }] })).toBe(false);
  });

  it('reads a missing or shapeless value as no data', () => {
    expect(parseServiceStatus(undefined)).toEqual({ status: { days: [] }, problems: [] });
    expect(parseServiceStatus({ days: 'x' }).problems).toEqual(['days must be an array']);
    expect(isServiceStatus(undefined)).toBe(false);
    expect(isServiceStatus(null)).toBe(false);
  });
});
