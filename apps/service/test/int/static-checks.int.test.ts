import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService, ROOT } from '../helpers/start-built-server.js';
import { createTestApp, TEST_FHIR_CACHE, warmedUp, type TestApp } from '../helpers/test-app.js';

/** Flat sibling rules: the second flat rule makes a second `coding` entry (F5362). */
const ISSUE_EXAMPLE = [
  'InstanceOf: Observation',
  '* status = "final"',
  '* code.coding.code = OBX.ObservationIdentifier.Identifier',
  '* code.coding.system = "http://loinc.org"',
].join('\n');
const INPUT = { OBX: { ObservationIdentifier: { Identifier: '8867-4' } } };

describe('static checks wherever compile diagnostics surface', () => {
  let t: TestApp;
  beforeAll(async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mapx-static-'));
    t = await createTestApp({ MAPPINGS_FOLDER: folder, MAPPINGS_FILE_POLLING_INTERVAL_MS: '0' });
    await warmedUp(t.app);
  });
  afterAll(() => t.close());

  it('PUT /Mapping: compiles ok, x-mapx-diagnostics and a Warning header carry F5362 with its place', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/Mapping/flatRules',
      payload: ISSUE_EXAMPLE,
      headers: { 'content-type': 'application/vnd.vendor.mapx' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-mapx-compile']).toBe('ok');
    const [diag, ...rest] = JSON.parse(String(res.headers['x-mapx-diagnostics'])) as Record<
      string,
      unknown
    >[];
    expect(rest).toEqual([]);
    expect(diag).toMatchObject({
      code: 'F5362',
      level: 'warning',
      line: 4,
      start: ISSUE_EXAMPLE.indexOf('* code.coding.system'),
      position: ISSUE_EXAMPLE.indexOf(' = "http://loinc.org"'),
    });
    expect(String(res.headers.warning)).toMatch(/^199 mapx "F5362: The rules code\.coding\.code \(line 3\)/);
  });

  it('POST /: the result is unchanged, with the warning in the verbose report and on the Warning header', async () => {
    const plain = await t.app.inject({
      method: 'POST',
      url: '/',
      payload: { mapx: ISSUE_EXAMPLE, input: INPUT },
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().code.coding).toEqual([{ code: '8867-4' }, { system: 'http://loinc.org' }]);
    expect(String(plain.headers.warning)).toContain('F5362');
    const verbose = await t.app.inject({
      method: 'POST',
      url: '/?verbose=true',
      payload: { mapx: ISSUE_EXAMPLE, input: INPUT },
    });
    expect(verbose.json()).toMatchObject({
      status: 200,
      diagnostics: { warning: [{ code: 'F5362', line: 4, severity: 36, level: 'warning' }] },
    });
  });
});

describe('static checks in `mapx eval`', () => {
  beforeAll(() => buildService(), 180_000);

  it('prints the warning on stderr and still exits 0', () => {
    const cli = resolve(ROOT, 'apps/service/dist/cli/mapx-cli.js');
    const r = spawnSync(process.execPath, [cli, 'eval', '-e', '$unused := 1; 2'], {
      cwd: ROOT,
      env: { ...process.env, FHIR_PACKAGE_CACHE_DIR: TEST_FHIR_CACHE },
      encoding: 'utf8',
    });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toBe(2);
    expect(r.stderr).toMatch(/mapx: warning .*F5365.*\$unused/);
  });
});
