import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { createTestApp, warmedUp, type TestApp } from '../helpers/test-app.js';
import { exampleOnFhirServer } from '../helpers/example-on-fhir-server.js';
import { ROOT } from '../helpers/start-built-server.js';

const PATIENT_CSV = 'mrn,first,last,sex,dob\nB2,Noa,Cohen,male,1985-02-03\n';

describe('/MappingTests routes (folder store)', () => {
  let t: TestApp;
  let folder: string;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'mapx-mapping-tests-'));
    cpSync(join(ROOT, 'examples/mappings'), folder, { recursive: true });
    writeFileSync(join(folder, 'stamp.mapx'), '{"at": $now(), "id": $uuid(), "v": v}');
    t = await createTestApp({ MAPPINGS_FOLDER: folder, MAPPINGS_FILE_POLLING_INTERVAL_MS: '0' });
    await warmedUp(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    t.app.inject({ method, url, ...(body === undefined ? {} : { payload: body as object }) });

  it('lists and reads the seeded case; runs it and it passes', async () => {
    expect((await call('GET', '/MappingTests/csvPatient')).json()).toEqual([
      { name: 'danaLevi', inputExtension: 'csv', hasExpected: true },
    ]);
    const read = (await call('GET', '/MappingTests/csvPatient/danaLevi')).json();
    expect(read).toMatchObject({
      name: 'danaLevi',
      contentType: 'text/csv',
      input: readFileSync(join(folder, 'csvPatient.tests/danaLevi.csv'), 'utf8'),
    });
    expect(read.expected.resourceType).toBe('Patient');
    const run = await call('POST', '/MappingTests/csvPatient/$run');
    expect(run.statusCode).toBe(200);
    expect(run.json()).toMatchObject({ mappingId: 'csvPatient', passed: 1, failed: 0 });
    expect(run.json().results[0]).toMatchObject({ name: 'danaLevi', outcome: 'passed' });
  });

  it('a new case has no expectation; a wrong one fails with a diff; accepting the actual output makes it pass', async () => {
    const created = await call('PUT', '/MappingTests/csvPatient/noaCohen', {
      inputExtension: 'csv',
      input: PATIENT_CSV,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ name: 'noaCohen', inputExtension: 'csv', hasExpected: false });
    const fresh = (await call('POST', '/MappingTests/csvPatient/noaCohen/$run')).json();
    expect(fresh.outcome).toBe('no-expectation');
    expect(fresh.actual.name).toEqual([{ family: 'Cohen', given: ['Noa'] }]);

    const wrong = { ...fresh.actual, gender: 'female' };
    expect(
      (
        await call('PUT', '/MappingTests/csvPatient/noaCohen', {
          inputExtension: 'csv',
          input: PATIENT_CSV,
          expected: wrong,
        })
      ).statusCode,
    ).toBe(200);
    const failed = (await call('POST', '/MappingTests/csvPatient/noaCohen/$run')).json();
    expect(failed.outcome).toBe('failed');
    expect(failed.diff).toContain('-   "gender": "female",');
    expect(failed.diff).toContain('+   "gender": "male",');

    await call('PUT', '/MappingTests/csvPatient/noaCohen', {
      inputExtension: 'csv',
      input: PATIENT_CSV,
      expected: failed.actual,
    });
    expect((await call('POST', '/MappingTests/csvPatient/$run')).json()).toMatchObject({
      passed: 2,
      failed: 0,
    });
    expect(readFileSync(join(folder, 'csvPatient.tests/noaCohen.expected.json'), 'utf8')).toBe(
      `${JSON.stringify(failed.actual, null, 2)}\n`,
    );

    expect((await call('DELETE', '/MappingTests/csvPatient/noaCohen')).statusCode).toBe(204);
    expect((await call('DELETE', '/MappingTests/csvPatient/noaCohen')).json()).toMatchObject({
      code: 'TEST_CASE_NOT_FOUND',
    });
    expect(readdirSync(join(folder, 'csvPatient.tests')).sort()).toEqual([
      'danaLevi.csv',
      'danaLevi.expected.json',
    ]);
  });

  it('runs in test mode: the clock is fixed and $uuid() repeats per case', async () => {
    await call('PUT', '/MappingTests/stamp/one', { inputExtension: 'json', input: '{"v": 1}' });
    const a = (await call('POST', '/MappingTests/stamp/one/$run')).json();
    const b = (await call('POST', '/MappingTests/stamp/one/$run')).json();
    expect(a.actual.at).toBe('2024-01-01T12:00:00.000Z');
    expect(b.actual).toEqual(a.actual);
    // outside test mode the same mapping is not deterministic
    const live = await call('POST', '/Mapping/stamp', { v: 1 });
    expect(live.json().id).not.toBe(a.actual.id);
  });

  it('keys like __proto__ in an expectation are stored as own properties', async () => {
    const expected = JSON.parse('{"__proto__": {"polluted": true}, "v": 1}') as unknown;
    const put = await t.app.inject({
      method: 'PUT',
      url: '/MappingTests/stamp/proto',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ inputExtension: 'json', input: '{}', expected }),
    });
    expect(put.statusCode).toBe(201);
    const stored = readFileSync(join(folder, 'stamp.tests/proto.expected.json'), 'utf8');
    expect(stored).toContain('"__proto__": {');
    const read = (await call('GET', '/MappingTests/stamp/proto')).json();
    expect(Object.hasOwn(read.expected, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    // compared as data: the output {"v": 1} lacks the own __proto__ member
    const run = (await call('POST', '/MappingTests/stamp/proto/$run')).json();
    expect(run.outcome).toBe('failed');
    expect(run.diff).toContain('-   "__proto__": {');
  });

  it('answers precise codes for bad names, extensions, bodies, unknown mappings and cases', async () => {
    const bad = async (method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) =>
      (await call(method, url, body)).json().code as string;
    expect(await bad('GET', '/MappingTests/csvPatient/..%2Fx')).toBe('TEST_NAME_INVALID');
    expect(await bad('GET', '/MappingTests/csvPatient/CON')).toBe('TEST_NAME_INVALID');
    expect(await bad('GET', '/MappingTests/csvPatient/nope')).toBe('TEST_CASE_NOT_FOUND');
    expect(
      await bad('PUT', '/MappingTests/csvPatient/x', { inputExtension: 'expected.json', input: '' }),
    ).toBe('TEST_INPUT_EXTENSION_INVALID');
    expect(await bad('PUT', '/MappingTests/csvPatient/x', { input: 3 })).toBe('TEST_CASE_INVALID');
    expect(await bad('PUT', '/MappingTests/nope/x', { inputExtension: 'json', input: '{}' })).toBe(
      'MAPPING_NOT_FOUND',
    );
    expect(await bad('POST', '/MappingTests/nope/$run')).toBe('MAPPING_NOT_FOUND');
    expect((await call('GET', '/MappingTests/a-b')).json()).toMatchObject({
      message: expect.stringContaining("Invalid mapping id 'a-b'"),
    });
  });

  it('refuses an expectation nested deeper than MAPX_MAX_INPUT_DEPTH, and reports a stored one as an error', async () => {
    const deep = '['.repeat(600) + ']'.repeat(600);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/MappingTests/stamp/deep',
      headers: { 'content-type': 'application/json' },
      payload: `{"inputExtension": "json", "input": "{}", "expected": ${deep}}`,
    });
    expect([put.statusCode, put.json().code]).toEqual([400, 'TEST_CASE_INVALID']);
    expect(put.json().message).toContain('nested deeper than 512 levels');
    mkdirSync(join(folder, 'stamp.tests'), { recursive: true });
    writeFileSync(join(folder, 'stamp.tests/deep.json'), '{}');
    writeFileSync(join(folder, 'stamp.tests/deep.expected.json'), deep);
    const run = (await call('POST', '/MappingTests/stamp/deep/$run')).json();
    expect(run).toMatchObject({
      outcome: 'error',
      message: 'deep.expected.json is nested deeper than 512 levels',
    });
  });

  it('documents the routes in the OpenAPI document', async () => {
    const paths = Object.keys((await call('GET', '/api-docs/openapi.json')).json().paths as object);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/MappingTests/{mappingId}',
        '/MappingTests/{mappingId}/{testName}',
        '/MappingTests/{mappingId}/$run',
        '/MappingTests/{mappingId}/{testName}/$run',
      ]),
    );
  });
});

