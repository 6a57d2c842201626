import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { jsonataSync, transform } from './jsonata-sync.js';
import { NeedsAsync } from './sync-run.js';
import { jsonata } from './jsonata-module.js';

const require = createRequire(import.meta.url);

describe('jsonataSync: the installed JSONata without async', () => {
  it('is built from this release', () => {
    expect(jsonataSync()).toBeTypeOf('function');
  });

  it('refuses a text it does not know', () => {
    const source = readFileSync(require.resolve('jsonata'), 'utf8');
    expect(transform(source)).toBeTypeOf('string');
    expect(transform(source.replace('async function evaluate(', 'function evaluate('))).toBeUndefined();
    expect(transform(source + '\nasync function extra() { await x; }')).toBeUndefined();
    expect(transform(source.replace('signature.validate(args, context)', 'args'))).toBeUndefined();
    expect(transform(source.replace('newFrame.base = enclosingEnvironment.base;', ''))).toBeUndefined();
    expect(
      transform(source.replace('evaluatedArgs.push(arg);', 'evaluatedArgs.push(arg );')),
    ).toBeUndefined();
    expect(
      transform(source.replace('env.bind(param.value, args[index]);', 'env.bind(param.value, args[index])')),
    ).toBeUndefined();
  });

  it("checks each call's arguments as JSONata does, shapes it accepted before included", async () => {
    const sync = jsonataSync()!;
    // each expression calls one function with a shape its signature accepts, then with one it refuses, fills in
    // (the context for `-`) or changes (a value wrapped in an array for `a`): the accepted shape must not let
    // the others through
    const expressions = [
      '[$substring("abc", 1), $substring("abc", "1")]',
      '[$substring("abc", 1), $substring(1, 1)]',
      '[$uppercase("a"), $uppercase(1)]',
      '["x", "y"].[$uppercase(), $uppercase("z")]',
      '[$uppercase("z"), "x".$uppercase()]',
      '[$count([1, 2]), $count(3), $count({"a": 1})]',
      '[$join(["a", "b"]), $join("a"), $join(["a", 1])]',
      '[$join(["a", "b"]), $join(["a", "b"], 1)]',
      '($f := function($x)<n:n>{ $x * 2 }; [$f(1), $f("a")])',
      '($f := function($x)<a<n>:n>{ $sum($x) }; [$f([1, 2]), $f(3), $f(["a"])])',
    ];
    for (const expression of expressions)
      for (const input of [{}, 'ctx', 7]) {
        const expected = await Promise.resolve()
          .then(() => jsonata(expression).evaluate(input))
          .catch((e: unknown) => ({
            code: (e as { code: string }).code,
            index: (e as { index?: number }).index,
          }));
        let actual: unknown;
        try {
          actual = sync(expression).evaluate(input);
        } catch (e) {
          actual = { code: (e as { code: string }).code, index: (e as { index?: number }).index };
        }
        expect(actual, `${expression} on ${JSON.stringify(input)}`).toEqual(expected);
      }
  });

  const cases: [string, unknown][] = [
    ['[1..5].($ * 2)', {}],
    ['$map([1,2,3], function($v, $i){ $v + $i })', {}],
    ['$sort(a, function($l, $r){ $l < $r })', { a: [3, 1, 2, 5, 4] }],
    ['a^(>$)', { a: [3, 1, 2] }],
    ['{"x": a.{"y": $}, "n": $count(a)}', { a: [1, 2] }],
    ['a{ $string($ % 2): $sum($) }', { a: [1, 2, 3, 4] }],
    ['$reduce(a, function($p, $c){ $p + $c }, 10)', { a: [1, 2, 3] }],
    ['$filter(a, function($v){ $v > 1 })', { a: [1, 2, 3] }],
    ['$replace("abcabc", /b/, function($m){ $uppercase($m.match) })', {}],
    ['$split("a1b2c", /\\d/)', {}],
    ['$match("x12y345", /\\d+/).match', {}],
    ['($f := function($n){ $n <= 1 ? 1 : $n * $f($n - 1) }; $f(10))', {}],
    ['a ~> $each(function($v, $k){ $k & "=" & $v })', { a: { p: 1, q: 2 } }],
    [
      'a[b = 2].c',
      {
        a: [
          { b: 1, c: 'x' },
          { b: 2, c: 'y' },
        ],
      },
    ],
    ['$ ~> |a|{"z": 1}|', { a: { y: 0 } }],
    ['$sift($, function($v){ $v > 1 })', { p: 1, q: 2 }],
    ['$single(a, function($v){ $v = 2 })', { a: [1, 2, 3] }],
    ['a@$x#$i.{"v": $x, "i": $i}', { a: [5, 6] }],
    // calls: the context passed by `~>`, arguments left out or undefined, functions as arguments, partial application
    ['"abc" ~> $substring(1)', {}],
    ['a ~> $map(function($v, $i){ [$v, $i] })', { a: [7, 8] }],
    ['(function($a, $b, $c){ [$a, $b, $c] })(1)', {}],
    ['(function($a, $b){ $b })(nothing, 2)', {}],
    ['($f := $substring(?, 1); $f("xyz"))', {}],
    ['$string(nothing) & $string(a)', { a: [1, { b: true }] }],
    // array and object constructors: nested, flattened, with undefined items and values, grouped, over tuples
    ['[[1, 2], [3], a, [a], nothing, [nothing], []]', { a: [4, 5] }],
    ['[1..3, a].[$, [$]]', { a: 9 }],
    ['{"x": nothing, "y": [], "z": a, "w": {"v": a[0]}}', { a: [1, 2] }],
    [
      'a{ k: v }',
      {
        a: [
          { k: 'p', v: 1 },
          { k: 'q', v: 2 },
          { k: 'p', v: 3 },
        ],
      },
    ],
    ['a@$o{ $o.k: $count($o) }', { a: [{ k: 'p' }, { k: 'q' }, { k: 'p' }] }],
    ['a#$i{ k: $i }', { a: [{ k: 'p' }, { k: 'q' }, { k: 'p' }] }],
    ['{"__proto__": 1, "constructor": 2}', {}],
  ];

  it('gives what JSONata gives', async () => {
    const sync = jsonataSync()!;
    for (const [expression, input] of cases) {
      const expected = await jsonata(expression).evaluate(input);
      expect(sync(expression).evaluate(input), expression).toEqual(expected);
    }
  });

  it('raises what JSONata raises', async () => {
    const sync = jsonataSync()!;
    for (const expression of [
      '$sum("a")',
      '1 + "a"',
      '$undefinedFunction()',
      '$string(',
      '{"a": 1, "a": 2}',
      '{1: 2}',
      '[1, $sum("x")]',
      '-"a"',
    ]) {
      const expected = await Promise.resolve()
        .then(() => jsonata(expression).evaluate({}))
        .catch((e: unknown) => e);
      let actual: unknown;
      try {
        actual = sync(expression).evaluate({});
      } catch (e) {
        actual = e;
      }
      expect(actual, expression).toMatchObject({ code: (expected as { code: string }).code });
    }
  });

  it('refuses a promise wherever one reaches it', () => {
    const sync = jsonataSync()!;
    for (const expression of ['$f(1)', '$map([1], $f)', '$sort([2, 1], function($a, $b){ $f($a) })']) {
      const e = sync(expression);
      e.registerFunction('f', async (x: unknown) => x);
      expect(() => e.evaluate({}), expression).toThrow(NeedsAsync);
    }
  });
});
