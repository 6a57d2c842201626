import { describe, expect, it } from 'vitest';
import { createTestContext, evaluateIn } from '../../test/functions/call-context.js';

const run = (src: string, input?: unknown) => evaluateIn(createTestContext(), src, input);

describe('$first / $all / $any', () => {
  it('find the first match with value, index and array', async () => {
    expect(await run(`$first([1,2,3,4], function($v){$v > 2})`)).toBe(3);
    expect(await run(`$first(['a','b','c'], function($v,$i){$i = 1})`)).toBe('b');
    expect(await run(`$first([5,6], function($v,$i,$a){$count($a) = 2 and $i = 1})`)).toBe(6);
    expect(await run(`$first(7, function($v){$v = 7})`)).toBe(7);
    expect(await run(`$first([1,2], function($v){$v > 5})`)).toBeUndefined();
  });

  it('short-circuit in order', async () => {
    expect(await run(`$all([1,2,3], function($v){$v > 0})`)).toBe(true);
    expect(await run(`$all([-1,'x'], function($v){$v + 1 > 0})`)).toBe(false);
    expect(await run(`$any([1,'x'], function($v){$v = 1 ? true : $v + 1})`)).toBe(true);
    expect(await run(`$any([], function($v){true})`)).toBe(false);
    expect(await run(`$all($nothing, function($v){false})`)).toBe(true);
  });
});

describe('$pMap / $pLimit', () => {
  it('map concurrently in input order, dropping undefined', async () => {
    expect(await run(`$pMap([3,1,2], function($v){$wait($v * 5) ~> function($x){$v * 10}})`)).toEqual([
      30, 10, 20,
    ]);
    expect(await run(`$pMap([1,2,3], function($v){$v = 2 ? undefined : $v})`)).toEqual([1, 3]);
    expect(await run(`$pMap([1,2], function($v){$v = 2 ? $v})`)).toBe(2);
  });

  it('run at most `limit` lanes, items of one key in sequence', async () => {
    const input = { items: [1, 2, 3, 4, 5, 6] };
    expect(await run(`$pLimit(items, 2, function($v){$v * 2})`, input)).toEqual([2, 4, 6, 8, 10, 12]);
    expect(await run(`$pLimit(items, 0.5, function($v, $i){$i})`, input)).toEqual([0, 1, 2, 3, 4, 5]);
    const keyed = `(
      $log := [];
      $r := $pLimit(items, 3, function($v){ $v }, function($v){ $v % 2 = 0 });
      $r
    )`;
    expect(await run(keyed, input)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await run(`$pLimit(['a','b'], 4, function($v){$uppercase($v)}, function($v){$v})`)).toEqual([
      'A',
      'B',
    ]);
  });
});

describe('$safe', () => {
  it('wraps success and failure', async () => {
    expect(await run(`$safe(function($x){$x + 1})(1)`)).toEqual({ ok: true, result: 2 });
    expect(await run(`$safe(function(){$nothing})()`)).toEqual({ ok: true });
    expect(await run(`$safe(function(){$number('x')})()`)).toEqual({
      ok: false,
      error: { code: 'D3030', message: 'Unable to cast value to a number: "x"' },
    });
  });

  it('keeps the arity so $map passes the index', async () => {
    expect([...((await run(`$map(['a','b'], $safe(function($v, $i){$i})).result`)) as number[])]).toEqual([
      0, 1,
    ]);
  });
});

describe('$memoize', () => {
  it('calls once per distinct argument list, keys order-insensitive', async () => {
    const src = `(
      $calls := 0;
      $f := $memoize(function($o){ $millis() });
      $a := $f({'x':1,'y':2});
      $b := $f({'y':2,'x':1});
      $a = $b
    )`;
    expect(await run(src)).toBe(true);
  });

  it('shares in-flight calls and does not cache failures', async () => {
    const src = `(
      $f := $memoize(function($x){ $x = 0 ? $error('zero') : $rightNow() });
      $one := $pMap([1,1,1], $f);
      $e1 := $safe($f)(0);
      $e2 := $safe($f)(0);
      [$count($distinct($one)), $e1.error.message, $e2.ok]
    )`;
    expect(await run(src)).toEqual([1, 'zero', false]);
  });

  it('raises D3142 for function arguments', async () => {
    await expect(run(`$memoize(function($f){1})($uppercase)`)).rejects.toMatchObject({ code: 'D3142' });
  });
});

describe('$pLimit lanes', () => {
  it('never runs more than `limit` at once and keeps a key in one sequential lane', async () => {
    const events: string[] = [];
    let active = 0;
    let peak = 0;
    const work = async (v: number) => {
      active++;
      peak = Math.max(peak, active);
      events.push(`start ${v}`);
      await new Promise((r) => setImmediate(r));
      events.push(`end ${v}`);
      active--;
      return v * 10;
    };
    const result = await evaluateIn(
      createTestContext(),
      `$pLimit([1,2,3,4,5,6], 2, $work, function($v){ $v % 2 = 0 })`,
      undefined,
      { work },
    );
    expect([...(result as number[])]).toEqual([10, 20, 30, 40, 50, 60]);
    expect(peak).toBe(2);
    for (const [a, b] of [
      [1, 3],
      [3, 5],
      [2, 4],
      [4, 6],
    ]) {
      expect(events.indexOf(`end ${a}`)).toBeLessThan(events.indexOf(`start ${b}`));
    }
  });
});
