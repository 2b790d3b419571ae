/**
 * Which store failures the service answers 503 "try again in a moment" (issue 15): the store
 * unreachable, answering 503, or a cluster without a majority of its nodes; never a caller's
 * mistake or a conflict.
 */
import { describe, expect, it } from 'vitest';
import { isStoreUnavailable } from '../../server/store/store';
import { StoreRequestError } from '../../server/store/quorum-write';

describe('a store that is briefly unavailable', () => {
  it('is told from the store’s other answers', () => {
    const noMajority = Object.assign(new Error('no_majority'), {
      statusCode: 500,
      error: 'error',
      reason: 'no_majority',
    });
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }),
    });
    for (const error of [noMajority, refused, new StoreRequestError(503, 'unavailable', 'later')]) {
      expect(isStoreUnavailable(error)).toBe(true);
    }
    const conflict = new StoreRequestError(409, 'conflict', 'Document update conflict.');
    const missing = Object.assign(new Error('missing'), { statusCode: 404 });
    for (const error of [conflict, missing, new Error('boom'), undefined, 'text']) {
      expect(isStoreUnavailable(error)).toBe(false);
    }
  });
});
