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
      join(folder, 'strict.mapx'),
      "keep = 'none' ? $nothing : $boolean(keep) ? { 'n': n } : $error('dropped')",
    );
    t = await createTestApp({ MAPPINGS_FOLDER: folder, MAPPINGS_FILE_POLLING_INTERVAL_MS: '0' });
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
});
