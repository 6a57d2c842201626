import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildService, ROOT } from '../helpers/start-built-server.js';
import { TEST_FHIR_CACHE } from '../helpers/test-app.js';

const CLI = resolve(ROOT, 'apps/service/dist/cli/mapx-cli.js');

function mapx(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, FHIR_PACKAGE_CACHE_DIR: TEST_FHIR_CACHE },
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('mapx eval (CLI)', () => {
  let dir: string;
  beforeAll(() => {
    buildService();
    dir = mkdtempSync(join(tmpdir(), 'mapx-cli-'));
    writeFileSync(
      join(dir, 'patient.mapx'),
      'InstanceOf: Patient\n* name\n  * given = first\n  * family = last\n* gender = sex',
    );
    writeFileSync(join(dir, 'people.csv'), 'first,last,sex\nDana,Levi,female\n');
  }, 180_000);

  it('evaluates -e against null and exits 0', () => {
    const r = mapx('eval', '-e', '1 + 1');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toBe(2);
  });

  it('runs a FLASH mapping file on a CSV input (content type from the extension)', () => {
    const r = mapx('eval', join(dir, 'patient.mapx'), '-i', join(dir, 'people.csv'));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({
      resourceType: 'Patient',
      name: [{ family: 'Levi', given: ['Dana'] }],
      gender: 'female',
    });
  });

  it('prints the error payload and exits 1 on failure; --verbose prints the report', () => {
    const bad = mapx('eval', '-e', "InstanceOf: Patient\n* gender = 'F'");
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.out)).toMatchObject({ __isMapxError: true, code: 'F5120' });
    const verbose = mapx('eval', '-e', '$warn("careful"); 5', '--verbose', '-b', '{"throwLevel": 40}');
    expect(verbose.code).toBe(1);
    expect(JSON.parse(verbose.out)).toMatchObject({
      ok: false,
      status: 206,
      result: 5,
      diagnostics: { warning: [{ code: 'F5320' }] },
    });
  });

  describe('HL7 v2 files as they arrive', () => {
    const adt = (version: string) =>
      `MSH|^~\\&|APP|FAC|||20230405||ADT^A01^ADT_A01|MSG-${version}|P|${version}\rPID|1||42||Doe^Jane||19801345`;

    it('reads a .hl7 file with a BOM, printing the input warnings on stderr', () => {
      const file = join(dir, 'bom.hl7');
      writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(adt('2.5.1'))]));
      const r = mapx(
        'eval',
        '-e',
        'PID.PatientName.FamilyName.Surname & "/" & MSH.MessageControlID',
        '-i',
        file,
      );
      expect(r.code).toBe(0);
      expect(JSON.parse(r.out)).toBe('Doe/MSG-2.5.1');
      expect(r.err).toContain('warning HL7_INVALID_DATE');
    });

    it('reads a batch file by its content; --verbose lists the input warnings in the report', () => {
      const file = join(dir, 'batch.txt');
      writeFileSync(file, `FHS|^~\\&|APP\rBHS|^~\\&|APP\r${adt('2.5.1')}\r${adt('2.9')}\rBTS|2\rFTS|1\r`);
      const r = mapx('eval', '-e', 'MSH.MessageControlID', '-i', file, '--verbose');
      expect(r.code).toBe(0);
      const report = JSON.parse(r.out);
      expect(report).toMatchObject({ ok: true, status: 200, result: ['MSG-2.5.1', 'MSG-2.9'] });
      expect(report.diagnostics.warning.map((w: { code: string }) => w.code)).toEqual([
        'HL7_INVALID_DATE',
        'HL7_VERSION_SUBSTITUTED',
        'HL7_INVALID_DATE',
      ]);
      expect(report.diagnostics.warning[1]).toMatchObject({ level: 'warning', line: 5 });
    });
  });

  it('explains usage errors', () => {
    const r = mapx('eval');
    expect(r.code).toBe(1);
    expect(r.err).toContain('give an expression with -e or a file with -f');
  });

  it("the README's `npx mapx eval -f … -i message.hl7` resolves to the workspace, offline, and decodes MSH-18", () => {
    writeFileSync(join(dir, 'family.mapx'), 'PID.PatientName.FamilyName.Surname');
    const msg = 'MSH|^~\\&|A|B|C|D|20240101||ADT^A01|1|P|2.5||||||8859/1\rPID|1||7||M\u00fcller^Anna\r';
    writeFileSync(join(dir, 'message.hl7'), Buffer.from(msg, 'latin1'));
    const r = spawnSync(
      'npx',
      ['--no-install', 'mapx', 'eval', '-f', join(dir, 'family.mapx'), '-i', join(dir, 'message.hl7')],
      {
        cwd: ROOT,
        env: { ...process.env, FHIR_PACKAGE_CACHE_DIR: TEST_FHIR_CACHE, npm_config_offline: 'true' },
        encoding: 'utf8',
      },
    );
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(JSON.parse(r.stdout)).toBe('M\u00fcller');
  });

  it('the bin is the launcher kept in git, not a build output', () => {
    const pkg = JSON.parse(readFileSync(resolve(ROOT, 'apps/service/package.json'), 'utf8')) as {
      bin: Record<string, string>;
    };
    expect(pkg.bin.mapx).toBe('./bin/mapx.js');
    expect(existsSync(resolve(ROOT, 'apps/service/bin/mapx.js'))).toBe(true);
  });
});
