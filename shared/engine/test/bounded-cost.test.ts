import { beforeAll, describe, expect, test } from 'vitest';
import type { Engine } from '../src/index.js';
import { r4Engine } from './helpers/test-engine.js';

const PATIENT = `Instance: $uuid(mrn)
InstanceOf: Patient
* identifier
  * system = 'http://example.org/mrn'
  * value = mrn
* name
  * given = first
  * family = last
* gender = sex
* birthDate = dob`;

/** Proven bounded: every path walks parts of the input, every function and operator is linear. */
const BOUNDED = [
  '$',
  '{"id": mrn, "name": first & " " & last, "tags": ["a", "b"]}',
  'a.b[c = 1].d',
  '$[0]',
  'a{b: c}',
  '$sum(a.b) + $count(c)',
  'a.$string()',
  '$join(a, ",")',
  'x ? $uppercase(y) : -z',
  PATIENT,
];

/** Each one is refused, most because it can run away or grow without bound (docs/security.md). */
const UNPROVEN = [
  '($f := function($x){ $f($x+1) }; $f(0))', // recursion
  '$contains($pad("", 60, "a"), /a*a*a*a*a*a*b/)', // regular expression, a width from the data
  '[1..1000000000]', // range
  '**', // descendants of descendants
  '$$.a', // the whole input from inside an iteration
  'a.[$, $]', // a step that repeats its item
  '{"a": $, "b": $}.*', // a path over a computed value
  'a.{"x": b}.c', // a computing step before the last
  '$join(a, b)', // a separator from the data
  'a^(b)', // sort
  'x ~> $uppercase', // apply
  '$eval(a)',
  '$wait(1000)',
  'a@$x', // focus binding
  '$x := 1', // binding
  '$v.a', // a variable (a binding's size is not the input's)
  '$mapping(a)', // a saved mapping or unknown function
  'InstanceOf: Patient\n* gender = $g', // a FLASH rule value read from a variable
];

describe('CompiledExpression.costBound', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await r4Engine();
  });

  test.each(BOUNDED)('proves %s bounded', async (source) => {
    const compiled = await engine.compile(source);
    expect(compiled.costBound).toBeGreaterThan(0);
  });

  test.each(UNPROVEN)('does not prove %s bounded', async (source) => {
    const compiled = await engine.compile(source);
    expect(compiled.costBound).toBeUndefined();
  });

  const INPUT = {
    mrn: 'A1',
    first: 'Dana',
    last: 'Levi',
    dob: '1990-05-17',
    sex: 'female',
    a: [
      { b: 2, c: 1, d: 'x' },
      { b: 3, c: 2, d: 'y' },
    ],
    c: [1, 2],
    x: true,
    y: 'up',
    z: 4,
  };

  test.each(BOUNDED)('a short run of %s gives what a normal run gives', async (source) => {
    const compiled = await engine.compile(source);
    const normal = await compiled.evaluateVerbose(INPUT, undefined, { deterministic: { now: 0, seed: 'a' } });
    const short = await compiled.evaluateVerbose(INPUT, undefined, {
      deterministic: { now: 0, seed: 'a' },
      short: true,
    });
    expect(short.result).toEqual(normal.result);
    expect(short.status).toBe(normal.status);
    const codes = (r: typeof normal) =>
      Object.values(r.diagnostics)
        .flat()
        .map((d) => [d.code, d.message]);
    expect(codes(short)).toEqual(codes(normal));
  });

  test('the bound grows with the expression', async () => {
    const small = (await engine.compile('a')).costBound as number;
    const larger = (await engine.compile('a & b & c & d')).costBound as number;
    expect(larger).toBeGreaterThan(small);
  });

  test('the explain variant has none: it is never evaluated outside the isolation', async () => {
    expect((await engine.compile('$', { explain: true })).costBound).toBeUndefined();
  });
});
