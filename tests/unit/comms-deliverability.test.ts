/**
 * The rules of deliverability and A/B tests: a provider's report is checked strictly; rates divide by
 * what was attempted (or accepted); the test size and the winner's rule (tie: A); a body's links are
 * numbered once each, trailing punctuation left out; an SMTP failure is a hard bounce only when the
 * recipient was refused for good.
 */
import { describe, expect, it } from 'vitest';
import { abLeader, abTestSize } from '../../src/domain/comms-ab';
import type { AbVariantResult } from '../../src/domain/comms-ab';
import { checkMailEvents, withRates } from '../../src/domain/comms-deliverability';
import { classifySmtpFailure } from '../../server/services/comms/campaign-delivery';
import { campaignLinks } from '../../server/services/comms/campaign-links';
import { campaignOfMessageId } from '../../server/services/comms/campaign-records';

const now = new Date('2026-05-02T12:00:00Z');
const event = {
  type: 'complaint',
  messageId: '<campaign.c1.u1@sos.test>',
  email: 'A@B.test',
  at: '2026-05-02T10:00:00Z',
};

describe('provider reports', () => {
  it('takes one event or a list, normalising the address', () => {
    expect(checkMailEvents(event, now)).toEqual({
      ok: true,
      events: [
        { kind: 'complaint', messageId: event.messageId, email: 'a@b.test', at: '2026-05-02T10:00:00.000Z' },
      ],
    });
    const bounce = { ...event, type: 'bounce', bounceType: 'soft' };
    expect(checkMailEvents({ events: [event, bounce] }, now)).toMatchObject({
      ok: true,
      events: [{ kind: 'complaint' }, { kind: 'soft_bounce' }],
    });
  });

  it('refuses unknown fields, kinds, shapes, times and too many events', () => {
    expect(checkMailEvents({ ...event, extra: 1 }, now)).toEqual({ ok: false, index: 0 });
    expect(checkMailEvents({ ...event, type: 'bounce' }, now)).toEqual({ ok: false, index: 0 });
    expect(checkMailEvents({ ...event, messageId: 'no-brackets' }, now)).toEqual({ ok: false, index: 0 });
    expect(checkMailEvents({ ...event, at: '2026-06-02T10:00:00Z' }, now)).toEqual({ ok: false, index: 0 });
    expect(checkMailEvents({ ...event, at: '2025-01-01T10:00:00Z' }, now)).toEqual({ ok: false, index: 0 });
    expect(checkMailEvents({ events: [] }, now)).toEqual({ ok: false, index: -1 });
    expect(checkMailEvents({ events: Array(101).fill(event) }, now)).toEqual({ ok: false, index: -1 });
    expect(checkMailEvents({ events: [event], more: 1 }, now)).toEqual({ ok: false, index: -1 });
    expect(checkMailEvents([event], now)).toEqual({ ok: false, index: -1 });
  });

  it('names the campaign and recipient of our Message-IDs only', () => {
    expect(campaignOfMessageId('<campaign.2026-ab.user.1@sos.test>')).toEqual({
      campaignId: '2026-ab',
      uid: 'user.1',
    });
    expect(campaignOfMessageId('<other.1@sos.test>')).toBeUndefined();
  });
});

describe('rates', () => {
  it('divide bounces and failures by the attempted, complaints by the accepted', () => {
    expect(
      withRates({ attempted: 10, sent: 8, failed: 1, hardBounces: 1, softBounces: 1, complaints: 2 }),
    ).toMatchObject({ bounceRate: 0.2, complaintRate: 0.25, failureRate: 0.1 });
    expect(
      withRates({ attempted: 0, sent: 0, failed: 0, hardBounces: 0, softBounces: 0, complaints: 0 }),
    ).toMatchObject({ bounceRate: null, complaintRate: null, failureRate: null });
  });
});

describe('A/B rules', () => {
  const result = (tracked: number, opens: number, clicks: number): AbVariantResult => ({
    sent: tracked,
    tracked,
    opens,
    clicks,
    openRate: null,
    clickRate: null,
  });

  it('sizes the test, at least one recipient per variant', () => {
    expect(abTestSize(100, 20)).toBe(20);
    expect(abTestSize(5, 10)).toBe(2);
    expect(abTestSize(1, 50)).toBe(1);
    expect(abTestSize(3, 50)).toBe(2);
  });

  it('picks more per tracked mail, A on a tie or with nothing tracked', () => {
    expect(abLeader({ a: result(10, 2, 0), b: result(4, 1, 0) }, 'opens')).toBe('b');
    expect(abLeader({ a: result(10, 2, 0), b: result(5, 1, 0) }, 'opens')).toBe('a');
    expect(abLeader({ a: result(0, 0, 0), b: result(0, 0, 0) }, 'clicks')).toBe('a');
    expect(abLeader({ a: result(4, 4, 0), b: result(4, 0, 1) }, 'clicks')).toBe('b');
  });
});

describe('campaign links and SMTP failures', () => {
  it('numbers each link once, without the sentence’s punctuation', () => {
    expect(
      campaignLinks(
        'See https://a.test/x. Or (https://b.test/y?z=1), again https://a.test/x!\nftp://no.test',
      ),
    ).toEqual(['https://a.test/x', 'https://b.test/y?z=1']);
  });

  it('is a hard bounce only for a permanent refusal of the recipient', () => {
    const rcpt = { responseCode: 550, command: 'RCPT TO', response: '550 No such user' };
    expect(classifySmtpFailure(rcpt)).toEqual({ reason: '550 No such user', kind: 'hard_bounce' });
    expect(classifySmtpFailure({ ...rcpt, command: 'DATA' }).kind).toBe('permanent');
    expect(classifySmtpFailure({ ...rcpt, responseCode: 450 }).kind).toBe('temporary');
    expect(classifySmtpFailure({ code: 'ECONNREFUSED', message: 'connect refused' }).kind).toBe('temporary');
  });
});
