import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startFhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildService, ROOT } from '../helpers/start-built-server.js';
import { TEST_FHIR_CACHE } from '../helpers/test-app.js';

const CLI = resolve(ROOT, 'apps/service/dist/cli/mapx-cli.js');
const ENV = { ...process.env, FHIR_PACKAGE_CACHE_DIR: TEST_FHIR_CACHE };

function mapxRun(...args: string[]) {
  return mapxRunUnder([], ...args);
}

/** `mapx run` with `nodeArgs` on node's command line. */
function mapxRunUnder(nodeArgs: readonly string[], ...args: string[]) {
  const r = spawnSync(process.execPath, [...nodeArgs, CLI, 'run', '--progress', 'json', ...args], {
    cwd: ROOT,
    env: ENV,
    encoding: 'utf8',
  });
  const summary =
    r.stdout.trim() === '' ? undefined : (JSON.parse(r.stdout.trim().split('\n').pop() as string) as Summary);
  return { code: r.status, summary, err: r.stderr };
}

interface Summary {
  inputs: number;
  converted: number;
  failed: number;
  resumedPast: number;
  interrupted: boolean;
  resources: Record<string, number>;
}

function ndjson(file: string): Array<Record<string, unknown>> {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

const seg = (...lines: string[]) => lines.join('\r');
const message = (id: string, family: string) =>
  seg(
    `MSH|^~\\&|SND|FAC|RCV|FAC|20240101120000||ADT^A01|${id}|P|2.5.1`,
    'EVN|A01|20240101120000',
    `PID|1||${id}^^^HOSP^MR||${family}^Ann`,
  );
/** The control id of the message as the result's id: which inputs produced an output. */
const ID_MAPPING =
  "{ 'resourceType': 'Patient', 'id': MSH.MessageControlID, 'family': PID.PatientName.FamilyName.Surname }";

describe('mapx run (CLI)', () => {
  let dir: string;
  let mapping: string;
  beforeAll(() => {
    buildService();
    dir = mkdtempSync(join(tmpdir(), 'mapx-run-'));
    mapping = join(dir, 'id.mapx');
    writeFileSync(mapping, ID_MAPPING);
  }, 180_000);

  it('converts an HL7 v2 batch file around a broken message and reports it with its position', () => {
    const batch = [
      'FHS|^~\\&|SND|FAC',
      'BHS|^~\\&|SND|FAC',
      message('M1', 'One'),
      'MSH',
      'PID|1||X',
      message('M3', 'Three'),
      'BTS|3',
      'FTS|1',
    ].join('\r');
    const input = join(dir, 'batch.hl7');
    writeFileSync(input, `${batch}\r`);
    const out = join(dir, 'batch-out');
    const r = mapxRun('--mapping', mapping, '--input', input, '--output', out, '--workers', '2');
    expect(r.code, r.err).toBe(2);
    expect(r.summary).toMatchObject({ inputs: 3, converted: 2, failed: 1 });
    expect(ndjson(join(out, 'Patient.ndjson')).map((p) => p.id)).toEqual(['M1', 'M3']);
    const errors = ndjson(join(out, 'errors.ndjson')).filter((e) => e.level === 'error');
    expect(errors).toEqual([
      expect.objectContaining({ file: input, index: 2, line: 6, code: 'HL7_BAD_MSH', status: 422 }),
    ]);
  });

  it("runs under V8 and process-wide options on node's command line, which its threads inherit", () => {
    const input = join(dir, 'flags.hl7');
    writeFileSync(input, `${message('F1', 'One')}\r${message('F2', 'Two')}\r`);
    const out = join(dir, 'flags-out');
    const flags = ['--max-old-space-size=512', '--max-semi-space-size=8', '--v8-pool-size=2'];
    const r = mapxRunUnder(flags, '--mapping', mapping, '--input', input, '--output', out, '--workers', '2');
    expect(r.code, r.err).toBe(0);
    expect(r.summary).toMatchObject({ inputs: 2, converted: 2, failed: 0 });
    expect(ndjson(join(out, 'Patient.ndjson')).map((p) => p.id)).toEqual(['F1', 'F2']);
  });

  it('has its evaluation threads optimise their own hot code, unless MAPX_EVAL_COMPILE_IN_THREAD=false', () => {
    const input = join(dir, 'hot.hl7');
    writeFileSync(input, `${Array.from({ length: 500 }, (_, i) => message(`H${i}`, 'Hot')).join('\r')}\r`);
    const compiles = (name: string, env: Record<string, string>) => {
      const args = ['--trace-opt', CLI, 'run', '--progress', 'off', '--workers', '2'];
      const r = spawnSync(
        process.execPath,
        [...args, '--mapping', mapping, '--input', input, '--output', join(dir, name)],
        { cwd: ROOT, env: { ...ENV, ...env }, encoding: 'utf8', maxBuffer: 1 << 26 },
      );
      expect(r.status, r.stderr).toBe(0);
      // V8 prints a line for every optimising compile, with the mode it ran in
      const modes = r.stdout
        .split('\n')
        .map((l) => /compiling method .*ConcurrencyMode::k(\w+)/.exec(l)?.[1]);
      return {
        onItsThread: modes.filter((m) => m === 'Synchronous').length,
        inBackground: modes.filter((m) => m === 'Concurrent').length,
      };
    };
    const byDefault = compiles('hot-default', {});
    expect(byDefault.onItsThread).toBeGreaterThan(0);
    // the main thread, created before the setting, goes on compiling in the background
    expect(byDefault.inBackground).toBeGreaterThan(0);
    expect(compiles('hot-off', { MAPX_EVAL_COMPILE_IN_THREAD: 'false' })).toMatchObject({ onItsThread: 0 });
  });

  it('splits an MLLP-framed dump into its messages', () => {
    const input = join(dir, 'dump.mllp');
    const frames = ['A', 'B', 'C'].map((id) => `\x0b${message(id, id)}\r\x1c\r`);
    writeFileSync(input, frames.join('\n'));
    const out = join(dir, 'dump.ndjson');
    const r = mapxRun('--mapping', mapping, '--input', input, '--output', out);
    expect(r.code, r.err).toBe(0);
    expect(ndjson(out).map((p) => [p.id, p.family])).toEqual([
      ['A', 'A'],
      ['B', 'B'],
      ['C', 'C'],
    ]);
  });

  it('maps one CSV record per row, or per group of consecutive rows with --csv-group-by', () => {
    const input = join(dir, 'people.csv');
    writeFileSync(input, 'pid,first,visit\n1,Ann,a\n1,Ann,b\n2,"Bob, Jr",c\n3,Cy,d\n');
    const csvMapping = join(dir, 'csv.mapx');
    writeFileSync(csvMapping, "{ 'resourceType': 'Basic', 'id': $string($[0].pid), 'rows': $count($) }");
    const perRow = join(dir, 'rows.ndjson');
    expect(mapxRun('--mapping', csvMapping, '--input', input, '--output', perRow).code).toBe(0);
    expect(ndjson(perRow).map((b) => [b.id, b.rows])).toEqual([
      ['1', 1],
      ['1', 1],
      ['2', 1],
      ['3', 1],
    ]);
    const grouped = join(dir, 'groups.ndjson');
    const r = mapxRun(
      '--mapping',
      csvMapping,
      '--input',
      input,
      '--output',
      grouped,
      '--csv-group-by',
      'pid',
    );
    expect(r.code, r.err).toBe(0);
    expect(ndjson(grouped).map((b) => [b.id, b.rows])).toEqual([
      ['1', 2],
      ['2', 1],
      ['3', 1],
    ]);
  });

  it('--shard i/n: the shards together map every input exactly once', () => {
    const folder = join(dir, 'messages');
    mkdirSync(folder);
    const ids = Array.from({ length: 23 }, (_, i) => `S${i}`);
    ids.forEach((id) => writeFileSync(join(folder, `${id}.hl7`), message(id, id)));
    const seen: string[] = [];
    for (let shard = 0; shard < 3; shard++) {
      const out = join(dir, `shard-${shard}.ndjson`);
      const r = mapxRun('--mapping', mapping, '--input', folder, '--output', out, '--shard', `${shard}/3`);
      expect(r.code, r.err).toBe(0);
      const got = ndjson(out).map((p) => p.id as string);
      expect(got.length).toBeGreaterThan(0);
      seen.push(...got);
    }
    expect(seen.sort()).toEqual([...ids].sort());
  });

  it('resumes after being killed mid-run: every output exactly once', async () => {
    const count = 40_000;
    const input = join(dir, 'many.ndjson');
    writeFileSync(input, Array.from({ length: count }, (_, i) => JSON.stringify({ n: i })).join('\n'));
    const nMapping = join(dir, 'n.mapx');
    writeFileSync(nMapping, "{ 'resourceType': 'Observation', 'id': 'o' & $string(n) }");
    const out = join(dir, 'many.ndjson.out.ndjson');
    const checkpoint = join(dir, 'many.checkpoint.json');
    const args = ['run', '--progress', 'off', '--mapping', nMapping, '--input', input, '--output', out];
    args.push('--checkpoint', checkpoint, '--checkpoint-every', '100', '--workers', '1', '--resume');
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env: ENV, stdio: 'ignore' });
    const exited = new Promise((done) => child.once('exit', done));
    await waitFor(() => existsSync(checkpoint) && readCheckpoint(checkpoint).nextSeq > 0);
    child.kill('SIGKILL');
    await exited;
    const atKill = readCheckpoint(checkpoint);
    expect(atKill.complete).toBe(false);
    const r = mapxRun(
      '--mapping',
      nMapping,
      '--input',
      input,
      '--output',
      out,
      '--checkpoint',
      checkpoint,
      '--resume',
    );
    expect(r.code, r.err).toBe(0);
    expect(r.summary?.resumedPast).toBe(atKill.nextSeq);
    const ids = ndjson(out).map((o) => o.id);
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
    expect(ids[count - 1]).toBe(`o${count - 1}`);
  }, 120_000);
});

