import { describe, expect, test } from 'vitest';
import { createEngine, type MappingResolver } from '../src/index.js';

function resolver(entries: Record<string, string>): MappingResolver {
  const m = new Map(Object.entries(entries));
  return { keys: () => m.keys(), get: (k) => m.get(k) };
}

const engine = createEngine({ fhir: () => undefined, limits: { maxStringLength: 1000 } });

async function run(source: string, mappings: Record<string, string>, input: unknown = null) {
  return (await engine.compile(source)).evaluateVerbose(input, undefined, { mappings: resolver(mappings) });
}

/** A saved mapping called as a function runs its compiled body (not its text parsed again) in the caller's scope. */
describe('saved mappings called as functions', () => {
  test('the engine & (with its string length bound) runs inside them, as at the top level', async () => {
    const ok = await run("$pair('ab')", { pair: "$ & '-' & $" });
    expect(ok.result).toBe('ab-ab');
    const tooLong = await run("$grow($pad('', 600, 'x'))", { grow: '$ & $' });
    expect(tooLong.ok).toBe(false);
    expect(tooLong.diagnostics.error[0]).toMatchObject({ code: 'F3001', sourceErrorCode: 'L1003' });
  });

  test('an array input stays one value, $$ is the caller input, bindings and the caller scope are visible', async () => {
    const mappings = { size: '$count($)', root: '$$.name', bound: '$a & $b', scoped: '$helper(1)' };
    expect((await run('$size([1, 2, 3])', mappings)).result).toBe(3);
    expect((await run('$root()', mappings, { name: 'caller' })).result).toBe('caller');
    expect((await run("($b := 'y'; $bound(null, {'a': 'x'}))", mappings)).result).toBe('xy');
    expect((await run('($helper := function($v){ $v + 41 }; $scoped())', mappings)).result).toBe(42);
  });

  test('a mapping called many times, recursively, gives each call its own input', async () => {
    const mappings = { fact: '$ <= 1 ? 1 : $ * $fact($ - 1)' };
    expect((await run('$fact(10)', mappings)).result).toBe(3628800);
    expect([...((await run('[1, 2, 3, 4].$fact($)', mappings)).result as number[])]).toEqual([1, 2, 6, 24]);
  });

  test("a JSONata error inside one keeps JSONata's message, in F3001 and in $eval", async () => {
    const failed = await run('$minus()', { minus: "'a' - 1" });
    expect(failed.diagnostics.error[0]).toMatchObject({
      code: 'F3001',
      sourceErrorCode: 'T2001',
      sourceMessage: 'The left side of the "-" operator must evaluate to a number',
    });
    const evaluated = await run(`$eval("'a' - 1")`, {});
    expect(evaluated.diagnostics.error[0]).toMatchObject({
      code: 'D3121',
      message:
        'Dynamic error evaluating the expression passed to function eval: "The left side of the \\"-\\" operator must evaluate to a number"',
    });
  });
});
