import { describe, expect, it } from 'vitest';
import {
  byReadingOrder,
  hiddenCopy,
  isHiddenMessage,
  laterInstant,
  orderIdOfMessage,
  restoredCopy,
} from '../../src/domain/message-moderation';
import type { MessageDoc } from '../../src/domain/mine';
import { createMineValidator } from '../../src/domain/mine-validation';

const copy: MessageDoc = {
  id: 'message:order-1:k1',
  type: 'message',
  orderId: 'order-1',
  from: 'client-1',
  to: 'lawyer-1',
  body: 'Un message déplacé',
  deliveredAt: '2026-11-29T10:00:01.000Z',
  createdAt: '2026-11-29T10:00:00.000Z',
  updatedAt: '2026-11-29T10:00:01.000Z',
};
const AT = '2026-11-29T12:00:00.000Z';
const LATER = '2026-11-29T13:00:00.000Z';

describe('message moderation rules', () => {
  it('reads the order of a message from its id, and nothing from another id', () => {
    expect(orderIdOfMessage('message:order-1:k1')).toBe('order-1');
    expect(orderIdOfMessage('message:order-1')).toBeUndefined();
    expect(orderIdOfMessage('review:order-1')).toBeUndefined();
    expect(orderIdOfMessage('message:a b:k')).toBeUndefined();
  });

  it('hides a copy: no text, `hiddenAt` set, the rest kept; a hidden copy is left alone', () => {
    const hidden = hiddenCopy(copy, AT)!;
    expect(hidden).toEqual({ ...copy, body: undefined, hiddenAt: AT, updatedAt: AT });
    expect('body' in hidden).toBe(false);
    expect(isHiddenMessage(hidden)).toBe(true);
    expect(hiddenCopy(hidden, LATER)).toBeUndefined();
    // A copy marked hidden that still has its text (written half-way) loses it, keeping its date.
    expect(hiddenCopy({ ...copy, hiddenAt: AT }, LATER)).toMatchObject({ hiddenAt: AT, updatedAt: LATER });
  });

  it('restores a copy with its text; a visible copy with that text is left alone', () => {
    const hidden = hiddenCopy(copy, AT)!;
    const restored = restoredCopy(hidden, copy.body!, LATER)!;
    expect(restored).toEqual({ ...copy, updatedAt: LATER });
    expect(isHiddenMessage(restored)).toBe(false);
    expect(restoredCopy(copy, copy.body!, LATER)).toBeUndefined();
  });

  it("keeps both shapes valid for the gateway's schema, which a device's check shares", () => {
    const validate = createMineValidator();
    expect(validate(copy as unknown as Record<string, unknown>)).toMatchObject({ ok: true });
    expect(validate(hiddenCopy(copy, AT) as unknown as Record<string, unknown>)).toMatchObject({ ok: true });
    expect(validate({ ...copy, hiddenAt: 'yesterday' })).toMatchObject({ ok: false });
    expect(validate({ ...copy, body: '' })).toMatchObject({ ok: false });
  });

  it('keeps the later of two instants, whatever their order', () => {
    expect(laterInstant(undefined, AT)).toBe(AT);
    expect(laterInstant(AT, LATER)).toBe(LATER);
    expect(laterInstant(LATER, AT)).toBe(LATER);
  });

  it('orders messages oldest first, their ids breaking ties', () => {
    const list = [
      { id: 'b', createdAt: LATER },
      { id: 'z', createdAt: AT },
      { id: 'a', createdAt: AT },
    ];
    expect(list.sort(byReadingOrder).map((item) => item.id)).toEqual(['a', 'z', 'b']);
  });
});
