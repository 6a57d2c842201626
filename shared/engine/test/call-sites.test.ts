import { describe, expect, test } from 'vitest';
import type { Engine, MappingResolver } from '../src/index.js';
import { r4Engine } from './helpers/test-engine.js';

function resolver(entries: Record<string, string>): MappingResolver {
  const m = new Map(Object.entries(entries));
  return { keys: () => m.keys(), get: (k) => m.get(k) };
}

async function collected(engine: Engine, source: string, mappings?: MappingResolver) {
  const report = await (
    await engine.compile(source)
  ).evaluateVerbose(null, undefined, mappings && { mappings });
  return [...report.diagnostics.error, ...report.diagnostics.warning];
}

/** §6.8: call-site positions point into the text the call was written in, or are omitted — never wrong. */
describe('call sites inside $eval and mapping functions', () => {
  test('a helper called in $eval text points into that text', async () => {
    const engine = await r4Engine();
    const [d] = await collected(engine, `1 + 1;\n$eval("\\n  $warn('e')")`);
    expect(d).toMatchObject({ code: 'F5320', message: 'e', start: 3, position: 9, line: 2 });
  });

  test('a helper called in a saved mapping points into the mapping text', async () => {
    const engine = await r4Engine();
    const [d] = await collected(engine, '\n$w()', resolver({ w: "\n\n  $warn('inner')" }));
    expect(d).toMatchObject({ code: 'F5320', message: 'inner', start: 4, position: 10, line: 3 });
  });

  test('a helper called in a mapping that another mapping calls points into the innermost text', async () => {
    const engine = await r4Engine();
    const mappings = resolver({ outer: "\n$warn('mid');\n$inner()", inner: "\n\n\n  $warn('deep')" });
    const diags = await collected(engine, '\n\n\n\n\n$outer()', mappings);
    expect(diags.find((d) => d.message === 'deep')).toMatchObject({ start: 5, position: 11, line: 4 });
    expect(diags.find((d) => d.message === 'mid')).toMatchObject({ start: 1, position: 7, line: 2 });
  });

  test('a lambda of the caller keeps its own text when it runs inside $eval', async () => {
    const engine = await r4Engine();
    const source = "$f := function(){ $warn('o') };\n$warn('first');\n$eval('$f()')";
    const diags = await collected(engine, source);
    const inner = diags.find((d) => d.message === 'o');
    expect(inner).toBeDefined();
    expect(inner).toMatchObject({ start: 18, position: 24, line: 1 });
    expect(diags.find((d) => d.message === 'first')).toMatchObject({ start: 32, position: 38, line: 2 });
  });

  test('a lambda reached only through a tail call from other text gets no call site rather than a wrong one', async () => {
    const engine = await r4Engine();
    const [d] = await collected(engine, "$f := function(){ $warn('o') }; $eval('$f()')");
    expect(d).toMatchObject({ code: 'F5320', message: 'o' });
    expect(d!['position'] === undefined || d!['position'] === 24).toBe(true);
    expect(d!['start'] === undefined || d!['start'] === 18).toBe(true);
  });

  test('a mapping called through another variable name: start is the `$` of the name used', async () => {
    const engine = await r4Engine();
    const compiled = await engine.compile('$m2 := $m; $m2()');
    const err = await compiled
      .evaluate(null, undefined, { mappings: resolver({ m: "$number('abc')" }) })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'F3001', token: 'm', start: 11, position: 15, line: 1 });
  });

  test('FLASH diagnostics of $eval text carry positions in that text', async () => {
    const engine = await r4Engine();
    const source = `$eval("InstanceOf: Patient\\n* gender = 'F'")`;
    const report = await (await engine.compile(source)).evaluateVerbose(null, { throwLevel: 10 });
    expect(report.result).toEqual({ resourceType: 'Patient', gender: 'F' });
    expect(report.diagnostics.error[0]).toMatchObject({ code: 'F5120', line: 2, start: 20 });
  });
});
