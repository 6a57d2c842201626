import { describe, expect, test } from 'vitest';
import { createEngine } from '../src/index.js';
import { isCatastrophicRegex } from '../src/runtime/guardrails.js';

const engine = createEngine({ fhir: () => undefined, limits: { timeoutMs: 1500, maxDepth: 300 } });

async function codeOf(src: string): Promise<unknown> {
  try {
    await (await engine.compile(src)).evaluate(null);
    return 'no error';
  } catch (e) {
    return (e as { code?: string }).code;
  }
}

describe('guardrails', () => {
  test('an endless loop ends with D1012 and does not starve concurrent work', async () => {
    let loopSettled = false;
    const loop = codeOf('($f := function($n){ $f($n + 1) }; $f(0))').finally(() => (loopSettled = true));
    const timerFired = new Promise<boolean>((resolve) => setTimeout(() => resolve(loopSettled), 20));
    const cheap = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => (await engine.compile(`${i} + 1`)).evaluate(null)),
    );
    const settledWhenCheapDone = loopSettled;
    expect(cheap).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(settledWhenCheapDone).toBe(false);
    expect(await timerFired).toBe(false);
    expect(await loop).toBe('D1012');
  });

  test('a caller cannot make an unbounded run short: the loop still ends with D1012', async () => {
    const compiled = await engine.compile('($f := function($n){ $f($n + 1) }; $f(0))');
    expect(compiled.costBound).toBeUndefined();
    await expect(compiled.evaluate(null, undefined, { short: true })).rejects.toMatchObject({
      code: 'D1012',
    });
  });

  test('a loop of many small nodes meets the deadline between nodes too', async () => {
    const started = Date.now();
    expect(await codeOf('$count([1..9000000].($ + 1)[$ > 0])')).toBe('D1012');
    expect(Date.now() - started).toBeLessThan(4000);
  });

  test('unbounded recursion ends with D1011', async () => {
    expect(await codeOf('($f := function($n){ 1 + $f($n + 1) }; $f(0))')).toBe('D1011');
  });

  test('huge ranges are refused (D2014)', async () => {
    expect(await codeOf('[1..1e9]')).toBe('D2014');
  });

  test('catastrophic regex shapes are refused (L1001), ordinary ones are not', async () => {
    expect(await codeOf("$match('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!', /(a+)+$/)")).toBe('L1001');
    expect(isCatastrophicRegex('(\\w+\\s?)*$')).toBe(true);
    expect(isCatastrophicRegex('(ab)+c*')).toBe(false);
    expect(isCatastrophicRegex('(\\d{3})+')).toBe(false);
    expect(isCatastrophicRegex('[(a+)]+')).toBe(false);
  });

  test('FLASH without a FHIR context is a clear compile error; plain JSONata keeps working', async () => {
    const e = createEngine({ fhir: () => undefined, fhirUnavailableReason: () => 'packages failed to load' });
    await expect(e.compile('InstanceOf: Patient\n* id = "a"')).rejects.toMatchObject({
      code: 'F1000',
      reason: 'packages failed to load',
      line: 1,
    });
    expect(await (await e.compile('1 + 2')).evaluate(null)).toBe(3);
  });
});
