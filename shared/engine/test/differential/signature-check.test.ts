import { describe, expect, test } from 'vitest';
import { jsonata } from '../../src/runtime/jsonata-module.js';
import { checkedArguments, type Signature } from '../../src/runtime/signature-check.js';

/**
 * The synchronous form's signature check, which skips jsonata's for call shapes jsonata already accepted unchanged,
 * against jsonata's own check on every call: for signatures of each kind (optional, context, choice, repeated,
 * typed array, JSON and any types) and every call of up to two arguments drawn from one to three values of each type, of three from one
 * value of each, and a context of each type, in an order where each shape comes again with other values, both give the same arguments (the
 * same values in the same places) or the same error code and argument index.
 */
const DEFINITIONS = [
  '<s-nn?:s>',
  '<o-:s>',
  '<s-:s>',
  '<s-s:s>',
  '<x-:x>',
  '<n-n:n>',
  '<s?:s>',
  '<a:a>',
  '<a<s>s?:s>',
  '<a<n>:n>',
  '<(sn)-:s>',
  '<j-:s>',
  '<x+:x>',
  '<s-sn?:s>',
  '<b-:b>',
  '<an?:a>',
  '<o?o?:o>',
  '<f-:f>',
  '<o-f?:o>',
  '<afj?:j>',
  '<s-(sf):b>',
  '<x-b?:s>',
  '<x?o?:x>',
  '<s?n:x>',
  '<f<n:n>:n>',
];

const VALUES: unknown[][] = [
  ['x', 'y'],
  [1, 2.5],
  [true, false],
  [null],
  [['p'], [1], []],
  [{ k: 1 }, {}],
  [undefined],
  [(x: unknown) => x],
];

async function parsed(definition: string): Promise<Signature> {
  const probe = jsonata('$f');
  probe.registerFunction('f', () => undefined, definition);
  const fn = (await probe.evaluate(null)) as { signature: Signature };
  return fn.signature;
}

const ALL = VALUES.flat();
const ONE_EACH = VALUES.map((values) => values[0]);

/** Every call of up to two arguments from all the values; of three, from one value of each type. */
function* calls(): Generator<unknown[]> {
  yield [];
  for (const a of ALL) yield [a];
  for (const a of ALL) for (const b of ALL) yield [a, b];
  for (const a of ONE_EACH) for (const b of ONE_EACH) for (const c of ONE_EACH) yield [a, b, c];
}

/** A signature whose jsonata check counts its runs. */
async function countingChecks(definition: string): Promise<{ counting: Signature; checks: () => number }> {
  const signature = await parsed(definition);
  let runs = 0;
  const counting: Signature = {
    definition: signature.definition,
    validate: (args, context) => (runs++, signature.validate(args, context)),
  };
  return { counting, checks: () => runs };
}

type Outcome = { args: unknown[] } | { code: unknown; index: unknown };

function outcome(run: () => unknown[]): Outcome {
  try {
    return { args: run() };
  } catch (err) {
    const e = err as { code?: unknown; index?: unknown };
    return { code: e.code, index: e.index };
  }
}

/** An argument passed on is the same value; one jsonata made (an argument wrapped in an array) an equal one. */
function same(a: Outcome, b: Outcome, args: unknown[]): boolean {
  if ('code' in a || 'code' in b)
    return 'code' in a && 'code' in b && a.code === b.code && a.index === b.index;
  return (
    a.args.length === b.args.length &&
    a.args.every((v, i) =>
      args.includes(v) || v === undefined
        ? Object.is(v, b.args[i])
        : JSON.stringify(v) === JSON.stringify(b.args[i]),
    )
  );
}

