import { describe, expect, test } from 'vitest';
import { createEngine, type MappingResolver } from '../src/index.js';

function resolver(entries: Record<string, string>): MappingResolver {
  const m = new Map(Object.entries(entries));
  return { keys: () => m.keys(), get: (k) => m.get(k) };
}

const engine = createEngine({ fhir: () => undefined, limits: { maxStringLength: 1000 } });
/** As an evaluation thread has it: runs synchronous where they can be. */
const threadEngine = createEngine({
  fhir: () => undefined,
  limits: { maxStringLength: 1000 },
  ownThread: true,
});

async function run(source: string, mappings: Record<string, string>, input: unknown = null, on = engine) {
  return (await on.compile(source)).evaluateVerbose(input, undefined, { mappings: resolver(mappings) });
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

  describe.each([
    ['main thread', engine],
    ['evaluation thread', threadEngine],
  ])('names from the caller scope, on the %s', (_, on) => {
    test('nested calls see the innermost binding, and each its own natives', async () => {
      const mappings = {
        outer: "($v := 'outer'; $inner() & '/' & $v & '/' & $string($count([1, 2])))",
        inner: "$v & ':' & $uppercase($w)",
      };
      const r = await run("($v := 'caller'; $w := 'w'; $outer())", mappings, null, on);
      expect(r.result).toBe('outer:W/outer/2');
    });

    test('a lambda a call returns sees what its callers bind again after the call', async () => {
      const mappings = { make: 'function() { $x & $y }' };
      const source =
        "($x := 'a'; $y := '1'; $f := $make(); $first := $f(); $x := 'b'; $y := '2'; [$first, $f()])";
      const r = await run(source, mappings, null, on);
      expect([...(r.result as string[])]).toEqual(['a1', 'b2']);
    });

    test('a call made twice in one scope looks its names up again', async () => {
      const mappings = { read: '$x' };
      const r = await run('($x := 1; $a := $read(); $x := 2; [$a, $read()])', mappings, null, on);
      expect([...(r.result as number[])]).toEqual([1, 2]);
    });
  });
});
