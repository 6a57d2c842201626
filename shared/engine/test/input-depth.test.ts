import { describe, expect, test } from 'vitest';
import { createEngine, exceedsDepth } from '../src/index.js';

/** `depth` levels of nesting: objects and arrays alternating, the innermost a string. */
function nested(depth: number, startWithArray = false): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = (i % 2 === 0) === startWithArray ? [v] : { k: v };
  return v;
}

describe('input depth (L1004)', () => {
  test('a value nests exactly as deep as its objects and arrays, scalars adding nothing', () => {
    expect(exceedsDepth('text', 0)).toBe(false);
    expect(exceedsDepth(null, 0)).toBe(false);
    expect(exceedsDepth({}, 1)).toBe(false);
    expect(exceedsDepth({}, 0)).toBe(true);
    for (const startWithArray of [false, true]) {
      expect(exceedsDepth(nested(10, startWithArray), 10)).toBe(false);
      expect(exceedsDepth(nested(11, startWithArray), 10)).toBe(true);
    }
  });

  test('the deepest branch counts, wherever it is among shallow siblings', () => {
    const wide = { a: 1, b: [1, 2, { c: 3 }], d: { e: nested(8) }, f: 'x' };
    // wide → d → e's 8 levels
    expect(exceedsDepth(wide, 10)).toBe(false);
    expect(exceedsDepth(wide, 9)).toBe(true);
  });

  test('only own keys are followed: `__proto__` from JSON is data, inherited keys are not walked', () => {
    const hostile = JSON.parse(`{"__proto__": ${JSON.stringify(nested(20))}}`);
    expect(exceedsDepth(hostile, 10)).toBe(true);
    const inherited = Object.create({ deep: nested(20) }) as Record<string, unknown>;
    inherited['own'] = 1;
    expect(exceedsDepth(inherited, 5)).toBe(false);
  });

  test('the engine refuses an input past its limit with L1004 and evaluates one at the limit', async () => {
    const engine = createEngine({ fhir: () => undefined, limits: { maxInputDepth: 12 } });
    const expr = await engine.compile('$count($keys($))');
    await expect(expr.evaluate(nested(12))).resolves.toBe(1);
    await expect(expr.evaluate(nested(13))).rejects.toMatchObject({ code: 'L1004' });
  });
});
