import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Engine, EngineLogger } from '../../src/index.js';
import { r4Engine } from '../helpers/test-engine.js';

/**
 * The synchronous form of whole expressions (an engine with `ownThread`) against JSONata's evaluator (the same
 * engine without it): for every case of the data-driven corpus (test/cases) and for the shapes below, the same
 * verbose report (result, status, every diagnostic with its position and message), the same error where the run
 * throws, and the same log lines.
 */
interface Case {
  expr: string;
  input?: unknown;
  bindings?: Record<string, unknown>;
}

const root = join(import.meta.dirname, '..', 'cases');
const corpus: [string, Case][] = readdirSync(root)
  .sort()
  .flatMap((group) =>
    readdirSync(join(root, group))
      .sort()
      .map((file): [string, Case] => [
        `${group}/${file}`,
        JSON.parse(readFileSync(join(root, group, file), 'utf8')) as Case,
      ]),
  );

const ADT = readFileSync(
  join(import.meta.dirname, '..', '..', '..', '..', 'bench', 'fixtures', 'adt-to-bundle.mapx'),
  'utf8',
);

/** Shapes the corpus has few of: FLASH calls in paths and arrays, runs handed back halfway, shadowed names. */
const shapes: [string, Case][] = [
  [
    'ADT^A01 → Bundle mapping',
    {
      expr: ADT,
      input: {
        MSH: { SendingFacility: { NamespaceID: 'LAB' } },
        PID: {
          PatientIdentifierList: [
            { IDNumber: '1', AssigningAuthority: { UniversalID: '1.2.3' } },
            { IDNumber: '2', AssigningAuthority: { UniversalID: '1.2.4' } },
          ],
          PatientName: { FamilyName: { Surname: 'Doe' }, GivenName: 'Jo', NameTypeCode: 'L' },
          AdministrativeSex: 'F',
          DateTimeOfBirth: { Time: '1970-01-02' },
        },
        PV1: {
          PatientClass: 'I',
          AttendingDoctor: { IDNumber: '9', FamilyName: { Surname: 'Who' }, GivenName: 'A' },
          AdmitDateTime: { Time: '2024-01-01T10:00:00' },
        },
        AL1: { AllergenCode_Mnemonic_Description: { Identifier: 'X', Text: 'x' }, AllergySeverityCode: {} },
        DG1: { DiagnosisCode_DG1: { Identifier: 'A1' }, DiagnosisDateTime: { Time: '2024-01-01' } },
      },
    },
  ],
  [
    'a path over arrays of arrays',
    { expr: 'a.b.c', input: { a: [{ b: [[{ c: 1 }], { c: [2, 3] }] }, { b: { c: 4 } }] } },
  ],
  ['a block per item', { expr: 'a.($x := b; $x & "!")', input: { a: [{ b: 'p' }, { b: 'q' }, {}] } }],
  ['an array constructor first', { expr: '[a, b].($ & "")', input: { a: 'x', b: ['y', 'z'] } }],
  ['nested constructors', { expr: '[[a], [], a, [[b]]]', input: { a: [1, 2], b: 3 } }],
  ['a condition on a path', { expr: 'a = "x" ? $uppercase(a) : $lowercase(b)', input: { a: 'x', b: 'Y' } }],
  ['and/or on strings', { expr: '(a and b) or c', input: { a: 'x', b: '', c: 0 } }],
  ['a signature error (T0410)', { expr: '$substring(a, "x")', input: { a: 'abc' } }],
  ['a missing function (T1006)', { expr: '$nothing(a)', input: { a: 1 } }],
  [
    'a function shadowed by a binding',
    { expr: '$substring(a, 1)', input: { a: 'abc' }, bindings: { substring: 5 } },
  ],
  ['a function bound in the program', { expr: '($f := $uppercase; $f(a))', input: { a: 'abc' } }],
  ['a function as an argument', { expr: '$string($uppercase)', input: {} }],
  ['the truth of an object, handed back', { expr: '(x.y ? 1 : 2)', input: { x: { y: { z: 1 } } } }],
  [
    'a warning, then a value handed back',
    {
      expr: "($p := (InstanceOf: Patient\n* gender = 'x'\n* active = 'maybe');\n{'a': 1} ? $p : 0)",
      input: {},
    },
  ],
  [
    'a warning, then an error',
    {
      expr: "($p := (InstanceOf: Patient\n* active = 'maybe'\n* birthDate = 'never');\n$string($p))",
      input: {},
    },
  ],
  [
    'seeded UUIDs',
    { expr: '($a := $uuid(); $b := $uuid(a); $c := $uuid(); [$a, $b, $c])', input: { a: 'x' } },
  ],
  [
    'a UUID taken, then handed back',
    { expr: '($u := $uuid(); {"k": 1} ? $u & "/" & $uuid() : 0)', input: {} },
  ],
  [
    'rules reading functions and constants as values',
    {
      expr: "InstanceOf: Patient\n* gender = $reference\n* id = $string\n* language = $throwLevel & ''",
      input: {},
    },
  ],
  ['a reference of a non-resource', { expr: '$reference(a)', input: { a: { x: 1 } } }],
  ['a concatenation of structures', { expr: 'a & b', input: { a: { k: [1] }, b: [true] } }],
  ['$$ inside a block', { expr: 'a.($$.b & $)', input: { a: ['1', '2'], b: 'x' } }],
  // a step's sequence is made at its second result, and one of a single result to its size
  ['one array from the last step', { expr: 'a.b', input: { a: { b: [1, [2, 3]] } } }],
  ['one array from a middle step', { expr: 'a.b.c', input: { a: { b: [{ c: 1 }, { c: [2] }] } } }],
  ['one constructed array from a step', { expr: 'a.([b, c])', input: { a: { b: 1, c: [2, 3] } } }],
  ['a step with no results, then one', { expr: 'a.(x).y & a.b', input: { a: [{ b: 'p' }, {}] } }],
  // a frame's bindings are made at its first binding
  [
    'blocks that bind nothing, and one inside another that binds',
    {
      expr: '(a; ($x := "1"; ($y := $x & b; (b)) & $x & $y) & ($y ? "leaked" : "kept"))',
      input: { a: 0, b: '2' },
    },
  ],
  [
    'calls of no, one, two and three arguments',
    { expr: '$string() & $uppercase(a) & $substring(a, 1) & $substring(a, 0, 2)', input: { a: 'abc' } },
  ],
];

