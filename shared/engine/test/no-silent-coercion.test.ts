import { describe, expect, test } from 'vitest';
import { r4Engine } from './helpers/test-engine.js';

const codes = (list: readonly { code: string }[]) => list.map((d) => d.code);

describe('booleans: the specified conversion, never silently (decision 14)', () => {
  test.each([
    ['N', true],
    ['no', true],
    ['0', true],
    ['False', false],
  ])(
    'deceasedBoolean from input %j keeps %j with an F5350 warning naming element and value',
    async (v, out) => {
      const engine = await r4Engine();
      const c = await engine.compile('InstanceOf: Patient\n* deceasedBoolean = flag');
      const r = await c.evaluateVerbose({ flag: v });
      expect(r.status).toBe(200);
      expect((r.result as Record<string, unknown>).deceasedBoolean).toBe(out);
      const warnings = r.diagnostics.warning.filter((d) => d.code === 'F5350');
      if (v === 'False') expect(warnings).toEqual([]);
      else
        expect(warnings).toEqual([
          expect.objectContaining({
            fhirElement: 'deceasedBoolean',
            instanceOf: 'Patient',
            value: v,
            line: 2,
          }),
        ]);
    },
  );

  test('a number is converted with a warning; true/false in any case are silent', async () => {
    const engine = await r4Engine();
    const c = await engine.compile('InstanceOf: Patient\n* active = n\n* deceasedBoolean = t');
    const r = await c.evaluateVerbose({ n: 1, t: 'TRUE' });
    expect(r.result).toMatchObject({ active: true, deceasedBoolean: true });
    expect(codes(r.diagnostics.warning)).toEqual(['F5350']);
    expect(r.diagnostics.warning[0]).toMatchObject({ fhirElement: 'active', value: 1 });
  });

  test('a literal gives the static warning F5351 at compile time, on the compiled expression', async () => {
    const engine = await r4Engine();
    const c = await engine.compile('InstanceOf: Patient\n* deceasedBoolean = "N"\n* active = true');
    expect(c.warnings).toEqual([
      expect.objectContaining({
        code: 'F5351',
        fhirElement: 'deceasedBoolean',
        value: 'N',
        result: true,
        line: 2,
      }),
    ]);
    const r = await c.evaluateVerbose(null);
    expect(codes(r.diagnostics.warning)).toEqual(['F5351', 'F5350']);
  });

  test('strict booleans (engine option, or per evaluation) make it the coded error F5115', async () => {
    const strict = await r4Engine({ strictBooleans: true });
    const c = await strict.compile('InstanceOf: Patient\n* deceasedBoolean = flag');
    const r = await c.evaluateVerbose({ flag: 'N' });
    // an invalid-data error like F5110: 206 in the verbose report, 422 when thrown (non-verbose)
    expect(r.status).toBe(206);
    expect(r.diagnostics.error[0]).toMatchObject({
      code: 'F5115',
      fhirElement: 'deceasedBoolean',
      value: 'N',
    });
    await expect(c.evaluate({ flag: 'no' })).rejects.toMatchObject({ code: 'F5115' });
    expect(await c.evaluate({ flag: 'false' })).toMatchObject({ deceasedBoolean: false });
    const lenient = await r4Engine();
    const l = await lenient.compile('InstanceOf: Patient\n* deceasedBoolean = flag');
    await expect(l.evaluate({ flag: 'N' }, {}, { strictBooleans: true })).rejects.toMatchObject({
      code: 'F5115',
    });
  });
});

describe('numbers and dates: lossy or surprising conversions are never silent', () => {
  test('decimal digits beyond double precision give F5352 with element and value; 1.50 does not', async () => {
    const engine = await r4Engine();
    const c = await engine.compile(
      "InstanceOf: Observation\n* status = 'final'\n* code.text = 'x'\n* valueQuantity.value = v",
    );
    const lossy = await c.evaluateVerbose({ v: '0.1000000000000000000001' });
    expect(lossy.diagnostics.warning).toEqual([
      expect.objectContaining({
        code: 'F5352',
        fhirElement: 'valueQuantity.value',
        value: '0.1000000000000000000001',
      }),
    ]);
    const exact = await c.evaluateVerbose({ v: '1.50' });
    expect(exact.diagnostics.warning).toEqual([]);
    expect(exact.result).toMatchObject({ valueQuantity: { value: 1.5 } });
  });

  test('integer from "1.5", decimal from "1,5" and a locale date are errors, never converted', async () => {
    const engine = await r4Engine();
    const c = await engine.compile(
      'InstanceOf: Patient\n* multipleBirthInteger = i\n* birthDate = d\n* extension\n  * url = "http://x"\n  * valueDecimal = n',
    );
    const r = await c.evaluateVerbose({ i: '1.5' }, { throwLevel: 0 });
    expect(r.diagnostics.error.map((d) => [d.code, d.value])).toEqual([['F5110', '1.5']]);
    const n = await c.evaluateVerbose({ n: '1,5' }, { throwLevel: 0 });
    expect(n.diagnostics.error.map((d) => [d.code, d.value])).toEqual([['F5110', '1,5']]);
    const d = await c.evaluateVerbose({ d: '05/04/2023' }, { throwLevel: 0 });
    expect(d.diagnostics.error.map((x) => [x.code, x.value])).toEqual([['F5111', '05/04/2023']]);
  });
});

describe('compile errors: every one at once', () => {
  test('two unknown element paths are both reported (errors), the first is the thrown error', async () => {
    const engine = await r4Engine();
    const failure = await engine
      .compile("InstanceOf: Patient\n* foo = 1\n  * bar = 2\n* name.given = 'a'\n* baz.qux = 2")
      .then(
        () => undefined,
        (e: unknown) => e as { code: string; errors: { code: string; line: number; value: string }[] },
      );
    expect(failure?.code).toBe('F2002');
    expect(failure?.errors.map((e) => [e.code, e.line, e.value])).toEqual([
      ['F2002', 2, 'foo'],
      ['F2002', 5, 'baz'],
    ]);
  });

  test('an unknown InstanceOf and an unknown path in another block are both reported', async () => {
    const engine = await r4Engine();
    const failure = await engine
      .compile('{"a": (InstanceOf: Nope\n* x = 1), "b": (InstanceOf: Patient\n* y = 2)}')
      .catch((e: unknown) => e as { errors: { code: string }[] });
    expect(failure.errors.map((e) => e.code)).toEqual(['F2001', 'F2002']);
  });
});
