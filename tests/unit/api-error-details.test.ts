/**
 * The extra fields of an error answer (`{ error: { code, message, left } }`) reach the screens: kept
 * typed (strings, finite numbers, booleans) and bounded (few, short), so a screen can say what is
 * left of a refund without trusting whatever a body carries.
 */
import { describe, expect, it } from 'vitest';
import { errorDetail, toApiError } from '../../src/data/api';

describe('ApiError details', () => {
  it('keeps the extra fields of an error answer', () => {
    const error = toApiError(409, {
      error: { code: 'exceeds_refundable', message: 'The amount is more than what is left.', left: 2450 },
    });
    expect(error.code).toBe('exceeds_refundable');
    expect(error.details).toEqual({ left: 2450 });
    expect(errorDetail(error, 'left', 'number')).toBe(2450);
    expect(errorDetail(error, 'left', 'string')).toBeUndefined();
    expect(errorDetail(new Error('x'), 'left', 'number')).toBeUndefined();
  });

  it('keeps only scalar fields with plain names, a few and short', () => {
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`extra${i}`, i]));
    const error = toApiError(409, {
      error: {
        code: 'conflict',
        message: 'm',
        fields: { a: 'value_invalid' },
        retryAfter: 3,
        nested: { a: 1 },
        list: [1],
        infinite: Number.POSITIVE_INFINITY,
        'bad key': 1,
        __proto__x: 1,
        long: 'x'.repeat(5000),
        ok: true,
        ...many,
      },
    });
    const keys = Object.keys(error.details);
    expect(keys.length).toBeLessThanOrEqual(16);
    for (const name of ['code', 'message', 'fields', 'retryAfter', 'nested', 'list', 'infinite', 'bad key']) {
      expect(keys).not.toContain(name);
    }
    expect(error.details.ok).toBe(true);
    expect(String(error.details.long).length).toBeLessThanOrEqual(200);
    expect(error.fields).toEqual({ a: 'value_invalid' });
    expect(error.retryAfter).toBe(3);
  });
});
