import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { r4Engine } from '../helpers/test-engine.js';

/**
 * Differential tests: pure JSONata expressions give, through mapx, exactly what upstream JSONata 2.2.2 gives —
 * the same result, or the same error code with the same fields.
 */
const jsonata = createRequire(import.meta.url)('jsonata') as (expr: string) => {
  evaluate(input: unknown): Promise<unknown>;
};

const INPUT = { a: { b: { c: 1 } }, n: 5, arr: [{ x: 1 }, { x: 2 }] };
const FIELDS = ['code', 'position', 'token', 'value', 'functionName', 'index'] as const;

const CASES: Record<string, string[]> = {
  'the parent operator %': [
    '%%',
    '%%.b',
    'a.b.%%',
    'a.b.%%%',
    'a.b.%%.%',
    'a.(%%)',
    'a.[%%]',
    'a.{"k": %%}',
    'a.b.%%2',
    'a.b.% % 2',
    'arr.%%1',
    'missing.%%2',
    '%',
    '%.a',
    '$.%',
    'a.%',
    'a.b.%.%',
    'a.%.b',
    'arr.x.%',
    'n % 2',
  ],
  'URL functions': [
    '$encodeUrl("\\uD800")',
    '$encodeUrlComponent("\\uD800")',
    '$decodeUrl("%E0%A4%A")',
    '$decodeUrlComponent("%E0%A4%A")',
    '$map(["\\uD800"], $encodeUrlComponent)',
    '"\\uD800" ~> $encodeUrl',
    '["\\uD800"].$encodeUrl()',
    '$encodeUrl(1)',
    '$encodeUrlComponent("a b/c?d")',
    '$encodeUrl("https://x.org/a b?q=ü")',
  ],
  '$string of structured values (written by JSON.stringify alone when plain)': [
    '$string({"a": 1, "b": [1, 2, 3], "c": "x", "d": null, "e": true})',
    '$string({"f": 2.5, "g": 0.1 + 0.2, "h": 1 / 3})',
    '$string({"big": 1234567890123456, "edge": 999999999999999, "neg": -999999999999999, "huge": 1e20})',
    '$string([12345678901234567890, -0, 0])',
    '$string({"fn": function($x){ $x }, "n": 1})',
    '$string({"native": $uppercase})',
    '$string([{"a": 1}, {"b": [[1, 2], [3]]}])',
    '$string({"s": "quote \\" back \\\\ tab \\t ü \\u0001"})',
    '$string({"a": 1, "b": [1, 2]}, true)',
    '$string({"a": 1.5}, true)',
    '$string({"a": nothing, "b": [nothing, 1]})',
    '$string(a)',
    '$string(arr)',
    '$string($)',
    '$string(arr.x)',
    '$string([arr])',
    '$string({})',
    '$string([])',
    '$string([[]])',
    '$string([-0, 0, -5])',
  ],
  'names: as in JSONata, a name runs to whitespace or an operator character': [
    '$replace("foo", "o, "rr")',
    'a$b',
    "abc'def'",
    'a"b"',
    '`a`b',
  ],
};

type Outcome = { result: unknown } | { error: Record<string, unknown> };

async function outcome(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { result: await run() };
  } catch (err) {
    const e = err as Record<string, unknown>;
    return { error: Object.fromEntries(FIELDS.filter((f) => f in e).map((f) => [f, e[f]])) };
  }
}

for (const [group, expressions] of Object.entries(CASES)) {
  describe(`JSONata parity: ${group}`, () => {
    test.each(expressions)('%s', async (expr) => {
      const upstream = await outcome(() => jsonata(expr).evaluate(INPUT));
      // as the main thread evaluates, and as an evaluation thread does (its synchronous forms)
      for (const ownThread of [false, true]) {
        const engine = await r4Engine({ ownThread });
        const mapx = await outcome(async () => (await engine.compile(expr)).evaluate(INPUT));
        expect(mapx, ownThread ? 'own thread' : 'main thread').toEqual(upstream);
      }
    });
  });
}
