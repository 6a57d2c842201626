import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createEngine, type VerboseReport } from '../../src/index.js';
import { compileDirect, UNSURE } from '../../src/direct/compile-direct.js';
import { rewriteConcat } from '../../src/syntax/concat-rewrite.js';

/**
 * Direct evaluation (short runs of expressions it covers) against JSONata: for generated expressions and inputs,
 * a short run gives what the same expression gives through JSONata — the engine's own full run, and upstream
 * JSONata 2.2.2 — the same result and status, and where it succeeds the same diagnostics.
 */
const upstream = createRequire(import.meta.url)('jsonata') as (expr: string) => {
  evaluate(input: unknown): Promise<unknown>;
  ast(): unknown;
};

const engine = createEngine({ fhir: () => undefined, limits: { maxStringLength: 64 } });
const LIMITS = { maxDepth: 1000, maxStringLength: 64 };

const NAMES = ['a', 'b', 'c', 'id'] as const;

const scalar = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom('', 'x', '0', 'true'),
  fc.integer({ min: -5, max: 5 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
  fc.constantFrom(0, -0, 1.5, 1e308),
  fc.boolean(),
  fc.constant(null),
  fc.constant('x'.repeat(40)),
);

const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.dictionary(fc.constantFrom(...NAMES), tie('v'), { maxKeys: 4 }),
    fc.array(tie('v'), { maxLength: 3 }),
  ),
})).v;

const input = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...NAMES), value, { maxKeys: 4 }) },
  { weight: 1, arbitrary: value },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

const quoted = (s: string) => JSON.stringify(s);
const path = fc
  .array(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 3 })
  .chain((names) => fc.constantFrom(names.join('.'), '$.' + names.join('.')));

const leaf = fc.oneof(
  path,
  fc.constantFrom('$', '$$', 'true', 'false', 'null', '""', '"x"', '0', '2', '1.5', '1e308', '"1"'),
  scalar.filter((s) => typeof s === 'string').map((s) => quoted(s as string)),
);

const expression: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => {
  const e = tie('e');
  return {
    e: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc
        .tuple(e, fc.constantFrom('&', '+', '-', '*', '/', '%', '=', '!=', 'and', 'or'), e)
        .map(([l, op, r]) => `(${l} ${op} ${r})`),
      fc
        .tuple(e, e, fc.option(e))
        .map(([c, t, f]) => (f === null ? `(${c} ? ${t})` : `(${c} ? ${t} : ${f})`)),
      e.map((x) => `-${x}`),
      fc
        .array(fc.tuple(fc.constantFrom('k', 'id', '1', '10', '', 'k'), e), { maxLength: 3 })
        .map((pairs) => `{${pairs.map(([k, v]) => `${quoted(k)}: ${v}`).join(', ')}}`),
      fc.array(e, { maxLength: 3 }).map((items) => `[${items.join(', ')}]`),
      fc.array(e, { minLength: 1, maxLength: 2 }).map((items) => `(${items.join('; ')})`),
      // outside the covered language: the whole expression goes to JSONata
      e.map((x) => `$string(${x})`),
      fc.tuple(e, e).map(([l, r]) => `(${l} < ${r})`),
      path.map((p) => `${p}[0]`),
    ),
  };
}).e;

type Outcome = { ok: boolean; status: number; result?: string; proto?: unknown; codes: string[] };

function outcome(r: VerboseReport): Outcome {
  const codes = [...r.diagnostics.error, ...r.diagnostics.warning].map((d) => String(d['code']));
  const base = { ok: r.ok, status: r.status, codes };
  if (r.result === undefined) return base;
  const proto =
    typeof r.result === 'object' && r.result !== null ? Object.getPrototypeOf(r.result) : undefined;
  return { ...base, result: JSON.stringify(r.result), proto };
}

async function upstreamResult(
  text: string,
  data: unknown,
): Promise<{ value: string | undefined } | undefined> {
  try {
    const v = await upstream(text).evaluate(data);
    return { value: v === undefined ? undefined : JSON.stringify(v) };
  } catch {
    return undefined;
  }
}

function covered(text: string): boolean {
  try {
    const j = upstream(text);
    rewriteConcat(j.ast());
    return compileDirect(j.ast(), LIMITS) !== undefined;
  } catch {
    return false;
  }
}

