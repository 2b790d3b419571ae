import { describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH, JSON_MAX_MEMBERS, jsonShapeProblem } from '../../server/http/json-body';

const shape = (text: string) => jsonShapeProblem(Buffer.from(text));

describe('jsonShapeProblem', () => {
  it('accepts ordinary documents, up to the depth and width caps', () => {
    expect(shape('{"docs":[{"_id":"a","tags":["x","y"],"n":{"m":1}}]}')).toBeUndefined();
    expect(shape('['.repeat(JSON_MAX_DEPTH) + ']'.repeat(JSON_MAX_DEPTH))).toBeUndefined();
    expect(shape(`[${Array(JSON_MAX_MEMBERS).fill(0).join(',')}]`)).toBeUndefined();
  });

  it('refuses one level too deep, and a 300,000-level bomb, without recursing', () => {
    expect(shape('['.repeat(JSON_MAX_DEPTH + 1) + ']'.repeat(JSON_MAX_DEPTH + 1))).toBe('too_deep');
    expect(shape('{"keys":' + '['.repeat(300_000) + ']'.repeat(300_000) + '}')).toBe('too_deep');
    expect(shape('{"a":'.repeat(100_000))).toBe('too_deep');
  });

  it('refuses an array or object with one member too many, at any depth', () => {
    expect(
      shape(
        `[${Array(JSON_MAX_MEMBERS + 1)
          .fill(0)
          .join(',')}]`,
      ),
    ).toBe('too_wide');
    const keys = Array.from({ length: JSON_MAX_MEMBERS + 1 }, (_, i) => `"k${i}":1`).join(',');
    expect(shape(`{"docs":[{${keys}}]}`)).toBe('too_wide');
  });

  it('does not count brackets and commas inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ s: '['.repeat(500) + ','.repeat(5000) + '\\"[[[', t: 'é"{' });
    expect(shape(text)).toBeUndefined();
    expect(shape(`["\\\\", ${'['.repeat(JSON_MAX_DEPTH)}]`)).toBe('too_deep');
  });

  it('counts UTF-8 text correctly (multi-byte characters never hold ASCII structure bytes)', () => {
    expect(shape(JSON.stringify({ 名前: '東京[', emoji: '🙂,🙂' }))).toBeUndefined();
  });
});
