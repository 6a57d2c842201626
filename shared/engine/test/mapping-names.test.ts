import { describe, expect, test } from 'vitest';
import { createEngine, type MappingResolver } from '../src/index.js';

function resolver(entries: Record<string, string>): MappingResolver {
  const m = new Map(Object.entries(entries));
  return { keys: () => m.keys(), get: (k) => m.get(k) };
}

const engine = createEngine({ fhir: () => undefined });

async function run(source: string, mappings: Record<string, string>, bindings?: Record<string, unknown>) {
  const report = await (
    await engine.compile(source)
  ).evaluateVerbose({ v: 2 }, bindings, {
    mappings: resolver(mappings),
  });
  return report.ok ? report.result : report.diagnostics.error[0]?.code;
}

/**
 * An evaluation binds only the mappings its text names (and those that shadow a function or a binding); every
 * other mapping must still be found wherever the full set of mappings was visible before.
 */
describe('which saved mapping a name reaches', () => {
  const many = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`unused${i}`, `${i}`]));

  test('a mapping named only in another mapping, or only in $eval text, is found there', async () => {
    const mappings = { ...many, outer: '$inner() + 1', inner: 'v * 10', deep: '$outer() * 2' };
    expect(await run('$outer()', mappings)).toBe(21);
    expect(await run('$deep()', mappings)).toBe(42);
    expect(await run('$eval("$inner()")', mappings)).toBe(20);
    expect(await run('$eval("$unused7()")', mappings)).toBe(7);
  });

  test('a mapping named like a built-in function wins over it, at the top and inside another mapping', async () => {
    const mappings = { string: "'mine'", caller: '$string(1)' };
    expect(await run('$string(1)', mappings)).toBe('mine');
    expect(await run('$caller()', mappings)).toBe('mine');
    expect(await run('$eval("$string(1)")', mappings)).toBe('mine');
  });

  test('a mapping wins over a binding of the same name, also where only another mapping names it', async () => {
    const mappings = { limit: "'mapping'", reader: '$limit()' };
    expect(await run('$limit()', mappings, { limit: () => 'binding' })).toBe('mapping');
    expect(await run('$reader()', mappings, { limit: 'binding' })).toBe('mapping');
  });

  test("a caller's variable of the same name shadows the mapping in text it calls (dynamic scope)", async () => {
    const mappings = { helper: "'mapping'", user: '$helper()' };
    expect(await run('($helper := function(){ "local" }; $user())', mappings)).toBe('local');
  });

  test('a name that is no mapping and nothing else stays unbound', async () => {
    expect(await run('$nowhere()', { ...many, caller: '$nowhere()' })).toBe('T1006');
    expect(await run('$caller()', { ...many, caller: '$nowhere()' })).toBe('F3001');
  });

  test('a mapping added to the resolver is visible at the next evaluation', async () => {
    const m = new Map<string, string>([['first', '1']]);
    const live: MappingResolver = { keys: () => m.keys(), get: (k) => m.get(k) };
    const compiled = await engine.compile('$eval("$second()")');
    expect((await compiled.evaluateVerbose(null, undefined, { mappings: live })).ok).toBe(false);
    m.set('second', '2');
    expect((await compiled.evaluateVerbose(null, undefined, { mappings: live })).result).toBe(2);
  });
});
