/**
 * The standard mappings where messages arrive: an MLLP route `default: v2ToFhir` delivering to a real FHIR
 * server (the same messages twice, and two messages about one patient, leave one Patient there), and
 * `mapx run --mapping v2ToFhir` over a batch file. No mappings folder: the built-in source alone.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFhirTestServer, type FhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { createTestApp, TEST_FHIR_CACHE, type TestApp } from '../helpers/test-app.js';
import { field, frame, RawMllpClient } from '../helpers/mllp-client.js';
import { buildService, ROOT } from '../helpers/start-built-server.js';
import { startListeners } from '../../src/listeners/start-listeners.js';
import { testBatch, testMessage } from '../fixtures/standard-messages.js';

describe('MLLP route default: v2ToFhir, delivered to a FHIR server', () => {
  let fhir: FhirTestServer;
  let t: TestApp;
  beforeAll(async () => {
    fhir = await startFhirTestServer();
    const dir = mkdtempSync(join(tmpdir(), 'mapx-standard-mllp-'));
    writeFileSync(join(dir, 'routes.yaml'), 'default: v2ToFhir\n');
    t = await createTestApp({
      MAPX_STANDARD_MAPPINGS: 'on',
      MLLP_PORT: '0',
      MLLP_HOST: '127.0.0.1',
      MLLP_ROUTES: join(dir, 'routes.yaml'),
      MLLP_DEAD_LETTER_DIR: join(dir, 'dead'),
      MLLP_FHIR_BASE: fhir.baseUrl,
    });
    await startListeners(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await fhir?.close();
  });

  it('acknowledges AA and leaves one Patient for the same message twice and a second message about them', async () => {
    const port = t.app.mapx.plugins.listeners[0]!.listener.state().port as number;
    const raw = await RawMllpClient.open(port);
    const a01 = testMessage('ADT', 'A01', '2.5.1', 'M1').text;
    const a08 = testMessage('ADT', 'A08', '2.5.1', 'M3').text;
    const oru = testMessage('ORU', 'R01', '2.3', 'M4').text;
    raw.write(Buffer.concat([frame(a01), frame(a01.replace('|M1|', '|M2|')), frame(a08), frame(oru)]));
    const acks = await raw.waitForAcks(4);
    raw.close();
    expect(acks.map((a) => `${field(a, 'MSA', 1)} ${field(a, 'MSA', 2)}`)).toEqual([
      'AA M1',
      'AA M2',
      'AA M3',
      'AA M4',
    ]);
    const patients = await fhir.repo.searchResources({ resourceType: 'Patient', count: 100 });
    expect(patients).toHaveLength(1);
    expect(JSON.stringify(patients[0]!.identifier)).toContain('"12345"');
    const encounters = await fhir.repo.searchResources({ resourceType: 'Encounter', count: 100 });
    expect(encounters).toHaveLength(1);
    const reports = await fhir.repo.searchResources({ resourceType: 'DiagnosticReport', count: 100 });
    expect(reports).toHaveLength(1);
  });
});

describe('mapx run --mapping v2ToFhir', () => {
  beforeAll(() => buildService(), 180_000);

  it('converts every message of a batch file to transaction Bundles, resources counted by type', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapx-standard-run-'));
    const input = join(dir, 'feed.hl7');
    writeFileSync(
      input,
      testBatch([testMessage('ADT', 'A01', '2.5.1', 'R1'), testMessage('VXU', 'V04', '2.5.1', 'R2')]),
    );
    const out = join(dir, 'out');
    const cli = resolve(ROOT, 'apps/service/dist/cli/mapx-cli.js');
    const r = spawnSync(
      process.execPath,
      [cli, 'run', '--progress', 'json', '--mapping', 'v2ToFhir', '--input', input, '--output', out],
      {
        cwd: dir,
        env: { ...process.env, FHIR_PACKAGE_CACHE_DIR: TEST_FHIR_CACHE, MAPX_STANDARD_MAPPINGS: 'on' },
        encoding: 'utf8',
      },
    );
    expect(r.status, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout.trim().split('\n').pop()!) as {
      inputs: number;
      converted: number;
      resources: Record<string, number>;
    };
    expect(summary).toMatchObject({ inputs: 2, converted: 2 });
    expect(summary.resources.Patient).toBeGreaterThanOrEqual(2);
    expect(summary.resources.Immunization).toBe(1);
    const files = readdirSync(out);
    expect(files).toContain('Patient.ndjson');
    expect(files).toContain('Immunization.ndjson');
    const immunization = JSON.parse(readFileSync(join(out, 'Immunization.ndjson'), 'utf8').split('\n')[0]!);
    expect(immunization.vaccineCode.coding).toContainEqual(expect.objectContaining({ code: '08' }));
  });
});
