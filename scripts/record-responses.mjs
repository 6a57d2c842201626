#!/usr/bin/env node
/**
 * Records what the built service answers to a fixed set of requests — HTTP (POST /, POST /Mapping/{id} with JSON,
 * CSV, XML, HL7 v2 and NDJSON bodies, $transform, mapping tests, failures of every class), MLLP ACKs and what the
 * listener delivered, and `mapx run`'s output files — so that two builds can be compared byte for byte.
 *
 *   node scripts/record-responses.mjs [--repo DIR] [--out FILE]     record DIR's build (default: this checkout)
 *   node scripts/record-responses.mjs --compare A.json B.json       list every record that differs
 *
 * What changes from run to run by design is replaced before recording: `date` headers, request ids, UUIDs,
 * `timestamp` members of diagnostics, MLLP control ids and message times. Everything else is kept as sent.
 * The service is built first (`npm run build` in DIR); each isolation mode (worker, off) is recorded.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, readFile, readdir, rm, writeFile, copyFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../bench/lib/start-service.js';

const HERE = resolve(import.meta.dirname, '..');
const { values, positionals } = parseArgs({
  options: { repo: { type: 'string' }, out: { type: 'string' }, compare: { type: 'boolean' } },
  allowPositionals: true,
});

if (values.compare) process.exit(await compare(positionals[0], positionals[1]));

const repo = resolve(values.repo ?? HERE);
const out = values.out ?? join(tmpdir(), `mapx-responses-${Date.now()}.json`);
const fixtures = join(HERE, 'bench/fixtures');

const MAPPINGS = {
  'adtBundle.mapx': await readFile(join(fixtures, 'adt-to-bundle.mapx'), 'utf8'),
  'rows.mapx': '$.{ "name": name, "n": $number(n) }',
  'family.mapx': 'PID.PatientName.FamilyName.Surname',
  'strict.mapx': "keep = 'none' ? $nothing : $boolean(keep) ? { 'n': n } : $error('dropped')",
  'warn.mapx': 'InstanceOf: Patient\n* gender = "x"\n* birthDate = "not a date"',
  'obs.mapx':
    'InstanceOf: Observation\n* status = "final"\n* code.text = name\n* valueQuantity.value = value',
};
const ADT = await readFile(join(fixtures, 'adt-a01.hl7'));
const ORU = await readFile(join(fixtures, 'oru-r01.hl7'));
/** MSH-15/16 emptied: original acknowledgement mode, so the ACK follows the mapping and the delivery. */
const ADT_ORIGINAL = Buffer.from(ADT.toString('latin1').replace('|AL|NE|', '|||'), 'latin1');

const json = (body) => ({ body: JSON.stringify(body), type: 'application/json' });
const evaluate = (mapx, input, extra = {}) =>
  json({ mapx, ...(input === undefined ? {} : { input }), ...extra });

