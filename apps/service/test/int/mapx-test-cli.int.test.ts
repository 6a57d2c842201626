import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { buildService, ROOT } from '../helpers/start-built-server.js';
import { startFhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { TEST_FHIR_CACHE } from '../helpers/test-app.js';
import { exampleOnFhirServer } from '../helpers/example-on-fhir-server.js';

const CLI = resolve(ROOT, 'apps/service/dist/cli/mapx-cli.js');

function mapx(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, FHIR_PACKAGE_CACHE_DIR: TEST_FHIR_CACHE, MAPPINGS_FOLDER: '' },
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A copy of the committed first-run seed, plus a mapping with volatile values. */
function seedFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mapx-test-cli-'));
  cpSync(join(ROOT, 'examples/mappings'), dir, { recursive: true });
  writeFileSync(
    join(dir, 'stamp.mapx'),
    '{"at": $now(), "ms": $millis(), "ids": [$uuid(), $uuid()], "v": v}',
  );
  mkdirSync(join(dir, 'stamp.tests'));
  writeFileSync(join(dir, 'stamp.tests', 'one.json'), '{"v": 1}');
  return dir;
}

describe('mapx test (CLI)', () => {
  beforeAll(() => buildService(), 180_000);

  it('the committed seed passes, and writes JUnit XML', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapx-test-junit-'));
    const junit = join(dir, 'junit.xml');
    const r = mapx('test', join(ROOT, 'examples/mappings'), '--junit', junit);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/csvPatient\n {2}✓ danaLevi/);
    const xml = new XMLParser({ ignoreAttributes: false }).parse(readFileSync(junit, 'utf8'));
    expect(xml.testsuites['@_failures']).toBe('0');
    expect(xml.testsuites.testsuite['@_name']).toBe('mapping:csvPatient');
    expect(xml.testsuites.testsuite.testcase['@_name']).toBe('danaLevi');
  });

  it('a new case fails until --update stores its output; volatile values are the same on every run', () => {
    const dir = seedFolder();
    const first = mapx('test', dir, '--mapping', 'stamp');
    expect(first.code).toBe(1);
    expect(first.out).toContain('no one.expected.json yet');
    expect(mapx('test', dir, '--update').code).toBe(0);
    const stored = JSON.parse(readFileSync(join(dir, 'stamp.tests', 'one.expected.json'), 'utf8'));
    expect(stored.at).toBe('2024-01-01T12:00:00.000Z');
    expect(stored.ms).toBe(Date.UTC(2024, 0, 1, 12));
    expect(stored.ids[0]).not.toBe(stored.ids[1]);
    // a second run gets the same "random" values, so the case passes
    const again = mapx('test', dir);
    expect(again.code).toBe(0);
    expect(again.out).toContain('2 passed, 0 failed (2 mappings)');
  });

  it('a changed output fails with a readable diff, in JUnit as a failure with the diff', () => {
    const dir = seedFolder();
    writeFileSync(
      join(dir, 'csvPatient.mapx'),
      readFileSync(join(dir, 'csvPatient.mapx'), 'utf8').replace(/^ *\* gender = sex\n/m, ''),
    );
    const junit = join(dir, 'junit.xml');
    const r = mapx('test', dir, '--mapping', 'csvPatient', '--junit', junit);
    expect(r.code).toBe(1);
    expect(r.out).toContain('✗ danaLevi');
    expect(r.out).toContain('- Expected');
    expect(r.out).toMatch(/^ {6}- {3}"gender": "female",$/m);
    const xml = new XMLParser({ ignoreAttributes: false }).parse(readFileSync(junit, 'utf8'));
    const testcase = xml.testsuites.testsuite.testcase;
    expect(testcase.failure['@_message']).toBe('output differs from the expectation');
    expect(testcase.failure['#text']).toContain('-   "gender": "female",');
  });

  it('a case whose input the normaliser refuses is an error; bad usage exits 2', () => {
    const dir = seedFolder();
    writeFileSync(join(dir, 'csvPatient.tests', 'broken.json'), '{"unterminated": ');
    const r = mapx('test', dir, '--mapping', 'csvPatient');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/✗ broken.*\n {6}could not run: Invalid JSON/);
    expect(mapx('test', join(dir, 'missing')).code).toBe(2);
    expect(mapx('test', '--bogus').code).toBe(2);
  });
});

/** The CLI as a child process, without blocking this process (the test FHIR server answers from here). */
function mapxAsync(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, FHIR_PACKAGE_CACHE_DIR: TEST_FHIR_CACHE, MAPPINGS_FOLDER: '' },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
    child.on('close', (code) => done({ code, out, err }));
  });
}

describe('mapx test --fhir-server (CLI)', () => {
  beforeAll(() => buildService(), 180_000);

  it('runs the cases a FHIR server keeps beside its StructureMaps, and --update stores the actual output', async () => {
    const fhir = await startFhirTestServer();
    const t = await exampleOnFhirServer(fhir.baseUrl);
    try {
      const put = await t.app.inject({
        method: 'PUT',
        url: '/MappingTests/csvPatient/danaLevi',
        payload: {
          inputExtension: 'csv',
          input: readFileSync(join(ROOT, 'examples/mappings/csvPatient.tests/danaLevi.csv'), 'utf8'),
          expected: { resourceType: 'Patient', gender: 'other' },
        },
      });
      expect(put.statusCode).toBe(201);

      const failing = await mapxAsync('test', '--fhir-server', fhir.baseUrl);
      expect(failing.code, failing.err).toBe(1);
      expect(failing.out).toMatch(/csvPatient\n {2}✗ danaLevi/);
      expect(failing.out).toMatch(/- {3}"gender": "other"/);

      const updated = await mapxAsync('test', '--fhir-server', fhir.baseUrl, '--update');
      expect(updated.code, updated.err).toBe(0);
      const again = await mapxAsync('test', '--fhir-server', fhir.baseUrl);
      expect(again.code, again.err).toBe(0);
      expect(again.out).toMatch(/csvPatient\n {2}✓ danaLevi/);
    } finally {
      await t.close();
      await fhir.close();
    }
  });

  it('refuses a FOLDER together with --fhir-server, and a URL that is not http(s)', async () => {
    expect((await mapxAsync('test', 'mappings', '--fhir-server', 'http://x')).err).toMatch(/not both/);
    expect((await mapxAsync('test', '--fhir-server', 'ftp://x')).err).toMatch(/http\(s\) URL/);
  });
});
