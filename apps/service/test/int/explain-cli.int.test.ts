import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildService, ROOT } from '../helpers/start-built-server.js';
import { TEST_FHIR_CACHE } from '../helpers/test-app.js';

const CLI = resolve(ROOT, 'apps/service/dist/cli/mapx-cli.js');

describe('mapx eval --explain', () => {
  let dir: string;
  beforeAll(() => {
    buildService();
    dir = mkdtempSync(join(tmpdir(), 'mapx-explain-cli-'));
    writeFileSync(
      join(dir, 'patient.mapx'),
      'InstanceOf: Patient\n* ($).name\n  * family = last\n* gender = sex',
    );
    writeFileSync(join(dir, 'people.csv'), 'first,last,gender\nDana,Levi,female\nNoa,Cohen,female\n');
  }, 180_000);

  it('prints the verbose report with its explain section: rules, inputs, empty rules, CSV rows', () => {
    const r = spawnSync(
      process.execPath,
      [CLI, 'eval', join(dir, 'patient.mapx'), '-i', join(dir, 'people.csv'), '--explain'],
      { cwd: ROOT, env: { ...process.env, FHIR_PACKAGE_CACHE_DIR: TEST_FHIR_CACHE }, encoding: 'utf8' },
    );
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.result.name).toEqual([{ family: 'Levi' }, { family: 'Cohen' }]);
    expect(report.explain.elements).toContainEqual(
      expect.objectContaining({ path: 'name[1].family', inputs: ['$[1].last'], lines: [3] }),
    );
    // the CSV has no `sex` column: the gender rule looked for it in both rows and found nothing
    expect(report.explain.empty).toEqual([
      expect.objectContaining({ line: 4, path: 'gender', missed: ['$[0].sex', '$[1].sex'] }),
    ]);
    expect(report.explain.inputLines).toEqual({ read: [2, 3], unread: [] });
  });
});
