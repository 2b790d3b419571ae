import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config/env';

describe('payout configuration from the environment', () => {
  it('runs payouts daily at 04:00 UTC by default, with simulated transfers at once', () => {
    const { config, problems } = readConfig({});
    expect(problems).toEqual([]);
    expect(config.payouts).toEqual({ dailyAt: { hour: 4, minute: 0 }, simulatedTransferDelayMs: 0 });
  });

  it('takes PAYOUT_DAILY_AT as HH:MM or off, and SIMULATED_TRANSFER_DELAY_MS in milliseconds', () => {
    const set = readConfig({ PAYOUT_DAILY_AT: '22:30', SIMULATED_TRANSFER_DELAY_MS: '250' });
    expect(set.config.payouts).toEqual({ dailyAt: { hour: 22, minute: 30 }, simulatedTransferDelayMs: 250 });
    const off = readConfig({ PAYOUT_DAILY_AT: 'off' });
    expect(off.config.payouts.dailyAt).toBe('off');
    expect(off.notes.join('\n')).toMatch(/no daily payout run/);
  });

  it('refuses to start on a malformed value', () => {
    const { problems } = readConfig({ PAYOUT_DAILY_AT: '4h', SIMULATED_TRANSFER_DELAY_MS: '-1' });
    expect(problems).toEqual([
      'PAYOUT_DAILY_AT is malformed: "4h" is not a time (HH:MM, UTC) or off.',
      'SIMULATED_TRANSFER_DELAY_MS is malformed: "-1" is not a number of milliseconds (0 to 600000).',
    ]);
  });
});
