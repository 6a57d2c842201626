import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, warmedUp, type TestApp } from '../helpers/test-app.js';

const NO_SOURCE = {
  message: 'Endpoint unavailable without mapping sources (FHIR server or mappings folder).',
  code: 'NO_MAPPING_SOURCE',
};

describe('/Mapping routes with a folder store', () => {
  let t: TestApp;
  let folder: string;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'mapx-mappings-'));
    writeFileSync(join(folder, 'greet.mapx'), '"Hello, " & name');
    writeFileSync(join(folder, 'codes.json'), '{"M":"male"}');
    writeFileSync(join(folder, 'aliases.json'), '{"loinc":"http://loinc.example"}');
    t = await createTestApp({ MAPPINGS_FOLDER: folder, MAPPINGS_FILE_POLLING_INTERVAL_MS: '0' });
    await warmedUp(t.app);
  });
  afterAll(() => t.close());

  const inject = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: string,
    type = 'application/json',
  ) =>
    t.app.inject({
      method,
      url,
      ...(payload !== undefined ? { payload, headers: { 'content-type': type } } : {}),
    });

  it('lists and reads mappings', async () => {
    expect((await inject('GET', '/Mapping')).json()).toEqual(['greet']);
    const res = await inject('GET', '/Mapping/greet');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.vendor.mapx; charset=utf-8');
    expect(res.body).toBe('"Hello, " & name');
    expect((await inject('GET', '/Mapping/nope')).statusCode).toBe(404);
  });

  it('executes with the body normalised by Content-Type, static values and store aliases bound', async () => {
    expect((await inject('POST', '/Mapping/greet', '{"name":"Dana"}')).json()).toBe('Hello, Dana');
    expect((await inject('POST', '/Mapping/greet', 'name\nDana', 'text/csv')).json()).toBe('Hello, Dana');
    await inject('PUT', '/Mapping/statics', '[$codes.M, $loinc, $ucum]', 'application/vnd.vendor.mapx');
    expect((await inject('POST', '/Mapping/statics', '{}')).json()).toEqual([
      'male',
      'http://loinc.example',
      'http://unitsofmeasure.org',
    ]);
  });

  it('answers 415 for an unsupported Content-Type and 404 (verbose: synthetic report) for a missing mapping', async () => {
    const res = await inject('POST', '/Mapping/greet', 'x', 'text/plain');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      message: expect.stringMatching(/^Unsupported Content-Type: 'text\/plain'; accepted media types: /),
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    const accepted = (res.json() as { message: string }).message
      .split('accepted media types: ')[1]!
      .split(', ');
    expect(accepted).toEqual(expect.arrayContaining(['application/json', 'text/csv', 'application/hl7-v2']));
    expect(accepted).toEqual(expect.arrayContaining(['application/hl7-v2+er7', 'x-application/hl7-v2+er7']));
    const missing = await inject('POST', '/Mapping/nope?verbose=true', '{}');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      ok: false,
      status: 404,
      diagnostics: { error: [{ code: 'MAPPING_NOT_FOUND' }], warning: [], debug: [] },
    });
  });

  it('answers broken HL7, malformed JSON and malformed CSV precisely', async () => {
    const hl7 = await inject('POST', '/Mapping/greet', 'this is not HL7', 'x-application/hl7-v2+er7');
    expect(hl7.statusCode).toBe(422);
    expect(hl7.json()).toMatchObject({ __isMapxError: true, code: 'HL7_NO_MSH' });
    const json = await inject('POST', '/Mapping/greet', '{"name": "Dana",', 'application/json');
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ code: 'JSON_SYNTAX_ERROR', line: 1, position: 16 });
    const csv = await inject('POST', '/Mapping/greet', 'name\n"Dana\nx', 'text/csv');
    expect(csv.statusCode).toBe(422);
    expect(csv.json()).toMatchObject({ code: 'CSV_UNTERMINATED_QUOTE', line: 2 });
  });

  it('PUT names a character set it cannot decode, and where the request declared it (415)', async () => {
    const res = await inject('PUT', '/Mapping/klingonText', '1 + 1', 'text/plain; charset=klingon');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      message: 'The character set "klingon" (content-type) of the mapping text is not supported',
    });
  });

  it('binds $mapxHttpInvocation on sub-routes, with credentials redacted', async () => {
    await inject('PUT', '/Mapping/echo', '$mapxHttpInvocation', 'text/plain');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/Mapping/echo/a//b/123/?x=1&y=two&y=3',
      payload: '{}',
      headers: {
        'content-type': 'application/json',
        authorization: 'Bearer secret',
        'x-api-key': 'k',
        'x-trace': 't',
      },
    });
    expect(res.statusCode).toBe(200);
    const inv = res.json();
    expect(inv).toMatchObject({
      mappingId: 'echo',
      method: 'PUT',
      subroute: ['a', 'b', '123'],
      subpath: 'a/b/123',
      query: { x: '1', y: ['two', '3'] },
    });
    expect(inv.headers).toMatchObject({
      authorization: '[REDACTED]',
      'x-api-key': '[REDACTED]',
      'x-trace': 't',
    });
    const base = (await inject('POST', '/Mapping/echo', '{}')).json();
    expect(base).toMatchObject({ subroute: [], subpath: '' });
  });

  it('PUT creates (201) then updates (200), atomically on disk; DELETE removes; bad ids get 400', async () => {
    const created = await inject('PUT', '/Mapping/newOne', '1 + 1', 'application/vnd.vendor.mapx');
    expect(created.statusCode).toBe(201);
    expect(created.body).toBe('1 + 1');
    const updated = await inject('PUT', '/Mapping/newOne', '2 + 2', 'text/plain');
    expect(updated.statusCode).toBe(200);
    expect(readFileSync(join(folder, 'newOne.mapx'), 'utf8')).toBe('2 + 2');
    expect((await inject('POST', '/Mapping/newOne', '')).json()).toBe(4);
    expect((await inject('PUT', '/Mapping/bad-id', '1', 'text/plain')).json()).toEqual({
      message: "Invalid mapping id 'bad-id': it must match ^[A-Za-z][A-Za-z0-9]{0,63}$",
    });
    expect((await inject('PUT', '/Mapping/emptyOne', '  ', 'text/plain')).statusCode).toBe(400);
    const del = await inject('DELETE', '/Mapping/newOne');
    expect(del.statusCode).toBe(200);
    expect(Object.keys(del.json())).toEqual(['message']);
    expect((await inject('DELETE', '/Mapping/newOne')).statusCode).toBe(404);
  });

  it('recache reloads from the folder and reports the keys; the deprecated route warns', async () => {
    writeFileSync(join(folder, 'later.mapx'), '42');
    const res = await inject('POST', '/$recache');
    expect(res.json()).toEqual({
      message: 'The following Mappings were loaded to cache',
      mappings: expect.arrayContaining(['greet', 'later']),
    });
    const old = await inject('POST', '/recache');
    expect(old.headers.warning).toBe('299 - "POST /recache is deprecated; use POST /$recache"');
    expect(old.json().deprecated).toBe(true);
    const get = await inject('GET', '/recache');
    expect(get.statusCode).toBe(405);
    expect(get.json().code).toBe('METHOD_NOT_ALLOWED');
  });

  it('binds the reloaded static values after a recache', async () => {
    const evaluate = async () => (await inject('POST', '/', JSON.stringify({ mapx: '$codes.M' }))).json();
    expect(await evaluate()).toBe('male');
    writeFileSync(join(folder, 'codes.json'), '{"M":"masculine"}');
    await inject('POST', '/$recache');
    expect(await evaluate()).toBe('masculine');
  });
});