describe('mapx run to a FHIR server', () => {
  it('sends results to a FHIR server: Bundles as transactions, resources by PUT or POST, refused inputs fail alone', async () => {
    const server = await startFhirTestServer();
    try {
      const dir = mkdtempSync(join(tmpdir(), 'mapx-run-server-'));
      const input = join(dir, 'in.ndjson');
      writeFileSync(input, [0, 1, 2, 3, 4].map((n) => JSON.stringify({ n })).join('\n'));
      const mapping = join(dir, 'm.mapx');
      // 0: a transaction of one PUT; 2: a collection Bundle (the server refuses to process it); 4: no id
      writeFileSync(
        mapping,
        `n = 0 ? { 'resourceType': 'Bundle', 'type': 'transaction', 'entry': [{ 'resource': { 'resourceType': 'Patient', 'id': 'p0' }, 'request': { 'method': 'PUT', 'url': 'Patient/p0' } }] }
        : n = 2 ? { 'resourceType': 'Bundle', 'type': 'collection', 'entry': [] }
        : { 'resourceType': 'Basic', 'id': n = 4 ? undefined : 'n' & $string(n), 'code': { 'text': 'n' & $string(n) } }`,
      );
      const errors = join(dir, 'errors.ndjson');
      const args = ['--mapping', mapping, '--input', input, '--output', server.baseUrl, '--errors', errors];
      const run = await runAsync([...args, '--checkpoint', join(dir, 'cp.json'), '--post-concurrency', '2']);
      expect(run.code, run.err).toBe(2);
      const writes = server.requests.map((r) => `${r.method} ${r.url}`).sort();
      expect(writes).toEqual([
        'POST /fhir',
        'POST /fhir',
        'POST /fhir/Basic',
        'PUT /fhir/Basic/n1',
        'PUT /fhir/Basic/n3',
      ]);
      expect(await server.repo.readResource('Patient', 'p0')).toMatchObject({ id: 'p0' });
      expect(await server.repo.readResource('Basic', 'n3')).toMatchObject({ code: { text: 'n3' } });
      const created = await server.repo.searchResources({ resourceType: 'Basic' });
      expect(created.map((b) => (b as { code?: { text?: string } }).code?.text).sort()).toEqual([
        'n1',
        'n3',
        'n4',
      ]);
      expect(ndjson(errors)).toEqual([
        expect.objectContaining({ level: 'error', index: 3, line: 3, code: 'RUN_POST_FAILED' }),
      ]);
    } finally {
      await server.close();
    }
  });

  it("reports the mapping's own compile-time warnings once, not once per input", () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapx-run-static-'));
    const input = join(dir, 'in.ndjson');
    writeFileSync(input, ['{"c":"a"}', '{"c":"b"}', '{"c":"c"}'].join('\n'));
    const mapping = join(dir, 'm.mapx');
    // flat sibling rules on a repeating element: static check F5362 at compile time, the same for every input
    writeFileSync(
      mapping,
      'InstanceOf: Observation\n* status = "final"\n* code.coding.code = c\n* code.coding.system = "http://loinc.org"\n',
    );
    const out = join(dir, 'out');
    const r = mapxRun('--mapping', mapping, '--input', input, '--output', out);
    expect(r.code, r.err).toBe(0);
    expect(r.summary).toMatchObject({ converted: 3, failed: 0, warnings: 0 });
    expect(r.err).toMatch(/mapx run: warning F5362 \(line 4\): The rules code\.coding\.code/);
    expect(ndjson(join(out, 'errors.ndjson'))).toEqual([
      {
        level: 'warning',
        scope: 'mapping',
        line: 4,
        code: 'F5362',
        message: expect.stringContaining('nest them'),
      },
    ]);
    expect(ndjson(join(out, 'Observation.ndjson'))).toHaveLength(3);
  });

  it('lists the warnings of converted inputs in the errors file, with their positions', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapx-run-warn-'));
    const input = join(dir, 'in.ndjson');
    writeFileSync(input, ['{"n":1}', '', '{"n":2}', '{"n":3}'].join('\n'));
    const mapping = join(dir, 'm.mapx');
    writeFileSync(
      mapping,
      "(n % 2 = 1 ? $warn('odd ' & $string(n)); { 'resourceType': 'Basic', 'id': 'n' & $string(n) })",
    );
    const out = join(dir, 'out');
    const r = mapxRun('--mapping', mapping, '--input', input, '--output', out);
    expect(r.code, r.err).toBe(0);
    expect(r.summary).toMatchObject({ converted: 3, failed: 0, warnings: 2 });
    expect(ndjson(join(out, 'Basic.ndjson')).map((b) => b.id)).toEqual(['n1', 'n2', 'n3']);
    expect(ndjson(join(out, 'errors.ndjson'))).toEqual([
      expect.objectContaining({
        level: 'warning',
        index: 1,
        line: 1,
        code: 'F5320',
        message: expect.stringContaining('odd 1'),
      }),
      expect.objectContaining({
        level: 'warning',
        index: 3,
        line: 4,
        code: 'F5320',
        message: expect.stringContaining('odd 3'),
      }),
    ]);
  });

  it("writes the errors file in input order, each input's warnings before its error, however inputs are batched", () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapx-run-order-'));
    const input = join(dir, 'in.ndjson');
    // one batch: warnings (odd n), an input the JSON normaliser refuses, and an input whose evaluation fails
    writeFileSync(input, ['{"n":1}', '{"n":2}', '{', '{"n":3}', '{"n":4}', '{"n":5}'].join('\n'));
    const mapping = join(dir, 'm.mapx');
    writeFileSync(
      mapping,
      "(n % 2 = 1 ? $warn('odd ' & $string(n)); n = 4 ? $error('four'); { 'resourceType': 'Basic', 'id': 'n' & $string(n) })",
    );
    const out = join(dir, 'out');
    const r = mapxRun('--workers', '1', '--mapping', mapping, '--input', input, '--output', out);
    expect(r.code, r.err).toBe(2);
    expect(r.summary).toMatchObject({ converted: 4, failed: 2, warnings: 3 });
    expect(ndjson(join(out, 'errors.ndjson')).map((e) => [e.level, e.index])).toEqual([
      ['warning', 1],
      ['error', 3],
      ['warning', 4],
      ['error', 5],
      ['warning', 6],
    ]);
  });

  it('fails only the input that overruns the time limit; the rest of its batch, and the batch waiting on its thread, convert', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapx-run-limit-'));
    const input = join(dir, 'in.ndjson');
    // one thread: the first batch (8 inputs) runs, the next (12) waits on the same thread and ends with it
    const ns = Array.from({ length: 20 }, (_, i) => i + 1);
    writeFileSync(input, ns.map((n) => JSON.stringify({ n })).join('\n'));
    const mapping = join(dir, 'm.mapx');
    // input 4 runs a synchronous backtracking regular expression: only the worker's termination ends it
    writeFileSync(
      mapping,
      "n = 4 ? $contains($pad('', 200, 'a'), /a*a*a*a*a*a*b/) : { 'resourceType': 'Basic', 'id': 'n' & $string(n) }",
    );
    const out = join(dir, 'out.ndjson');
    const r = spawnSync(
      process.execPath,
      [
        CLI,
        'run',
        '--progress',
        'off',
        '--mapping',
        mapping,
        '--input',
        input,
        '--output',
        out,
        '--workers',
        '1',
      ],
      {
        cwd: ROOT,
        env: { ...ENV, MAPX_EVAL_TIMEOUT_MS: '1000' },
        encoding: 'utf8',
      },
    );
    expect(r.status, r.stderr).toBe(2);
    expect(ndjson(out).map((b) => b.id)).toEqual(ns.filter((n) => n !== 4).map((n) => `n${n}`));
    expect(ndjson(`${out.slice(0, -'.ndjson'.length)}.errors.ndjson`)).toEqual([
      expect.objectContaining({ level: 'error', index: 4, code: 'D1012', status: 422 }),
    ]);
  }, 60_000);
});

/** The CLI in a child process without blocking this one (the test's own HTTP server must answer it). */
function runAsync(args: string[]): Promise<{ code: number | null; err: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [CLI, 'run', '--progress', 'off', ...args], {
      cwd: ROOT,
      env: ENV,
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.once('exit', (code) => done({ code, err }));
  });
}

function readCheckpoint(file: string): { nextSeq: number; complete: boolean } {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { nextSeq: number; complete: boolean };
  } catch {
    return { nextSeq: 0, complete: false };
  }
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 3000 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
}