describe('/MappingTests routes: editions, read-only stores, no source', () => {
  it('base edition: reads and runs, but writes answer the edition message', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mapx-mapping-tests-base-'));
    cpSync(join(ROOT, 'examples/mappings'), folder, { recursive: true });
    const t = await createTestApp({
      MAPPINGS_FOLDER: folder,
      MAPPINGS_FILE_POLLING_INTERVAL_MS: '0',
      MAPX_EDITION: 'base',
    });
    try {
      await warmedUp(t.app);
      expect(
        (await t.app.inject({ method: 'POST', url: '/MappingTests/csvPatient/$run' })).json(),
      ).toMatchObject({ passed: 1 });
      const put = await t.app.inject({
        method: 'PUT',
        url: '/MappingTests/csvPatient/x',
        payload: { inputExtension: 'json', input: '{}' },
      });
      expect(put.statusCode).toBe(404);
      expect(put.json().code).toBe('EDITION_FEATURE_UNAVAILABLE');
      expect(readdirSync(join(folder, 'csvPatient.tests'))).toHaveLength(2);
    } finally {
      await t.close();
    }
  });

  it('writes disabled: 409 TEST_WRITES_DISABLED; no mapping source: 405', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mapx-mapping-tests-ro-'));
    cpSync(join(ROOT, 'examples/mappings'), folder, { recursive: true });
    const ro = await createTestApp({
      MAPPINGS_FOLDER: folder,
      MAPPINGS_FILE_POLLING_INTERVAL_MS: '0',
      MAPPINGS_WRITE_ENABLED: 'false',
    });
    const none = await createTestApp({});
    try {
      await warmedUp(ro.app);
      const put = await ro.app.inject({
        method: 'PUT',
        url: '/MappingTests/csvPatient/x',
        payload: { inputExtension: 'json', input: '{}' },
      });
      expect([put.statusCode, put.json().code]).toEqual([409, 'TEST_WRITES_DISABLED']);
      const list = await none.app.inject({ method: 'GET', url: '/MappingTests/csvPatient' });
      expect([list.statusCode, list.json().code]).toEqual([405, 'NO_MAPPING_SOURCE']);
    } finally {
      await ro.close();
      await none.close();
    }
  });
});

