import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, tempDir, waitWarm, type RunningService } from '../helpers/start-service.js';

const PATIENT_MAPPING = `Instance: $uuid('1')
InstanceOf: Patient
* active = true
* name
  * given = given
  * family = family`;

const EXPECTED_PATIENT = {
  resourceType: 'Patient',
  id: '356a192b-7913-504c-9457-4d18c28d46e6',
  active: true,
  name: [{ family: 'B', given: ['a'] }],
};

describe('the built service over HTTP: main flows', () => {
  let svc: RunningService;
  let folder: string;
  beforeAll(async () => {
    folder = tempDir('mapx-e2e-mappings-');
    writeFileSync(
      join(folder, 'aliases.json'),
      JSON.stringify({ hospitalSystem: 'http://hospital.example/mrn' }),
    );
    svc = await startService({ MAPPINGS_FOLDER: folder, MAPPINGS_FILE_POLLING_INTERVAL_MS: '200' });
    await waitWarm(svc.baseUrl);
  });
  afterAll(async () => {
    expect(await svc.stop()).toBe(0);
  });

  const post = (path: string, body: string, type: string) =>
    fetch(`${svc.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': type }, body });

  it('reports server info with the R4 core package', async () => {
    const info = (await (await fetch(`${svc.baseUrl}/`)).json()) as Record<string, unknown>;
    expect(info.context_packages).toContainEqual({ id: 'hl7.fhir.r4.core', version: '4.0.1' });
    expect(info.warming_up).toBe(false);
  });

  it('evaluates ad-hoc JSONata and FLASH', async () => {
    const plain = await post(
      '/',
      JSON.stringify({ mapx: '$sum(items.price)', input: { items: [{ price: 2 }, { price: 3 }] } }),
      'application/json',
    );
    expect(await plain.json()).toBe(5);
    const flash = await post(
      '/',
      JSON.stringify({ mapx: PATIENT_MAPPING, input: { given: 'a', family: 'B' } }),
      'application/json',
    );
    expect(flash.status).toBe(200);
    expect(await flash.json()).toEqual(EXPECTED_PATIENT);
  });

  it('saves, reads, runs (JSON, CSV, XML), recaches and deletes a mapping', async () => {
    const put = await fetch(`${svc.baseUrl}/Mapping/testPatient`, {
      method: 'PUT',
      headers: { 'content-type': 'application/vnd.vendor.mapx' },
      body: PATIENT_MAPPING,
    });
    expect(put.status).toBe(201);
    expect(await put.text()).toBe(PATIENT_MAPPING);
    const get = await fetch(`${svc.baseUrl}/Mapping/testPatient`);
    expect(get.headers.get('content-type')).toContain('application/vnd.vendor.mapx');
    expect(await get.text()).toBe(PATIENT_MAPPING);
    expect(
      await (await post('/Mapping/testPatient', '{"given":"a","family":"B"}', 'application/json')).json(),
    ).toEqual(EXPECTED_PATIENT);
    expect(await (await post('/Mapping/testPatient', 'given,family\r\na,B', 'text/csv')).json()).toEqual(
      EXPECTED_PATIENT,
    );
    expect(
      await (
        await post(
          '/Mapping/testPatient',
          '<root><given>a</given><family value="B" /></root>',
          'application/xml',
        )
      ).json(),
    ).toEqual(EXPECTED_PATIENT);
    const recache = (await (await post('/$recache', '', 'application/json')).json()) as {
      mappings: string[];
    };
    expect(recache.mappings).toContain('testPatient');
    const del = await fetch(`${svc.baseUrl}/Mapping/testPatient`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect((await fetch(`${svc.baseUrl}/Mapping/testPatient`)).status).toBe(404);
  });

  it('binds aliases from aliases.json and passes $mapxHttpInvocation to sub-routes', async () => {
    writeFileSync(
      join(folder, 'echo.mapx'),
      '{"system": $hospitalSystem, "sub": $mapxHttpInvocation.subpath, "q": $mapxHttpInvocation.query.x}',
    );
    await post('/$recache', '', 'application/json');
    const res = await post('/Mapping/echo/a/b?x=1', '{}', 'application/json');
    expect(await res.json()).toEqual({ system: 'http://hospital.example/mrn', sub: 'a/b', q: '1' });
  });

  it('answers bad input precisely and keeps serving', async () => {
    const unsupported = await post(
      '/',
      JSON.stringify({ mapx: '$', input: 'x', contentType: 'text/plain' }),
      'application/json',
    );
    expect(unsupported.status).toBe(415);
    expect(await unsupported.json()).toEqual({
      message: expect.stringMatching(
        /^Unsupported Content-Type: 'text\/plain'; accepted media types: .*text\/csv/,
      ),
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    const compileError = await post('/', JSON.stringify({ mapx: "{'a':}" }), 'application/json');
    expect(compileError.status).toBe(422);
    expect(await compileError.json()).toMatchObject({
      __isMapxError: true,
      code: 'F1101',
      line: 1,
      start: 5,
      position: 6,
    });
    const health = await fetch(`${svc.baseUrl}/health`);
    expect(health.status).toBe(200);
  });
});
