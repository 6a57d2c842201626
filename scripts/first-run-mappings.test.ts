import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstRunMappings } from './first-run-mappings.mjs';

const ROOT = resolve(import.meta.dirname, '..');

describe('npm start: the first-run mappings folder', () => {
  it('MAPPINGS_FOLDER unset: ./mappings is created and seeded from examples/mappings', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'mapx-first-run-'));
    const env: Record<string, string | undefined> = {};
    expect(firstRunMappings(env, cwd)).toMatch(/created .*mappings with the example mapping csvPatient/);
    expect(env.MAPPINGS_FOLDER).toBe(join(cwd, 'mappings'));
    expect(readdirSync(join(cwd, 'mappings')).sort()).toEqual(['csvPatient.mapx', 'csvPatient.tests']);
    expect(readdirSync(join(cwd, 'mappings/csvPatient.tests')).sort()).toEqual([
      'danaLevi.csv',
      'danaLevi.expected.json',
    ]);
    expect(readFileSync(join(cwd, 'mappings/csvPatient.mapx'), 'utf8')).toBe(
      readFileSync(join(ROOT, 'examples/mappings/csvPatient.mapx'), 'utf8'),
    );
  });

  it('an existing ./mappings is used as it is, never re-seeded', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'mapx-first-run-'));
    mkdirSync(join(cwd, 'mappings'));
    writeFileSync(join(cwd, 'mappings/mine.mapx'), '1');
    const env: Record<string, string | undefined> = {};
    expect(firstRunMappings(env, cwd)).toMatch(/saved mappings in .*mappings/);
    expect(readdirSync(join(cwd, 'mappings'))).toEqual(['mine.mapx']);
  });

  it("MAPPINGS_FOLDER set, even empty or n/a, is the operator's choice", () => {
    const cwd = mkdtempSync(join(tmpdir(), 'mapx-first-run-'));
    for (const value of ['', 'n/a', '/srv/mappings']) {
      const env: Record<string, string | undefined> = { MAPPINGS_FOLDER: value };
      expect(firstRunMappings(env, cwd)).toBeUndefined();
      expect(env.MAPPINGS_FOLDER).toBe(value);
    }
    expect(readdirSync(cwd)).toEqual([]);
  });
});