describe('without a mapping source', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['GET', '/Mapping'],
    ['GET', '/Mapping/x'],
    ['PUT', '/Mapping/x'],
    ['DELETE', '/Mapping/x'],
    ['POST', '/Mapping/x'],
    ['POST', '/Mapping/x/a/b'],
    ['POST', '/$recache'],
    ['POST', '/recache'],
  ] as const)('%s %s answers 405', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(405);
    expect(res.json()).toEqual(NO_SOURCE);
  });

  it('POST / still works and GET /recache still gives guidance', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/', payload: { mapx: '$loinc' } })).json()).toBe(
      'http://loinc.org',
    );
    expect((await t.app.inject({ method: 'GET', url: '/recache' })).statusCode).toBe(405);
  });
});

describe('read-only configuration', () => {
  it('MAPPINGS_WRITE_ENABLED=false gives 409 on writes', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mapx-ro-'));
    const t = await createTestApp({ MAPPINGS_FOLDER: folder, MAPPINGS_WRITE_ENABLED: 'false' });
    try {
      const put = await t.app.inject({
        method: 'PUT',
        url: '/Mapping/a',
        payload: '1',
        headers: { 'content-type': 'text/plain' },
      });
      expect(put.statusCode).toBe(409);
      expect(Object.keys(put.json())).toEqual(['message']);
      expect((await t.app.inject({ method: 'DELETE', url: '/Mapping/a' })).statusCode).toBe(409);
    } finally {
      await t.close();
    }
  });
});

describe('mapping routes during warm-up', () => {
  it('wait for the first load of the sources instead of answering 404', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mapx-warm-'));
    writeFileSync(join(folder, 'early.mapx'), '"ready"');
    const t = await createTestApp({ MAPPINGS_FOLDER: folder, MAPX_WARMUP: 'false' });
    try {
      expect(t.app.mapx.warmup.state().warming_up_started_at).toBeUndefined();
      const res = await t.app.inject({ method: 'GET', url: '/Mapping/early' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('"ready"');
      expect((await t.app.inject({ method: 'GET', url: '/Mapping' })).json()).toEqual(['early']);
    } finally {
      await t.close();
    }
  });
});
