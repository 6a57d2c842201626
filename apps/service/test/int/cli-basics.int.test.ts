import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildService, ROOT } from '../helpers/start-built-server.js';
import { TEST_FHIR_CACHE } from '../helpers/test-app.js';

/** The bin a user runs (`npx mapx`), in a folder of the user's, with MAPPINGS_FOLDER unset. */
const BIN = resolve(ROOT, 'apps/service/bin/mapx.js');
const VERSION = (
  JSON.parse(readFileSync(join(ROOT, 'apps/service/package.json'), 'utf8')) as { version: string }
).version;

function mapx(cwd: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, FHIR_PACKAGE_CACHE_DIR: TEST_FHIR_CACHE };
  delete env.MAPPINGS_FOLDER;
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, env, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A user's folder after `npm start`'s first run: ./mappings seeded from the committed example. */
function seededFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mapx-cli-basics-'));
  cpSync(join(ROOT, 'examples/mappings'), join(dir, 'mappings'), { recursive: true });
  return dir;
}

describe('mapx as a command line', () => {
  beforeAll(() => buildService(), 180_000);

  it('mapx, mapx --help and mapx -h print an overview of every command, exit 0', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapx-cli-help-'));
    for (const args of [[], ['--help'], ['-h'], ['help']]) {
      const r = mapx(dir, ...args);
      expect(r.code).toBe(0);
      for (const command of ['eval', 'run', 'test', 'serve', 'plugin'])
        expect(r.out).toMatch(new RegExp(`^  ${command} `, 'm'));
    }
  });

  it('--help and -h on every command print that command usage, exit 0', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapx-cli-help-'));
    const usage: Record<string, string> = {
      eval: 'Usage: mapx eval ',
      run: 'Usage: mapx run ',
      test: 'Usage: mapx test ',
      serve: 'Usage: mapx serve',
      plugin: 'Usage: mapx plugin new ',
    };
    for (const [command, first] of Object.entries(usage))
      for (const flag of ['--help', '-h']) {
        const r = mapx(dir, command, flag);
        expect([command, flag, r.code, r.out.startsWith(first)]).toEqual([command, flag, 0, true]);
      }
  });

  it('--version and -V print the package version', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapx-cli-version-'));
    expect(mapx(dir, '--version')).toMatchObject({ code: 0, out: `${VERSION}\n` });
    expect(mapx(dir, '-V')).toMatchObject({ code: 0, out: `${VERSION}\n` });
  });

  it("the README's CI form creates the report's folder: mapx test mappings --junit reports/mapx.xml", () => {
    const dir = seededFolder();
    const r = mapx(dir, 'test', 'mappings', '--junit', 'reports/nested/mapx.xml');
    expect(r.code).toBe(0);
    expect(r.out).toContain('1 passed, 0 failed');
    expect(readFileSync(join(dir, 'reports/nested/mapx.xml'), 'utf8')).toContain('<testsuite');
  });

  it('every command finds the seeded ./mappings as npm start does: mapx run --mapping csvPatient', () => {
    const dir = seededFolder();
    const r = mapx(
      dir,
      'run',
      '--mapping',
      'csvPatient',
      '--input',
      'mappings/csvPatient.tests/danaLevi.csv',
      '--output',
      'out/deep/',
      '--progress',
      'off',
    );
    expect(r.code).toBe(0);
    const patients = readFileSync(join(dir, 'out/deep/Patient.ndjson'), 'utf8').trim().split('\n');
    expect(patients).toHaveLength(1);
    expect(JSON.parse(patients[0]!)).toMatchObject({ resourceType: 'Patient', gender: 'female' });
    // and `mapx test` with no folder argument reads the same ./mappings
    expect(mapx(dir, 'test')).toMatchObject({ code: 0 });
  });

  it('without ./mappings and MAPPINGS_FOLDER, a saved mapping id is not found (nothing is created)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapx-cli-empty-'));
    const r = mapx(dir, 'run', '--mapping', 'csvPatient', '--input', 'x.csv', '--output', 'out.ndjson');
    expect(r.code).toBe(1);
    expect(r.err).toContain('no mapping with that id');
    expect(existsSync(join(dir, 'mappings'))).toBe(false);
  });
});