describe('signature check of the synchronous form', () => {
  test.each(DEFINITIONS)('%s: the same arguments or error as jsonata on every call', async (definition) => {
    const signature = await parsed(definition);
    const contexts = ONE_EACH;
    let compared = 0;
    let accepted = 0;
    // twice over: the second pass meets every shape the first accepted, now from the cache
    for (let pass = 0; pass < 2; pass++)
      for (const args of calls())
        for (const context of contexts) {
          const expected = outcome(() => signature.validate([...args], context));
          const actual = outcome(() => checkedArguments(signature, [...args], context));
          if (!same(expected, actual, args)) {
            throw new Error(
              `${definition}: ${JSON.stringify(args)} in ${JSON.stringify(context)}: ` +
                `jsonata ${JSON.stringify(expected)}, checked ${JSON.stringify(actual)}`,
            );
          }
          compared++;
          if ('args' in expected) accepted++;
        }
    // a signature that accepts nothing here would prove nothing
    expect(accepted).toBeGreaterThan(0);
    expect(compared).toBe(2 * contexts.length * (1 + ALL.length + ALL.length ** 2 + ONE_EACH.length ** 3));
  });

  test('an accepted shape is not checked again; a changed or refused one always is', async () => {
    const { counting, checks } = await countingChecks('<s-nn?:s>');
    const full = ['abc', 0, 2];
    expect(checkedArguments(counting, full, {})).toEqual(full);
    const first = checks();
    expect(checkedArguments(counting, ['xyz', 1, 1], { other: true })).toEqual(['xyz', 1, 1]);
    expect(checks()).toBe(first);
    // the third argument left out: checked once more with a context of its own, then received as undefined
    expect(checkedArguments(counting, ['abc', 0], {})).toEqual(['abc', 0, undefined]);
    const partial = checks();
    const received = checkedArguments(counting, ['abc', 1], {});
    expect(received).toEqual(['abc', 1, undefined]);
    expect(received).toHaveLength(3);
    expect(checks()).toBe(partial);
    // the context in place of the first: checked on every call
    const { counting: context, checks: contextChecks } = await countingChecks('<s-nn?:s>');
    expect(checkedArguments(context, [1], 'abc')).toEqual(['abc', 1, undefined]);
    const once = contextChecks();
    expect(checkedArguments(context, [2], 'xyz')).toEqual(['xyz', 2, undefined]);
    expect(contextChecks()).toBeGreaterThan(once);
    // refused: T0410 every time
    for (let i = 0; i < 2; i++)
      expect(() => checkedArguments(counting, [1, 'a'], {})).toThrow(
        expect.objectContaining({ code: 'T0410' }),
      );
  });

  test('at most 64 shapes are kept per signature; later ones are checked on every call', async () => {
    const { counting, checks } = await countingChecks('<x+:x>');
    // 100 shapes of three arguments, each accepted unchanged (types of arguments come from input)
    const letters = ['a', 1, true, null, [], {}];
    const shapes = Array.from({ length: 100 }, (_, i) => [
      letters[i % 6],
      letters[Math.floor(i / 6) % 6],
      letters[Math.floor(i / 36) % 6],
    ]);
    // each kept one checked once more, with a context of its own
    for (const args of shapes) expect(checkedArguments(counting, args, null)).toEqual(args);
    expect(checks()).toBe(100 + 64);
    for (const args of shapes) expect(checkedArguments(counting, args, null)).toEqual(args);
    expect(checks()).toBe(100 + 64 + 100 - 64);
  });

  test('a context that was undefined when the shape was first met is still put in place later', async () => {
    const { counting, checks } = await countingChecks('<x-:x>');
    expect(checkedArguments(counting, [], undefined)).toEqual([undefined]);
    expect(checkedArguments(counting, [], 'abc')).toEqual(['abc']);
    expect(checkedArguments(counting, [], { a: 1 })).toEqual([{ a: 1 }]);
    // the probe ran once, on the first call; the shape reads the context, so each call is checked
    expect(checks()).toBe(4);
  });

  test('a typed array is checked against its items on every call', async () => {
    const signature = await parsed('<a<s>:s>');
    expect(checkedArguments(signature, [['a', 'b']], null)).toEqual([['a', 'b']]);
    expect(() => checkedArguments(signature, [['a', 1]], null)).toThrow(
      expect.objectContaining({ code: 'T0412' }),
    );
  });
});