type Outcome = { report: unknown } | { thrown: unknown };

async function outcome(engine: Engine, c: Case, logs: unknown[]): Promise<Outcome> {
  const options = { deterministic: { seed: 'same', now: 0 } };
  const compiled = await engine.compile(c.expr).catch((e: unknown) => e);
  if (!compiled || typeof (compiled as { evaluate?: unknown }).evaluate !== 'function')
    return { thrown: compiled };
  const expr = compiled as Awaited<ReturnType<Engine['compile']>>;
  const input = 'input' in c ? c.input : null;
  const report = await expr.evaluateVerbose(structuredClone(input), c.bindings, options);
  let thrown: unknown;
  await expr.evaluate(structuredClone(input), c.bindings, options).catch((e: unknown) => (thrown = e));
  logs.push('--');
  return plain({ report, thrown: thrown === undefined ? undefined : { ...(thrown as object) } });
}

/** Without what differs between any two runs (ids and clocks), and as JSON sees it. */
function plain(v: unknown): Outcome {
  return JSON.parse(
    JSON.stringify(v, (key, value: unknown) =>
      key === 'executionId' || key === 'timestamp' || key === 'stack' ? undefined : value,
    ),
  ) as Outcome;
}

function recording(into: unknown[]): EngineLogger {
  const at = (level: string) => (obj: object, msg?: string) => void into.push([level, plain(obj), msg]);
  return { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
}

const jsonataLogs: unknown[] = [];
const synchronousLogs: unknown[] = [];
let engines: Promise<[Engine, Engine]> | undefined;
const both = () =>
  (engines ??= Promise.all([
    r4Engine({ logger: recording(jsonataLogs), limits: { maxStringLength: 1000 } }),
    r4Engine({ logger: recording(synchronousLogs), limits: { maxStringLength: 1000 }, ownThread: true }),
  ]));

describe('a synchronous run answers as JSONata does', () => {
  let covered = 0;
  test.each([...shapes, ...corpus])('%s', async (_name, c) => {
    const [viaJsonata, synchronous] = await both();
    jsonataLogs.length = 0;
    synchronousLogs.length = 0;
    const expected = await outcome(viaJsonata, c, jsonataLogs);
    const actual = await outcome(synchronous, c, synchronousLogs);
    expect(actual).toEqual(expected);
    expect(synchronousLogs).toEqual(jsonataLogs);
    const compiled = await synchronous.compile(c.expr).catch(() => undefined);
    if (compiled?.synchronous) covered++;
  });

  test('covers the ADT mapping and a good part of the corpus', async () => {
    const [, synchronous] = await both();
    expect((await synchronous.compile(ADT)).synchronous).toBe(true);
    expect((await synchronous.compile('($a := $uuid(); [$a, a])')).synchronous).toBe(true);
    for (const [name, c] of shapes.slice(-6))
      expect((await synchronous.compile(c.expr)).synchronous, name).toBe(true);
    // items that call something: JSONata evaluates them concurrently, so the order of their effects is its own
    expect((await synchronous.compile('[$uuid(), a]')).synchronous).toBe(false);
    expect((await synchronous.compile('$map(a, function($v) { $v })')).synchronous).toBe(false);
    expect((await synchronous.compile('($f := $uppercase; $f(a))')).synchronous).toBe(false);
    expect(covered).toBeGreaterThan(100);
  });
});

describe('which runs take the synchronous form', () => {
  /** An input whose field `a` counts its reads: a run handed back to JSONata reads it a second time. */
  const counted = (value: unknown) => {
    const reads = { n: 0 };
    const input = {};
    Object.defineProperty(input, 'a', { enumerable: true, get: () => (reads.n++, value) });
    return { input, reads };
  };

  /** How often one run reads `a` (the engine's input checks read it too). */
  const readsOf = async (engine: Engine, expr: string, value: unknown) => {
    const run = counted(value);
    await (await engine.compile(expr)).evaluate(run.input);
    return run.reads.n;
  };

  test('a covered run reads its input as often as JSONata does, a run handed back once more', async () => {
    const [viaJsonata, synchronous] = await both();
    const once = await readsOf(viaJsonata, '$uppercase(a) & "!"', 'abc');
    expect(await readsOf(synchronous, '$uppercase(a) & "!"', 'abc')).toBe(once);
    const plain = await readsOf(viaJsonata, 'a ? 1 : 2', { k: 1 });
    expect(await readsOf(synchronous, 'a ? 1 : 2', { k: 1 })).toBe(plain + 1);
  });

  test('an expression whose runs keep being handed back stops trying', async () => {
    const [viaJsonata, synchronous] = await both();
    const plain = await readsOf(viaJsonata, 'a ? "yes" : "no"', { k: 0 });
    const compiled = await synchronous.compile('a ? "yes" : "no"');
    let reads = 0;
    for (let i = 0; i < 40; i++) {
      const run = counted({ k: i });
      expect(await compiled.evaluate(run.input)).toBe('yes');
      reads += run.reads.n;
    }
    // the first 16 runs tried and were handed back (one read more each), the other 24 went to JSONata alone
    expect(reads).toBe(40 * plain + 16);
  });
});

describe('limits in a synchronous run', () => {
  test('the time limit ends it with D1012, as it ends a run of JSONata', async () => {
    const engine = await r4Engine({ ownThread: true, limits: { timeoutMs: 20 } });
    const compiled = await engine.compile('a.($uppercase($) & $lowercase($))');
    expect(compiled.synchronous).toBe(true);
    const input = { a: Array.from({ length: 400_000 }, (_, i) => `Item${i}`) };
    await expect(compiled.evaluate(input)).rejects.toMatchObject({ code: 'D1012', value: 20 });
  });

  test('the sequence bound ends it with D2015, as it ends a run of JSONata', async () => {
    const limits = { maxSequenceLength: 100 };
    const input = { a: Array.from({ length: 150 }, (_, i) => ({ b: i })) };
    const outcomes = await Promise.all(
      [false, true].map(async (ownThread) => {
        const engine = await r4Engine({ ownThread, limits });
        return (await engine.compile('a.b'))
          .evaluate(input)
          .catch((e: { code?: string; value?: number }) => e);
      }),
    );
    expect(outcomes[1]).toMatchObject({ code: 'D2015', value: 100 });
    expect(plain(outcomes[1])).toEqual(plain(outcomes[0]));
  });

  test('a step fails as JSONata does: too many results at once, a flattened overflow after the last item', async () => {
    const limits = { maxSequenceLength: 100 };
    const sixty = Array.from({ length: 60 }, (_, i) => `v${i}`);
    const cases: [string, unknown][] = [
      // 150 results, each an empty array: the results overflow, though flattened they are nothing
      ['a.(c)', { a: Array.from({ length: 150 }, () => ({ c: [] })) }],
      // 120 flattened items over two results, then an item whose call fails: the call's error comes first
      [
        'a.($uppercase(d); c)',
        {
          a: [
            { c: sixty, d: 'x' },
            { c: sixty, d: 'y' },
            { c: ['z'], d: 5 },
          ],
        },
      ],
      // the same without the failing item: the flattened overflow
      [
        'a.($uppercase(d); c)',
        {
          a: [
            { c: sixty, d: 'x' },
            { c: sixty, d: 'y' },
          ],
        },
      ],
      // one array result on the last step is the value, however long (a sequence would be flattened)
      ['a.c', { a: { c: Array.from({ length: 150 }, (_, i) => i) } }],
      ['a.(c)', { a: [{ c: ['p', 'q'] }] }],
    ];
    for (const [expr, input] of cases) {
      const outcomes = await Promise.all(
        [false, true].map(async (ownThread) => {
          const engine = await r4Engine({ ownThread, limits });
          const compiled = await engine.compile(expr);
          if (ownThread) expect(compiled.synchronous, expr).toBe(true);
          return compiled.evaluate(input).catch((e: { code?: string; value?: number }) => e);
        }),
      );
      expect(plain(outcomes[1]), expr).toEqual(plain(outcomes[0]));
    }
  });
});