describe('/MappingTests routes with the FHIR-server store', () => {
  it('keeps the cases on the FHIR server and runs them like the folder ones', async () => {
    const fhir = await startFhirTestServer();
    const t = await exampleOnFhirServer(fhir.baseUrl);
    try {
      const input = readFileSync(join(ROOT, 'examples/mappings/csvPatient.tests/danaLevi.csv'), 'utf8');
      const expected = JSON.parse(
        readFileSync(join(ROOT, 'examples/mappings/csvPatient.tests/danaLevi.expected.json'), 'utf8'),
      ) as unknown;
      const put = await t.app.inject({
        method: 'PUT',
        url: '/MappingTests/csvPatient/danaLevi',
        payload: { inputExtension: 'csv', input, expected },
      });
      expect(put.statusCode).toBe(201);
      const onServer = (await (
        await fetch(`${fhir.baseUrl}/DocumentReference?related=StructureMap/csvPatient`)
      ).json()) as { entry?: unknown[] };
      expect(onServer.entry).toHaveLength(1);
      const run = await t.app.inject({ method: 'POST', url: '/MappingTests/csvPatient/$run' });
      expect(run.json()).toMatchObject({
        passed: 1,
        failed: 0,
        results: [{ name: 'danaLevi', outcome: 'passed' }],
      });
    } finally {
      await t.close();
      await fhir.close();
    }
  });
});
