import { describe, expect, test } from 'vitest';
import { createEngine, type Engine, type MappingResolver } from '../src/index.js';
import { syncRun } from '../src/runtime/sync-run.js';

function resolver(entries: Record<string, string>): MappingResolver {
  const m = new Map(Object.entries(entries));
  return { keys: () => m.keys(), get: (k) => m.get(k) };
}

/** As the main thread has it, and as an evaluation thread has it (`ownThread`: synchronous runs). */
function engines(limits?: Parameters<typeof createEngine>[0]['limits']): { main: Engine; thread: Engine } {
  const make = (ownThread: boolean) => {
    const e = createEngine({ fhir: () => undefined, ownThread, ...(limits ? { limits } : {}) });
    // tells whether the call runs in a synchronous run
    e.registerFunction('inSyncRun', () => syncRun.active, '<:b>');
    e.registerFunction('later', (v: unknown) => new Promise((r) => setTimeout(() => r(v), 1)), '<x:x>');
    return e;
  };
  return { main: make(false), thread: make(true) };
}

const MAPPINGS = {
  datatype: `(
    $no := function($x) { $x ? false : true };
    $m := $match($, /^(\\d{4})(\\d{2})?/).groups;
    $no($m) ? ($warning('not a date: ' & $); undefined) : $m[0] & ($m[1] ? '-' & $m[1])
  )`,
  segment: `{
    'when': $datatype(when),
    'codes': $map(codes, function($c, $i) { $i & ':' & $uppercase($c) }),
    'sorted': $sort(codes),
    'clean': $contains(note, /\\s/) ? $replace(note, /\\s+/, ' ') : note,
    'each': $each({'a': 1, 'b': 2}, function($v, $k) { $k & $v }),
    'evaluated': $eval('1 + 2'),
    'sync': $inSyncRun()
  }`,
  message: `(
    $memo := $memoize(function($x) { $segment($x) });
    {'first': $memo(segments[0]), 'again': $memo(segments[0]), 'all': segments.$segment($)}
  )`,
};

const INPUT = {
  segments: [
    { when: '202401', codes: ['b', 'a'], note: 'x  y' },
    { when: 'never', codes: ['c'], note: 'z' },
  ],
};

async function run(engine: Engine, source: string, input: unknown = INPUT, deterministic = false) {
  const compiled = await engine.compile(source);
  const report = await compiled.evaluateVerbose(input, undefined, {
    mappings: resolver(MAPPINGS),
    ...(deterministic ? { deterministic: { seed: 'test' } } : {}),
  });
  return JSON.parse(
    JSON.stringify(report, (k, v) => (k === 'executionId' || k === 'timestamp' ? undefined : v)),
  ) as {
    ok: boolean;
    result?: Record<string, unknown>;
    diagnostics: Record<string, { code: string; message: string }[]>;
  };
}

describe('synchronous runs on an evaluation thread (engine/sync-tier.ts)', () => {
  test('saved mappings, lambdas, $memoize, $eval, regexes: what the main thread gives, run synchronously', async () => {
    const { main, thread } = engines();
    for (let i = 0; i < 4; i++) {
      const expected = await run(main, '$message()');
      const actual = await run(thread, '$message()');
      expect(expected.result?.['first']).toMatchObject({ when: '2024-01', sync: false });
      // from an expression's second run: one run once is not compiled twice
      expect(actual.result?.['first']).toMatchObject({ when: '2024-01', sync: i > 0 });
      const withoutProbe = (r: typeof actual) => JSON.stringify(r).replaceAll('"sync":true', '"sync":false');
      expect(withoutProbe(actual)).toBe(JSON.stringify(expected));
      // the second segment's date, once: `$memo` and `all` evaluate the first segment, which has none
      expect(actual.diagnostics['warning']).toEqual([
        expect.objectContaining({ message: expect.stringContaining('not a date: never') }),
      ]);
    }
  });

  test('a function that answers later leaves the run to JSONata: the result, and each warning once', async () => {
    const { main, thread } = engines();
    const source =
      "($warning('before'); {'v': $later(41) + 1, 'sync': $inSyncRun(), 'w': $warning('after')})";
    const expected = await run(main, source);
    for (let i = 0; i < 3; i++) {
      const actual = await run(thread, source);
      expect(actual).toEqual(expected);
      expect(actual.result).toEqual({ v: 42, sync: false });
      expect(actual.diagnostics['warning']).toHaveLength(2);
    }
  });

  test('an error in a saved mapping: the same code, message and position as on the main thread', async () => {
    const { main, thread } = engines();
    for (const source of ["$datatype({'not': 'text'})", "$eval('1 +')", "$segment({'codes': [1]})"]) {
      expect(await run(thread, source)).toEqual(await run(main, source));
      expect((await run(thread, source)).ok).toBe(false);
    }
  });

  test('the time limit ends a synchronous run with D1012, and the thread goes on', async () => {
    const { thread } = engines({ timeoutMs: 300 });
    const loop = await run(
      thread,
      '($f := function($n) { $n > 0 ? $f($n - 1) : 0 }; [1..400000].$f(3))',
      null,
    );
    expect(loop.ok).toBe(false);
    expect(loop.diagnostics['error']![0]).toMatchObject({ code: 'D1012' });
    await run(thread, '$message()');
    expect((await run(thread, '$message()')).result?.['first']).toMatchObject({ sync: true });
  });

  test('test mode keeps the order of evaluation: the same $uuid() sequence as the main thread', async () => {
    const { main, thread } = engines();
    const source = "[$uuid(), $message().first.when, {'a': $uuid(), 'b': [$uuid(), $uuid()]}, $inSyncRun()]";
    const expected = await run(main, source, INPUT, true);
    expect(await run(thread, source, INPUT, true)).toEqual(expected);
  });
});
