import { describe, expect, test } from 'vitest';
import { createEngine, toLegacyErrorPayload } from '../src/index.js';
import { r4Engine } from './helpers/test-engine.js';

const plain = createEngine({ fhir: () => undefined });

describe('engine API', () => {
  test('compile is cached per source and the result is reusable concurrently', async () => {
    const a = await plain.compile('$ * 2');
    expect(await plain.compile('$ * 2')).toBe(a);
    expect(await Promise.all([1, 2, 3].map((n) => a.evaluate(n)))).toEqual([2, 4, 6]);
  });

  test('verbose report: status, bag entries with severity/level/position, executionId', async () => {
    const c = await plain.compile('{"x": 1, "w": $warn("careful")}');
    const r = await c.evaluateVerbose(null);
    expect(r).toMatchObject({ ok: true, status: 200, result: { x: 1 } });
    expect(r.executionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.diagnostics.warning[0]).toMatchObject({
      code: 'F5320',
      message: 'careful',
      severity: 32,
      level: 'warning',
      executionId: r.executionId,
      position: 20,
      start: 14,
      line: 1,
    });
    const again = await c.evaluateVerbose(null);
    expect(again.executionId).not.toBe(r.executionId);
  });

  test('$executionId matches the report; $now() is frozen per evaluation', async () => {
    const r = await (await plain.compile('[$executionId, $now() = $now()]')).evaluateVerbose(null);
    expect(r.result).toEqual([r.executionId, true]);
  });

  test('compile errors carry code, position, start, line, token; legacy payload of §9.4', async () => {
    const err = await plain.compile("{'a':}").catch((e: unknown) => e);
    expect(toLegacyErrorPayload(err)).toEqual({
      __isMapxError: true,
      __isFlashError: false,
      message: 'Missing expression after ":". Objects must contain only key-value pairs',
      code: 'F1101',
      name: '',
      value: '',
      token: ':',
      cause: '',
      line: 1,
      start: 5,
      position: 6,
    });
  });

  test('legacy payload from a report uses the primary diagnostic', async () => {
    const e = await r4Engine();
    const r = await (await e.compile("InstanceOf: Patient\n* gender = 'F'")).evaluateVerbose(null);
    expect(r.status).toBe(206);
    expect(toLegacyErrorPayload(r)).toMatchObject({
      __isFlashError: true,
      code: 'F5120',
      name: 'EvaluationError',
      message: 'Value "F" for "gender" in "Patient" is not in the required ValueSet.',
      line: 2,
    });
  });

  test('runtime errors map back to the user text (§6.8)', async () => {
    const err = (await (
      await plain.compile('1;\n$number("abc")')
    )
      .evaluate(null)
      .catch((e: unknown) => e)) as Record<string, unknown>;
    expect(err).toMatchObject({ code: 'D3030', token: 'number', start: 3, position: 11, line: 2 });
    expect(typeof err['executionId']).toBe('string');
  });

  test('saved mappings are functions evaluated in the caller environment (§6.10)', async () => {
    const maps: Record<string, string> = { m: '$uppercase($)', greet: "'testing binding of $a: ' & $a" };
    const mappings = { keys: () => Object.keys(maps), get: (k: string) => maps[k] };
    const c1 = await plain.compile("$uppercase := function(){'X'}; $m('a')");
    expect(await c1.evaluate(null, {}, { mappings })).toBe('X');
    const c2 = await plain.compile('$greet({}, {"a": "a"})');
    expect(await c2.evaluate(null, {}, { mappings })).toBe('testing binding of $a: a');
  });

  test('$eval accepts FLASH in the caller environment', async () => {
    const e = await r4Engine();
    const c = await e.compile("$id := 'x1'; $eval('InstanceOf: Patient\\n* id = $id')");
    expect(await c.evaluate(null)).toEqual({ resourceType: 'Patient', id: 'x1' });
  });

  test('registered functions and bindings', async () => {
    const e = createEngine({ fhir: () => undefined });
    e.registerFunction('twice', (x: number) => x * 2, '<n:n>');
    e.registerBinding('k', 21);
    expect(await (await e.compile('$twice($k)')).evaluate(null)).toBe(42);
  });

  test('nested FLASH block as a rule value uses its own definitions (§0 item 8)', async () => {
    const e = await r4Engine();
    const src =
      "InstanceOf: Bundle\n* type = 'collection'\n* entry.resource = (InstanceOf: Patient\n  * active = true)";
    expect(await (await e.compile(src)).evaluate(null)).toEqual({
      resourceType: 'Bundle',
      type: 'collection',
      entry: [{ resource: { resourceType: 'Patient', active: true } }],
    });
  });
});
