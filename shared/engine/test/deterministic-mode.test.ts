import { describe, expect, test } from 'vitest';
import { createEngine, seededUuid } from '../src/index.js';

const engine = createEngine({ fhir: () => undefined });
const FIXED = { now: Date.UTC(2024, 0, 2, 3, 4, 5, 678), seed: 'case-a' };
const SOURCE =
  '{"now": $now(), "millis": $millis(), "right": $rightNow(), "u": [$uuid(), $uuid()], "s": $uuid("1")}';

describe('deterministic (test) mode', () => {
  test('a fixed clock and a seeded UUID sequence, the same for every evaluation', async () => {
    const compiled = await engine.compile(SOURCE);
    const first = (await compiled.evaluate(null, {}, { deterministic: FIXED })) as Record<string, unknown>;
    const second = await compiled.evaluate(null, {}, { deterministic: FIXED });
    expect(second).toEqual(first);
    expect(first['now']).toBe(new Date(FIXED.now).toISOString());
    expect(first['millis']).toBe(FIXED.now);
    expect(first['right']).toBe(FIXED.now);
    expect(first['u']).toEqual([seededUuid(['case-a', 0]), seededUuid(['case-a', 1])]);
    // a seeded $uuid(seed) is deterministic anyway and does not advance the sequence
    expect(first['s']).toBe(seededUuid('1'));
  });

  test('another seed gives other UUIDs', async () => {
    const compiled = await engine.compile('$uuid()');
    const a = await compiled.evaluate(null, {}, { deterministic: FIXED });
    const b = await compiled.evaluate(null, {}, { deterministic: { ...FIXED, seed: 'case-b' } });
    expect(a).not.toBe(b);
  });

  test('off: the real clock and random UUIDs', async () => {
    const compiled = await engine.compile('[$millis(), $uuid(), $uuid()]');
    const before = Date.now();
    const [millis, u1, u2] = (await compiled.evaluate(null)) as [number, string, string];
    expect(millis).toBeGreaterThanOrEqual(before);
    expect(u1).not.toBe(u2);
    expect(u1).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);
  });
});