/** [name, method, url, body?] — bodies are { body, type } */
const HTTP = [
  ['identity', 'POST', '/', evaluate('$', { a: 1 })],
  ['object', 'POST', '/', evaluate('{ "x": a + 1, "y": [b] }', { a: 1, b: 'q' })],
  ['undefined result', 'POST', '/', evaluate('nothing', { a: 1 })],
  [
    'flash patient',
    'POST',
    '/',
    evaluate('InstanceOf: Patient\n* active = true\n* name.family = n', { n: 'Doe' }),
  ],
  ['flash warning', 'POST', '/', evaluate('InstanceOf: Patient\n* birthDate = "2020-13-45"', {})],
  [
    'flash warning verbose',
    'POST',
    '/?verbose=true',
    evaluate('InstanceOf: Patient\n* birthDate = "2020-13-45"', {}),
  ],
  ['compile error', 'POST', '/', evaluate('a +', {})],
  ['compile error verbose', 'POST', '/?verbose=true', evaluate('a +', {})],
  ['evaluation error', 'POST', '/', evaluate('$error("boom")', {})],
  ['evaluation error verbose', 'POST', '/?verbose=true', evaluate('$error("boom")', {})],
  ['type error', 'POST', '/', evaluate('"a" + 1', {})],
  ['no expression', 'POST', '/', json({ input: 1 })],
  ['bad json', 'POST', '/', { body: '{"mapx":', type: 'application/json' }],
  ['csv input', 'POST', '/', evaluate('$[0].b', 'a,b\n1,x\n', { contentType: 'text/csv' })],
  [
    'hl7 input',
    'POST',
    '/',
    evaluate('MSH.MessageType', ADT.toString('latin1'), { contentType: 'x-application/hl7-v2+er7' }),
  ],
  ['explain', 'POST', '/?explain=true', evaluate('{ "x": a }', { a: 1 })],
  ['verbose ok', 'POST', '/?verbose=true', evaluate('a', { a: 1 })],
  ['unknown mapping', 'POST', '/', evaluate('$missingMapping($)', {})],
  ['adt mapping', 'POST', '/Mapping/adtBundle', { body: ADT, type: 'x-application/hl7-v2+er7' }],
  [
    'adt mapping verbose',
    'POST',
    '/Mapping/adtBundle?verbose=true',
    { body: ADT, type: 'x-application/hl7-v2+er7' },
  ],
  ['adt as application/hl7-v2', 'POST', '/Mapping/adtBundle', { body: ADT, type: 'application/hl7-v2' }],
  ['oru via adt mapping', 'POST', '/Mapping/adtBundle', { body: ORU, type: 'x-application/hl7-v2+er7' }],
  ['family', 'POST', '/Mapping/family', { body: ADT, type: 'x-application/hl7-v2+er7' }],
  ['not hl7', 'POST', '/Mapping/family', { body: 'hello', type: 'x-application/hl7-v2+er7' }],
  ['csv rows', 'POST', '/Mapping/rows', { body: 'name,n\nann,1\nbob,x\n', type: 'text/csv' }],
  ['xml', 'POST', '/Mapping/rows', { body: '<r><name>a</name><n>2</n></r>', type: 'application/xml' }],
  ['bad xml', 'POST', '/Mapping/rows', { body: '<r><name>a</n></r>', type: 'application/xml' }],
  ['unsupported type', 'POST', '/Mapping/rows', { body: 'x', type: 'application/x-unknown' }],
  [
    'ndjson',
    'POST',
    '/Mapping/strict',
    {
      body: '{"keep":"true","n":1}\n{"keep":"none"}\n{"n":\n{"keep":"false"}\n',
      type: 'application/x-ndjson',
    },
  ],
  [
    'ndjson verbose',
    'POST',
    '/Mapping/strict?verbose=true',
    { body: '{"keep":"true","n":1}\n{"keep":"false"}\n', type: 'application/x-ndjson' },
  ],
  ['flash warnings mapping', 'POST', '/Mapping/warn', json({})],
  ['flash warnings mapping verbose', 'POST', '/Mapping/warn?verbose=true', json({})],
  ['obs', 'POST', '/Mapping/obs', json({ name: 'bp', value: 120 })],
  ['missing mapping', 'POST', '/Mapping/nope', json({})],
  ['standard v2ToFhir', 'POST', '/Mapping/v2ToFhir', { body: ADT, type: 'x-application/hl7-v2+er7' }],
  ['standard oru', 'POST', '/Mapping/v2ToFhir', { body: ORU, type: 'x-application/hl7-v2+er7' }],
  ['standard not v2', 'POST', '/Mapping/v2ToFhir', json({ a: 1 })],
  ['subroute', 'POST', '/Mapping/obs/$transform', json({ name: 'hr', value: 60 })],
  ['subroute put', 'PUT', '/Mapping/obs/x/y', json({ name: 'hr', value: 61 })],
  ['list mappings', 'GET', '/Mapping'],
  ['read mapping', 'GET', '/Mapping/rows'],
  [
    'mapping test put',
    'PUT',
    '/MappingTests/rows/one',
    json({ inputExtension: 'csv', input: 'name,n\nann,1\n', expected: [{ name: 'ann', n: 1 }] }),
  ],
  ['mapping test run', 'POST', '/MappingTests/rows/$run'],
  ['mapping test run bad', 'POST', '/MappingTests/nope/$run'],
  ['health', 'GET', '/health'],
];

