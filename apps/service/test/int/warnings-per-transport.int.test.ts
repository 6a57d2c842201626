import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService, ROOT } from '../helpers/start-built-server.js';
import { createTestApp, TEST_FHIR_CACHE, warmedUp, type TestApp } from '../helpers/test-app.js';

const CLI = resolve(ROOT, 'apps/service/dist/cli/mapx-cli.js');
/** Thirteen columns named `a`: the CSV normaliser warns about each of the twelve repeats. */
const CSV = `${Array(13).fill('a').join(',')}\n${Array.from({ length: 13 }, (_, i) => i).join(',')}\n`;

describe('warnings of one evaluation, as each transport reports them', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    buildService();
    dir = mkdtempSync(join(tmpdir(), 'mapx-warnings-'));
    writeFileSync(join(dir, 'repeats.csv'), CSV);
    t = await createTestApp();
    await warmedUp(t.app);
  }, 180_000);
  afterAll(() => t.close());

  it('HTTP: at most ten Warning headers; the verbose report lists all twelve', async () => {
    const payload = { mapx: '$[0].a', input: CSV, contentType: 'text/csv' };
    const plain = await t.app.inject({ method: 'POST', url: '/', payload });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe('"12"');
    const headers = plain.headers.warning as string[];
    expect(headers).toHaveLength(10);
    expect(headers[0]).toBe(
      '199 mapx "CSV_DUPLICATE_HEADER: The header \\"a\\" appears in columns 1 and 2; each row keeps only the last cell"',
    );
    const verbose = await t.app.inject({ method: 'POST', url: '/?verbose=true', payload });
    const codes = (verbose.json() as { diagnostics: { warning: { code: string }[] } }).diagnostics.warning;
    expect(codes.map((w) => w.code)).toEqual(Array(12).fill('CSV_DUPLICATE_HEADER'));
  });

  it('mapx eval: every warning on stderr, the last naming columns 1 and 13', () => {
    const r = spawnSync(process.execPath, [CLI, 'eval', '-e', '$[0].a', '-i', join(dir, 'repeats.csv')], {
      cwd: ROOT,
      env: { ...process.env, FHIR_PACKAGE_CACHE_DIR: TEST_FHIR_CACHE },
      encoding: 'utf8',
    });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toBe('12');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(12);
    expect(lines[11]).toBe(
      'mapx: warning CSV_DUPLICATE_HEADER: The header "a" appears in columns 1 and 13; each row keeps only the last cell',
    );
  });
});
