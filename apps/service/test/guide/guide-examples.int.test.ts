/**
 * Runs every example of the language guide (docs/guide) and compares its result with the one the guide prints,
 * exactly: same JSON value, same key order. Each example becomes a saved mapping in a folder store with one test
 * case, run as `POST /MappingTests/{id}/{case}/$run` runs it: its input through the service's normalisers (HL7 v2,
 * CSV, XML, JSON), in test mode (fixed clock, seeded UUIDs), with the guide's saved mappings callable as `$name()`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFhirTestServer, type FhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { createTestApp, warmedUp, type TestApp } from '../helpers/test-app.js';
import { ROOT } from '../helpers/start-built-server.js';
import { readGuide, savedAs, type GuideExample, type InputLanguage } from './guide-examples.js';

const entries = readGuide(join(ROOT, 'docs/guide'), ROOT);
const examples = entries.filter((entry): entry is GuideExample => entry.kind === 'example');
const CASE = 'example';

const CONTENT_TYPE: Record<InputLanguage, string> = {
  json: 'application/json',
  csv: 'text/csv',
  hl7: 'x-application/hl7-v2+er7',
  xml: 'application/xml',
};

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** HL7 v2 segments end with CR; the guide writes one segment per line. */
const inputText = (input: NonNullable<GuideExample['input']>) =>
  input.language === 'hl7' ? input.text.replace(/\n/g, '\r') : input.text;

describe('the language guide: every example gives the output it shows', () => {
  let t: TestApp;
  let folder: string;
  let server: FhirTestServer;
  beforeAll(async () => {
    // the FHIR server of the examples ($resolve, $search, server ConceptMaps), holding the guide's resources
    server = await startFhirTestServer();
    type Stored = Parameters<typeof server.repo.updateResource>[0];
    for (const entry of entries)
      if (entry.kind === 'resource') await server.repo.updateResource(entry.resource as unknown as Stored);
    folder = mkdtempSync(join(tmpdir(), 'mapx-guide-'));
    for (const entry of entries) {
      if (entry.kind === 'resource') continue;
      writeFileSync(join(folder, `${savedAs(entry)}.mapx`), entry.mapx);
      if (entry.kind !== 'example') continue;
      mkdirSync(join(folder, `${savedAs(entry)}.tests`));
      const input = entry.input ?? { language: 'json', text: '' };
      writeFileSync(join(folder, `${savedAs(entry)}.tests`, `${CASE}.${input.language}`), inputText(input));
    }
    // evaluated in this process, without worker threads: the test needs no build
    t = await createTestApp({
      MAPPINGS_FOLDER: folder,
      MAPPINGS_FILE_POLLING_INTERVAL_MS: '0',
      FHIR_SERVER_BASE: server.baseUrl,
      MAPX_EVAL_ISOLATION: 'off',
    });
    await warmedUp(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('the guide has examples, each under its own name', () => {
    expect(examples.length).toBeGreaterThan(100);
  });

  for (const example of examples) {
    it(`${example.name} (${example.at})`, async () => {
      const run = await t.app.inject({
        method: 'POST',
        url: `/MappingTests/${savedAs(example)}/${CASE}/$run`,
      });
      expect(run.statusCode).toBe(200);
      const result = run.json<{ outcome: string; actual?: unknown; error?: Record<string, unknown> }>();
      if (example.error !== undefined) {
        expect(result.outcome, pretty(result)).toBe('error');
        const expected = JSON.parse(example.error) as Record<string, unknown>;
        expect(Object.keys(expected).sort()).toEqual(['code', 'message']);
        expect({ code: result.error?.code, message: result.error?.message }).toEqual(expected);
        return;
      }
      expect(result.outcome, pretty(result)).toBe('no-expectation');
      // the same value with the same key order: the guide shows what a client receives
      expect(pretty(result.actual)).toBe(pretty(JSON.parse(example.output!)));
      if (example.explain !== undefined) {
        // explain is asked of POST / (a JSON input there is the value itself, not text)
        const input = example.input;
        const body = {
          mapx: example.mapx,
          ...(input
            ? input.language === 'json'
              ? { input: JSON.parse(input.text) as unknown }
              : { input: inputText(input), contentType: CONTENT_TYPE[input.language] }
            : {}),
        };
        const explained = await t.app.inject({ method: 'POST', url: '/?explain=true', payload: body });
        expect(pretty(explained.json<{ explain: unknown }>().explain)).toBe(
          pretty(JSON.parse(example.explain)),
        );
      }
    });
  }
});
