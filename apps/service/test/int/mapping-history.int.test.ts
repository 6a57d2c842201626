import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mappingHistorySchema } from '@mapx/api';
import { startFhirTestServer, type FhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { createTestApp, warmedUp, type TestApp } from '../helpers/test-app.js';

const MAPX = { 'content-type': 'application/vnd.vendor.mapx' };

/** Saves three texts through PUT /Mapping/m, then checks the history routes against them. */
async function historyFlow(t: TestApp): Promise<void> {
  for (const text of ["'v1'", "'v2'", "'v3'"]) {
    const put = await t.app.inject({ method: 'PUT', url: '/Mapping/m', headers: MAPX, payload: text });
    expect(put.statusCode).toBeLessThan(300);
  }
  const res = await t.app.inject({ method: 'GET', url: '/Mapping/m/$history' });
  expect(res.statusCode).toBe(200);
  const body = mappingHistorySchema.parse(res.json());
  expect(body.mappingId).toBe('m');
  expect(body.versions.map((v) => v.current)).toEqual([true, false, false]);
  const texts: string[] = [];
  for (const v of body.versions) {
    const read = await t.app.inject({ method: 'GET', url: `/Mapping/m/$history/${v.versionId}` });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toContain('application/vnd.vendor.mapx');
    expect(read.headers['x-mapx-version-id']).toBe(v.versionId);
    expect(read.headers['x-mapx-saved-at']).toBe(v.savedAt);
    texts.push(read.body);
  }
  expect(texts).toEqual(["'v3'", "'v2'", "'v1'"]);
  // restore = PUT of an earlier text: it becomes the current version, the replaced one is kept
  await t.app.inject({ method: 'PUT', url: '/Mapping/m', headers: MAPX, payload: texts[2] });
  expect((await t.app.inject({ method: 'POST', url: '/Mapping/m', payload: {} })).json()).toBe('v1');
  const after = mappingHistorySchema.parse(
    (await t.app.inject({ method: 'GET', url: '/Mapping/m/$history' })).json(),
  );
  expect(after.versions).toHaveLength(4);
}

describe('GET /Mapping/{id}/$history (folder store)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mapx-history-'));
    t = await createTestApp({ MAPPINGS_FOLDER: folder, MAPPINGS_FILE_POLLING_INTERVAL_MS: '0' });
    await warmedUp(t.app);
  });
  afterAll(() => t.close());

  it('lists the versions newest first, reads each, and a restore is a new version', async () => {
    await historyFlow(t);
  });

  it('answers precise errors: bad ids 400, unknown mapping or version 404', async () => {
    const code = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      return [res.statusCode, res.json().code ?? res.json().message];
    };
    expect(await code('/Mapping/1bad/$history')).toEqual([
      400,
      "Invalid mapping id '1bad': it must match ^[A-Za-z][A-Za-z0-9]{0,63}$",
    ]);
    expect(await code('/Mapping/nothing/$history')).toEqual([404, 'MAPPING_NOT_FOUND']);
    expect(await code('/Mapping/m/$history/no-such')).toEqual([404, 'MAPPING_VERSION_NOT_FOUND']);
    expect(await code(`/Mapping/m/$history/${'x'.repeat(65)}`)).toEqual([400, 'MAPPING_VERSION_ID_INVALID']);
    expect(await code('/Mapping/m/$history/a_b')).toEqual([400, 'MAPPING_VERSION_ID_INVALID']);
  });

  it('documents both routes in the OpenAPI document', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api-docs/openapi.json' })).json().paths;
    expect(Object.keys(paths['/Mapping/{mappingId}/$history'])).toEqual(['get']);
    expect(Object.keys(paths['/Mapping/{mappingId}/$history/{versionId}'])).toEqual(['get']);
  });
});

describe('GET /Mapping/{id}/$history (FHIR-server store)', () => {
  let server: FhirTestServer;
  let t: TestApp;
  beforeAll(async () => {
    server = await startFhirTestServer();
    t = await createTestApp({
      FHIR_SERVER_BASE: server.baseUrl,
      MAPPINGS_SERVER_POLLING_INTERVAL_MS: '0',
      MAPPINGS_FORCED_RESYNC_INTERVAL_MS: '0',
    });
    await warmedUp(t.app);
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  it("lists the server's versions newest first, reads each, and a restore is a new version", async () => {
    await historyFlow(t);
  });
});
