import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, warmedUp, type TestApp } from '../helpers/test-app.js';

describe('POST /Mapping/{id} with an NDJSON body', () => {
  let t: TestApp;
  beforeAll(async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mapx-ndjson-'));
    writeFileSync(
      join(folder, 'obs.mapx'),
      "{ 'resourceType': 'Observation', 'id': 'o' & $string(n), 'v': 10 / n }",
    );
    writeFileSync(
      join(folder, 'whoami.mapx'),
      "{ 'n': n, 'path': $mapxHttpInvocation.subpath, 'id': $mapxHttpInvocation.mappingId }",
    );
    writeFileSync(
      join(folder, 'strict.mapx'),
      "keep = 'none' ? $nothing : $boolean(keep) ? { 'n': n } : $error('dropped')",
    );
    t = await createTestApp({
      MAPPINGS_FOLDER: folder,
      MAPPINGS_FILE_POLLING_INTERVAL_MS: '0',
      MAPX_REQUEST_BODY_LIMIT: '4096',
    });
    await warmedUp(t.app);
  }, 120_000);
  afterAll(() => t.close());

  const post = (id: string, body: string, type = 'application/x-ndjson') =>
    t.app.inject({ method: 'POST', url: `/Mapping/${id}`, payload: body, headers: { 'content-type': type } });

  it('maps each line on its own and answers one line per input line, in order, with an error object for a bad line', async () => {
    const lines = Array.from({ length: 200 }, (_, i) => JSON.stringify({ n: i + 1 }));
    lines.splice(100, 0, '{"n": 7,'); // malformed JSON: input line 101
    const res = await post('obs', `${lines.join('\n')}\n\n`, 'application/fhir+ndjson');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/fhir\+ndjson/);
    const out = res.body
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { id?: string; error?: { line: number; status: number; code: string } });
    expect(out).toHaveLength(201);
    expect(out[100]?.error).toMatchObject({ line: 101, status: 400, code: 'JSON_SYNTAX_ERROR' });
    const ids = out.filter((o) => !o.error).map((o) => o.id);
    expect(ids).toEqual(Array.from({ length: 200 }, (_, i) => `o${i + 1}`));
  });

  it('reports a failing evaluation of one line with its code, and null for an undefined result', async () => {
    const res = await post('strict', '{"keep":true,"n":1}\n{"keep":false,"n":2}\n{"keep":"none"}\n');
    const out = res.body
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as unknown);
    expect(out[0]).toEqual({ n: 1 });
    expect(out[1]).toMatchObject({ error: { line: 2, code: 'D3137', message: 'dropped' } });
    expect(out).toEqual([{ n: 1 }, expect.anything(), null]);
  });

  it('an unknown mapping gets the single-input 404', async () => {
    const res = await post('nope', '{"n":1}\n');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'MAPPING_NOT_FOUND' });
  });

  const lines = (body: string) =>
    body
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  it('gives every line $mapxHttpInvocation, as a single input gets it', async () => {
    const res = await post('whoami/a/b', '{"n":1}\n{"n":2}\n');
    expect(lines(res.body)).toEqual([
      { n: 1, path: 'a/b', id: 'whoami' },
      { n: 2, path: 'a/b', id: 'whoami' },
    ]);
  });

  it('with verbose, answers each line with its verbose report, failures included', async () => {
    const big = JSON.stringify({ keep: true, pad: 'x'.repeat(5000) });
    const body = ['{"keep":true,"n":1}', '{"keep":false}', '{"keep":', big, '{"keep":"none"}'].join('\n');
    const res = await t.app.inject({
      method: 'POST',
      url: '/Mapping/strict?verbose=true',
      payload: body,
      headers: { 'content-type': 'application/x-ndjson' },
    });
    expect(res.statusCode).toBe(200);
    const out = lines(res.body);
    expect(out).toHaveLength(5);
    expect(out[0]).toMatchObject({
      ok: true,
      status: 200,
      result: { n: 1 },
      executionId: expect.any(String),
    });
    expect(out[1]).toMatchObject({ ok: false, status: 422, diagnostics: { error: [{ code: 'D3137' }] } });
    expect(out[2]).toMatchObject({
      ok: false,
      status: 400,
      diagnostics: { error: [{ code: 'JSON_SYNTAX_ERROR' }] },
    });
    expect(out[3]).toMatchObject({
      ok: false,
      status: 413,
      diagnostics: { error: [{ code: 'LINE_TOO_LARGE', line: 4 }] },
    });
    expect(out[4]).toMatchObject({ ok: true, status: 200 });
    expect(out[4]).not.toHaveProperty('result');
  });
});

describe('POST / with an NDJSON contentType', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAPX_REQUEST_BODY_LIMIT: '1048576' });
    await warmedUp(t.app);
  }, 120_000);
  afterAll(() => t.close());

  const evaluate = (body: unknown, query = '') =>
    t.app.inject({ method: 'POST', url: `/${query}`, payload: body as Record<string, unknown> });
  const lines = (body: string) =>
    body
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  it('maps each line of the input string on its own, in order, with an error object for a bad line', async () => {
    const input = ['{"n":1}', '', '{"n":', '{"n":3,"s":"\u00e9\ud83d\ude00"}', 'true'].join('\r\n');
    const res = await evaluate({
      mapx: "$type($) = 'object' ? { 'twice': n * 2, 's': s } : $",
      input,
      contentType: 'application/fhir+ndjson',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/fhir\+ndjson/);
    expect(lines(res.body)).toEqual([
      { twice: 2 },
      { error: { line: 3, status: 400, code: 'JSON_SYNTAX_ERROR', message: expect.any(String) } },
      { twice: 6, s: 'é😀' },
      true,
    ]);
  });

  it('keeps every line whole across the chunks the input string is read in', async () => {
    const input = Array.from({ length: 3000 }, (_, i) =>
      JSON.stringify({ n: i, s: '😀'.repeat(i % 7) }),
    ).join('\n');
    const res = await evaluate({ mapx: 'n', input, contentType: 'application/x-ndjson' });
    expect(lines(res.body)).toEqual(Array.from({ length: 3000 }, (_, i) => i));
  });

  it('refuses an input that is not a string with NDJSON_INPUT_NOT_TEXT (a report with verbose)', async () => {
    const res = await evaluate({ mapx: '$', input: [{ n: 1 }], contentType: 'application/x-ndjson' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'NDJSON_INPUT_NOT_TEXT',
      message: expect.stringContaining('application/x-ndjson'),
    });
    const verbose = await evaluate({ mapx: '$', contentType: 'application/x-ndjson' }, '?verbose=1');
    expect(verbose.statusCode).toBe(400);
    expect(verbose.json()).toMatchObject({
      ok: false,
      status: 400,
      diagnostics: { error: [{ code: 'NDJSON_INPUT_NOT_TEXT' }] },
    });
  });

  it('with verbose, answers each line with its verbose report', async () => {
    const res = await evaluate(
      { mapx: 'n', input: '{"n":1}\n{"m":2}\n', contentType: 'application/x-ndjson' },
      '?verbose=true',
    );
    const out = lines(res.body);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatchObject({ ok: true, status: 200, result: 1 });
    expect(out[1]).toMatchObject({ ok: true, status: 200 });
  });
});
