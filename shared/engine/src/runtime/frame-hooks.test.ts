import jsonata from 'jsonata';
import { describe, expect, test } from 'vitest';
import { frameHooksShortcut } from './frame-hooks.js';

const ENTRY = Symbol.for('jsonata.__evaluate_entry');
const PUSH = Symbol.for('jsonata.__createFrame_push');

/** Evaluates `source`, counting the nodes JSONata reports to the entry hook and the frames it creates. */
async function run(source: string, shortcut: boolean) {
  const expr = jsonata(source);
  let entries = 0;
  let frames = 0;
  expr.assign(ENTRY as unknown as string, (() => void entries++) as never);
  const push = shortcut ? frameHooksShortcut() : undefined;
  expr.assign(
    PUSH as unknown as string,
    ((parent: never, frame: never) => {
      frames++;
      push?.(parent, frame);
    }) as never,
  );
  const result = await expr.evaluate({ n: 30 });
  return { result, entries, frames };
}

describe('frameHooksShortcut', () => {
  const deep = `(
    $f := function($i, $acc) { $i = 0 ? $acc : ($x := $i * 2; $f($i - 1, $append($acc, [$x]))) };
    $sum($f(n, [])) & '|' & $string([1, 2, 3].($v := $; $v + 1))
  )`;

  test('every frame still finds the hooks: the same nodes reported, the same frames, the same result', async () => {
    const plain = await run(deep, false);
    const short = await run(deep, true);
    expect(short.result).toBe('930|[2,3,4]');
    expect(short).toEqual(plain);
    expect(short.entries).toBeGreaterThan(300);
  });

  test('a variable is still looked up through the chain, shadowing included', async () => {
    const source = `($a := 1; $g := function() { ($a := $a + 1; [$a, ($a := 10; $a)]) }; [$g(), $a])`;
    expect((await run(source, true)).result).toEqual((await run(source, false)).result);
    expect((await run(source, true)).result).toEqual([2, 10, 1]);
  });
});