describe('direct evaluation of short runs', () => {
  test('a generated expression gives, in a short run, what JSONata gives it', async () => {
    let coveredCases = 0;
    let answered = 0;
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(expression, input, async (text, data) => {
        let compiled;
        try {
          compiled = await engine.compile(text);
        } catch {
          return; // a syntax error of the generator's making: no evaluation to compare
        }
        cases++;
        const short = outcome(await compiled.evaluateVerbose(data, undefined, { short: true }));
        const full = outcome(await compiled.evaluateVerbose(data));
        // where both fail, which of two failing parts reports first may differ (JSONata evaluates an object's
        // values side by side, and the full run awaits its entry hook at every node): the failure itself may not
        if (!short.ok && !full.ok) expect({ ...short, codes: [] }).toEqual({ ...full, codes: [] });
        else expect(short).toEqual(full);
        if (!covered(text)) return;
        coveredCases++;
        const j = upstream(text);
        rewriteConcat(j.ast());
        if (compileDirect(j.ast(), LIMITS)!(data) === UNSURE) return;
        answered++;
        // where direct evaluation answered, upstream JSONata agrees (short strings: no length bound reached)
        const theirs = await upstreamResult(text, data);
        expect(theirs).toBeDefined();
        expect(short.result).toBe(theirs!.value);
      }),
      { numRuns: 4000, seed: 20261127 },
    );
    // the property means something only if the direct evaluation answered a good share of it
    expect(coveredCases).toBeGreaterThan(cases / 4);
    expect(answered).toBeGreaterThan(coveredCases / 4);
  }, 120_000);

  test('a JSONata object over a flat record is answered directly, as JSONata builds it', async () => {
    const text = `{"id": mrn, "name": first & ' ' & last, "born": dob, "tags": ["a", "b"]}`;
    const data = { mrn: 'A1', first: 'Dana', last: 'Levi', dob: '1990-05-17' };
    const j = upstream(text);
    rewriteConcat(j.ast());
    const direct = compileDirect(j.ast(), LIMITS)!(data) as Record<string, unknown>;
    expect(direct).toEqual({ id: 'A1', name: 'Dana Levi', born: '1990-05-17', tags: ['a', 'b'] });
    expect(Object.getPrototypeOf(direct)).toBe(null);
    const report = await (await engine.compile(text)).evaluateVerbose(data, undefined, { short: true });
    expect(report.result).toEqual(direct);
  });

  test('what it does not reproduce is left to JSONata: arrays, conversions, errors, bounds', async () => {
    const answer = (text: string, data: unknown) => {
      const j = upstream(text);
      rewriteConcat(j.ast());
      return compileDirect(j.ast(), LIMITS)?.(data);
    };
    expect(answer('a', { a: ['x'] })).toBe(UNSURE);
    expect(answer('$', [1])).toBe(UNSURE);
    expect(answer('a & "!"', { a: 1 })).toBe(UNSURE);
    expect(answer('a + 1', { a: '1' })).toBe(UNSURE);
    expect(answer('a / 0', { a: 1 })).toBe(UNSURE);
    expect(answer('a ? 1 : 2', { a: {} })).toBe(UNSURE);
    expect(answer('a & a', { a: 'x'.repeat(40) })).toBe(UNSURE);
    expect(answer('{"k": 1, "k": 2}', {})).toBeUndefined();
    expect(answer('$string(a)', {})).toBeUndefined();
    expect(answer('a[0]', {})).toBeUndefined();
    expect(answer('$x', {})).toBeUndefined();

    const run = async (text: string, data: unknown) =>
      (await engine.compile(text)).evaluateVerbose(data, undefined, { short: true });
    expect((await run('a & "!"', { a: 1 })).result).toBe('1!');
    expect((await run('a', { a: ['x'] })).result).toEqual(['x']);
    expect((await run('a + 1', { a: '1' })).diagnostics.error[0]).toMatchObject({ code: 'T2001' });
    expect((await run('a & a', { a: 'x'.repeat(40) })).diagnostics.error[0]).toMatchObject({ code: 'L1003' });
    expect((await run('{"k": 1, "k": 2}', {})).diagnostics.error[0]).toMatchObject({ code: 'D1009' });
  });
});
