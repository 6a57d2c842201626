import jsonata from 'jsonata';
import { describe, expect, test } from 'vitest';
import { jsonataSync } from './jsonata-sync.js';
import { CREATE_FRAME_PUSH, EVALUATE_ENTRY } from './jsonata-hooks.js';
import { SyncFrame } from './sync-frame.js';

type Expr = ReturnType<typeof jsonata>;

/** Evaluates with the hooks bound at the root: the nodes reported to the entry hook, the frames made. */
function hooked(expr: Expr) {
  const seen = { entries: 0, frames: 0, syncFrames: 0 };
  expr.assign(EVALUATE_ENTRY as unknown as string, (() => void seen.entries++) as never);
  expr.assign(
    CREATE_FRAME_PUSH as unknown as string,
    ((_parent: unknown, frame: unknown) => {
      seen.frames++;
      if (frame instanceof SyncFrame) seen.syncFrames++;
    }) as never,
  );
  return seen;
}

describe('SyncFrame: the synchronous JSONata frames', () => {
  const sources = [
    `(
      $f := function($i, $acc) { $i = 0 ? $acc : ($x := $i * 2; $f($i - 1, $append($acc, [$x]))) };
      $sum($f(n, [])) & '|' & $string([1, 2, 3].($v := $; $v + 1))
    )`,
    '($x := 1; ($x := 2; $y := $x); [$x, $y])',
    '($a := "outer"; $g := function() { $a }; ($a := "inner"; $g()))',
    'items@$i#$p.{"i": $i.v, "p": $p}',
    // names an object's prototype has: never found through a frame unless bound
    '[$constructor, $__proto__, $hasOwnProperty, $toString]',
    '($constructor := 1; $__proto__ := 2; $toString := 3; [$constructor, $__proto__, $toString])',
  ];
  const input = { n: 20, items: [{ v: 'a' }, { v: 'b' }] };

  test.each(sources)('as JSONata: the result, every node reported, every frame made: %s', async (source) => {
    const plain = jsonata(source);
    const expected = hooked(plain);
    const result = await plain.evaluate(input);
    const sync = jsonataSync()!(source);
    const actual = hooked(sync);
    expect(sync.evaluate(input)).toEqual(result);
    expect(actual.entries).toBe(expected.entries);
    expect(actual.frames).toBe(expected.frames);
    // the hook reached each frame, all of them the class's
    expect(actual.syncFrames).toBe(actual.frames);
    expect(actual.entries).toBeGreaterThan(0);
  });

  test('a frame made under another kind of frame asks it, and answers the hooks it gave', () => {
    const hook = () => undefined;
    const outer = {
      lookup: (name: string | symbol) =>
        name === EVALUATE_ENTRY ? hook : name === 'x' ? 'from outer' : undefined,
      base: 'base',
      timestamp: 7,
    };
    const frame = new SyncFrame(outer);
    const inner = new SyncFrame(frame);
    inner.bind('y', 1);
    expect(inner.lookup('x')).toBe('from outer');
    expect(inner.lookup('y')).toBe(1);
    expect(frame.lookup('y')).toBeUndefined();
    expect(inner.lookup(EVALUATE_ENTRY)).toBe(hook);
    expect([inner.base, inner.timestamp]).toEqual(['base', 7]);
    expect(inner.lookup('constructor')).toBeUndefined();
  });
});