const MLLP_MESSAGES = [
  ['adt', ADT_ORIGINAL],
  ['adt enhanced mode', ADT],
  ['oru to adt mapping', ORU],
  ['not hl7', Buffer.from('hello there')],
  ['adt again', ADT_ORIGINAL],
];

// content-length follows the body, which is compared after scrubbing
const DROP_HEADERS = new Set([
  'content-length',
  'date',
  'x-request-id',
  'request-id',
  'connection',
  'keep-alive',
  'x-mapx-compile-ms',
]);
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

function scrub(text) {
  return text
    .replace(UUID, '<uuid>')
    .replace(/"timestamp":\d+/g, '"timestamp":0')
    .replace(/"(\w*_at|uptime\w*|now)":("[^"]*"|[\d.]+)/g, '"$1":"<time>"')
    .replace(/"(\w*Seconds|\w*Mb|\w*Ms|ratePerSecond|workers)":[\d.]+/g, '"$1":0')
    .replace(/"threadCpuSeconds":\{[^}]*\}/g, '"threadCpuSeconds":{}')
    .replace(/\/tmp\/mapx-record-[^/"]+/g, '<work>');
}

function scrubMllp(text) {
  // MSH-7 (message time) and MSH-10 (control id) of our ACKs change each run
  return text.replace(
    /^(MSH\|[^|]*\|[^|]*\|[^|]*\|[^|]*\|[^|]*\|)[^|]*(\|[^|]*\|[^|]*\|)MAPX[^|]*/gm,
    '$1<time>$2<id>',
  );
}

const records = [];
for (const isolation of ['worker', 'off']) {
  const work = await mkdtemp(join(tmpdir(), 'mapx-record-'));
  try {
    await recordMode(isolation, work);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
await writeFile(out, `${JSON.stringify(records, null, 1)}\n`);
console.log(JSON.stringify({ repo, out, records: records.length }));

async function recordMode(isolation, work) {
  const folder = join(work, 'mappings');
  await mkdir(folder);
  for (const [name, text] of Object.entries(MAPPINGS)) await writeFile(join(folder, name), text);
  await writeFile(
    join(work, 'routes.yaml'),
    'routes:\n  - message: ADT^*\n    mapping: adtBundle\ndefault: adtBundle\n',
  );
  const port = await freePort();
  const mllpPort = await freePort();
  const ndjson = join(work, 'mllp.ndjson');
  const env = {
    SERVER_PORT: String(port),
    SERVER_HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    MAPPINGS_FOLDER: folder,
    MAPPINGS_FILE_POLLING_INTERVAL_MS: '0',
    MAPX_DATA_DIR: join(work, 'data'),
    MAPX_EVAL_ISOLATION: isolation,
    MLLP_PORT: String(mllpPort),
    MLLP_HOST: '127.0.0.1',
    MLLP_ROUTES: join(work, 'routes.yaml'),
    MLLP_DELIVERY: 'ndjson',
    MLLP_NDJSON_FILE: ndjson,
    FHIR_PACKAGE_CACHE_DIR: join(tmpdir(), 'mapx-bench-fhir-cache'),
  };
  const child = spawn(process.execPath, [join(repo, 'apps/service/dist/main.js')], {
    cwd: repo,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await ready(base);
    for (const [name, method, url, body] of HTTP) {
      const res = await fetch(base + url, {
        method,
        ...(body ? { body: body.body, headers: { 'content-type': body.type } } : {}),
      });
      const headers = Object.fromEntries(
        [...res.headers].filter(([k]) => !DROP_HEADERS.has(k)).map(([k, v]) => [k, scrub(v)]),
      );
      records.push({
        mode: isolation,
        kind: 'http',
        name,
        status: res.status,
        headers,
        body: scrub(await res.text()),
      });
    }
    for (const [name, bytes] of MLLP_MESSAGES) {
      const ack = await mllpSend(mllpPort, bytes);
      records.push({ mode: isolation, kind: 'mllp', name, ack: scrub(scrubMllp(ack.replace(/\r/g, '\n'))) });
    }
    const delivered = await readFile(ndjson, 'utf8').catch(() => '');
    records.push({ mode: isolation, kind: 'mllp-delivered', name: 'ndjson file', body: scrub(delivered) });
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  }
  await recordRun(isolation, work, folder, env);
}

async function recordRun(isolation, work, folder, env) {
  const inputs = join(work, 'inputs');
  await mkdir(inputs);
  await copyFile(join(fixtures, 'adt-a01.hl7'), join(inputs, 'a.hl7'));
  await copyFile(join(fixtures, 'oru-r01.hl7'), join(inputs, 'b.hl7'));
  await writeFile(join(inputs, 'c.hl7'), 'not a message');
  for (const [name, args] of [
    ['run adt folder', ['--mapping', 'adtBundle', '--input', inputs, '--output', join(work, 'out1')]],
    [
      'run standard ndjson',
      ['--mapping', 'v2ToFhir', '--input', inputs, '--output', join(work, 'out2.ndjson')],
    ],
  ]) {
    const result = await cli(['run', ...args], { ...env, MAPPINGS_FOLDER: folder, MLLP_PORT: '' }, work);
    const files = {};
    for (const target of [join(work, 'out1'), join(work, 'out2.ndjson')]) {
      for (const [file, text] of await readTree(target)) files[file.slice(work.length)] = scrub(text);
    }
    records.push({
      mode: isolation,
      kind: 'mapx-run',
      name,
      code: result.code,
      stdout: scrub(result.stdout),
      files,
    });
    await rm(join(work, 'out1'), { recursive: true, force: true });
    await rm(join(work, 'out2.ndjson'), { recursive: true, force: true });
  }
}

async function readTree(path) {
  try {
    const entries = await readdir(path, { withFileTypes: true, recursive: true });
    const files = [];
    for (const e of entries
      .filter((x) => x.isFile())
      .sort((a, b) => join(a.parentPath, a.name).localeCompare(join(b.parentPath, b.name)))) {
      const full = join(e.parentPath, e.name);
      files.push([full, await readFile(full, 'utf8')]);
    }
    return files;
  } catch (err) {
    if (err.code === 'ENOTDIR') return [[path, await readFile(path, 'utf8')]];
    if (err.code === 'ENOENT') return [];
    throw err;
  }
}

function cli(args, env, cwd) {
  return new Promise((res) => {
    const child = spawn(process.execPath, [join(repo, 'apps/service/bin/mapx.js'), ...args], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', () => undefined);
    child.on('exit', (code) => res({ code, stdout }));
  });
}

function mllpSend(port, bytes) {
  return new Promise((res, rej) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    let got = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      rej(new Error('no ACK within 30 s'));
    }, 30_000);
    socket.on('data', (d) => {
      got = Buffer.concat([got, d]);
      const end = got.indexOf(0x1c);
      if (end >= 0) {
        clearTimeout(timer);
        socket.end();
        res(got.subarray(1, end).toString('latin1'));
      }
    });
    socket.on('error', rej);
    socket.write(Buffer.concat([Buffer.from([0x0b]), bytes, Buffer.from([0x1c, 0x0d])]));
  });
}

async function ready(base) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    try {
      const h = await (await fetch(`${base}/health`)).json();
      if (h.warming_up === false) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the service was not ready within 60 s');
}

async function compare(a, b) {
  const left = JSON.parse(await readFile(a, 'utf8'));
  const right = JSON.parse(await readFile(b, 'utf8'));
  const key = (r) => `${r.mode} ${r.kind} ${r.name}`;
  const byKey = new Map(right.map((r) => [key(r), r]));
  let differ = 0;
  for (const r of left) {
    const other = byKey.get(key(r));
    byKey.delete(key(r));
    if (JSON.stringify(r) === JSON.stringify(other)) continue;
    differ++;
    console.log(
      `DIFFERS: ${key(r)}\n  A: ${JSON.stringify(r).slice(0, 600)}\n  B: ${JSON.stringify(other).slice(0, 600)}`,
    );
  }
  for (const k of byKey.keys()) {
    differ++;
    console.log(`ONLY IN B: ${k}`);
  }
  console.log(JSON.stringify({ records: left.length, differ }));
  return differ === 0 ? 0 : 1;
}
