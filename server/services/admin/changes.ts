/**
 * What an audit entry keeps of a change: only the fields that changed, before and after (DESIGN.md,
 * "The admin console": "before → after of the fields changed"). Nested records are compared field by
 * field and named by their path (`lawyerCall.prices.EUR`), so that a trail reads one changed value
 * per line rather than a whole record; lists are compared whole.
 */
import { isDeepStrictEqual } from 'node:util';

export type Change = { before: Record<string, unknown>; after: Record<string, unknown> };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function leaves(value: Record<string, unknown>, prefix = '', out: Record<string, unknown> = {}) {
  for (const [key, field] of Object.entries(value)) {
    if (isRecord(field)) leaves(field, `${prefix}${key}.`, out);
    else out[`${prefix}${key}`] = field;
  }
  return out;
}

/** The fields of `before` and `after` that differ, by path; undefined when none does. */
export function changedFields(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): Change | undefined {
  const from = leaves(before);
  const to = leaves(after);
  const change: Change = { before: {}, after: {} };
  for (const key of new Set([...Object.keys(from), ...Object.keys(to)])) {
    if (isDeepStrictEqual(from[key], to[key])) continue;
    change.before[key] = from[key] ?? null;
    change.after[key] = to[key] ?? null;
  }
  return Object.keys(change.after).length > 0 ? change : undefined;
}
