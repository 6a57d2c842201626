import { describe, expect, test } from 'vitest';
import type { Engine } from '../src/index.js';
import { r4Engine } from './helpers/test-engine.js';

/**
 * Rule values that are literals, paths, variables, `=`/`!=` and conditionals are evaluated by native code instead
 * of JSONata (see syntax/native-expr.ts). The same value in parentheses is still evaluated by JSONata: both must
 * give the same result and the same diagnostics, in the same order.
 */
const VALUES = [
  "'lit'",
  '12.5e1',
  'true',
  'null',
  'a',
  'a.b',
  'a.b.c',
  'arr.x',
  'arr.x.y',
  'nest.v',
  'emp',
  'emp.x',
  'mixed.m',
  '`weird key`',
  '$',
  '$.a.b',
  '$$.arr.x',
  '$v',
  '$v.x',
  '$s',
  '$c.x',
  '$f',
  "a.b.c = 'C' ? 'yes' : 'no'",
  "s != 'x' ? arr.x : 'none'",
  "s = 'x' ? 'p' : s = 'y' ? 'q'",
  'arr = arr',
];

const INPUTS: unknown[] = [
  {
    a: { b: { c: 'C' } },
    s: 'y',
    arr: [{ x: '1' }, { x: ['2', '3'] }, { x: { y: 'Y1' } }, { y: 'no' }],
    nest: [[{ v: 'a' }], [{ v: 'b' }, { v: ['c'] }]],
    emp: [],
    mixed: [1, 's', { m: 'M' }, [{ m: 'N' }], null, true],
    'weird key': 'W',
  },
  [{ a: { b: 'first' }, arr: [{ x: 'q' }] }, { a: { b: 'second' } }],
  { a: [{ b: [[1, 2], [3]] }], arr: { x: [[['deep']]] }, emp: [[]] },
  'just a string',
];

const BINDINGS = "$v := {'x': [1, [2, 3]]}; $s := [arr.x]; $c := [[1, 2], [3]]; $f := function($x){ $x };";

const mapping = (value: string) => `(${BINDINGS}
InstanceOf: Patient
* gender = 'bad'
* name.given = ${value}
* birthDate = 'not a date'
* name
  * family = ${value}
  * text = 'x'
* telecom = ${value}
* managingOrganization.reference = ${value})`;

async function outcome(engine: Engine, source: string, input: unknown) {
  const report = await (await engine.compile(source)).evaluateVerbose(input, { throwLevel: 0 });
  // the parenthesised source is longer: offsets differ, lines do not
  const strip = (d: Record<string, unknown>) => ({
    ...d,
    timestamp: 0,
    executionId: '',
    position: 0,
    start: 0,
  });
  return {
    result: JSON.stringify(report.result),
    error: report.diagnostics.error.map(strip),
    warning: report.diagnostics.warning.map(strip),
  };
}

describe('natively evaluated rule values match JSONata', () => {
  test.each(VALUES)('%s', async (value) => {
    const engine = await r4Engine();
    for (const input of INPUTS) {
      const native = await outcome(engine, mapping(value), input);
      const viaJsonata = await outcome(engine, mapping(`(${value})`), input);
      expect(native).toEqual(viaJsonata);
    }
  });
});

describe('native values in lambda bodies', () => {
  test('a block in tail position of a lambda sees the lambda frame and input', async () => {
    const engine = await r4Engine();
    const source = `$f := function($v){ InstanceOf: Patient
* name.family = $v
* name.given = $.n
* gender = 'male' };
[$f('a'), $f('b')]`;
    expect(await (await engine.compile(source)).evaluate({ n: 'N' })).toEqual([
      { resourceType: 'Patient', name: [{ family: 'a' }, { given: ['N'] }], gender: 'male' },
      { resourceType: 'Patient', name: [{ family: 'b' }, { given: ['N'] }], gender: 'male' },
    ]);
  });

  test('thresholds bound in the lambda body apply to its rules', async () => {
    const engine = await r4Engine();
    const source = `$f := function($v){ ($validationLevel := 0; InstanceOf: Patient
* gender = $v
* birthDate = 'x') }; $f('bad')`;
    const report = await (await engine.compile(source)).evaluateVerbose(null);
    expect(report.diagnostics.error).toEqual([]);
    expect(report.result).toEqual({ resourceType: 'Patient', gender: 'bad', birthDate: 'x' });
  });
});
