import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, warmedUp, type TestApp } from '../helpers/test-app.js';

const HL7 = 'MSH|^~\\&|APP|FAC|||20230405||ADT^A01^ADT_A01|C1|P|2.5\rPID|1||42||Doe^Jane||19800102';

/** The value of one sample line of the exposition text, e.g. `name{a="b"}`; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let t: TestApp;

  beforeAll(async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mapx-metrics-'));
    writeFileSync(join(folder, 'pid.mapx'), 'MSH.MessageType.MessageCode');
    t = await createTestApp({ MAPPINGS_FOLDER: folder, MAPPINGS_FILE_POLLING_INTERVAL_MS: '0' });
    await warmedUp(t.app);
  }, 60_000);
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('counts requests, evaluations, errors and normalisations as they happen', async () => {
    const before = await scrape();
    const adHoc = (mapx: string) =>
      t.app.inject({ method: 'POST', url: '/', payload: { mapx, input: { a: 1 } } });
    expect((await adHoc('a + 1')).statusCode).toBe(200);
    expect((await adHoc('a + 1')).statusCode).toBe(200);
    expect((await adHoc('$undefinedFunction(')).statusCode).toBe(422);
    const exec = await t.app.inject({
      method: 'POST',
      url: '/Mapping/pid',
      headers: { 'content-type': 'x-application/hl7-v2+er7' },
      payload: HL7,
    });
    expect(exec.statusCode).toBe(200);
    const missing = await t.app.inject({ method: 'POST', url: '/Mapping/nope', payload: {} });
    expect(missing.statusCode).toBe(404);
    const after = await scrape();

    const delta = (series: string) => (sample(after, series) ?? 0) - (sample(before, series) ?? 0);
    expect(delta('mapx_evaluations_total{mapping="(ad-hoc)",outcome="ok"}')).toBe(2);
    expect(delta('mapx_evaluations_total{mapping="(ad-hoc)",outcome="error"}')).toBe(1);
    expect(delta('mapx_evaluations_total{mapping="pid",outcome="ok"}')).toBe(1);
    // an id that is not a saved mapping never becomes a label value
    expect(after).not.toContain('mapping="nope"');
    expect(delta('mapx_evaluations_total{mapping="(unknown)",outcome="error"}')).toBe(1);
    const errorLine = after
      .split('\n')
      .find((l) => l.startsWith('mapx_evaluation_errors_total{mapping="(ad-hoc)"'));
    expect(errorLine).toMatch(/code="[A-Z]\d{4}"/);
    expect(delta('mapx_http_request_duration_seconds_count{method="POST",route="/",status_code="200"}')).toBe(
      2,
    );
    expect(delta('mapx_normalize_duration_seconds_count{content_type="x-application/hl7-v2+er7"}')).toBe(1);
  });

  it('reports warm-up, drain, cache size, reloads and the process figures', async () => {
    const text = await scrape();
    expect(sample(text, 'mapx_warming_up')).toBe(0);
    expect(sample(text, 'mapx_warmup_failed')).toBe(0);
    expect(sample(text, 'mapx_draining')).toBe(0);
    expect(sample(text, 'mapx_mapping_cache_entries')).toBe(1);
    expect(sample(text, 'mapx_mapping_reloads_total{outcome="ok"}')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('nodejs_heap_size_used_bytes');
    const recache = await t.app.inject({ method: 'POST', url: '/$recache' });
    expect(recache.statusCode).toBe(200);
    expect(sample(await scrape(), 'mapx_mapping_reloads_total{outcome="ok"}')).toBe(
      (sample(text, 'mapx_mapping_reloads_total{outcome="ok"}') ?? 0) + 1,
    );
  });

  it('is absent with MAPX_METRICS=off', async () => {
    const off = await createTestApp({ MAPX_METRICS: 'off' });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
