import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, warmedUp, type TestApp } from '../helpers/test-app.js';

// The benchmark fixture (bench/http-bench.js), checked end to end so that it stays a valid mapping.
const FIXTURES = join(import.meta.dirname, '../../../../bench/fixtures');
const HL7 = readFileSync(join(FIXTURES, 'adt-a01.hl7'), 'utf8');
const MAPPING = readFileSync(join(FIXTURES, 'adt-to-bundle.mapx'), 'utf8');
const TYPES = ['Organization', 'Practitioner', 'Patient', 'Encounter', 'AllergyIntolerance', 'Condition'];

type Obj = Record<string, unknown>;
interface Entry {
  fullUrl: string;
  resource: Obj & { resourceType: string };
  request: { method: string; url: string };
}

describe('HL7 v2 ADT^A01 → transaction Bundle (benchmark fixture) through POST /Mapping/adt', () => {
  let t: TestApp;
  let entries: Entry[];
  let bundle: Obj;
  beforeAll(async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mapx-adt-'));
    writeFileSync(join(folder, 'adt.mapx'), MAPPING);
    t = await createTestApp({ MAPPINGS_FOLDER: folder, MAPPINGS_FILE_POLLING_INTERVAL_MS: '0' });
    await warmedUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/Mapping/adt?trace=1',
      payload: HL7,
      headers: { 'content-type': 'x-application/hl7-v2+er7' },
    });
    expect(res.statusCode, res.body).toBe(200);
    bundle = res.json();
    entries = bundle.entry as Entry[];
  });
  afterAll(() => t.close());

  it('builds a transaction Bundle of six POST entries with seeded urn:uuid fullUrls', () => {
    expect(bundle.resourceType).toBe('Bundle');
    expect(bundle.type).toBe('transaction');
    expect(entries.map((e) => e.resource.resourceType)).toEqual(TYPES);
    for (const e of entries) {
      expect(Object.keys(e)).toEqual(['fullUrl', 'resource', 'request']);
      expect(e.fullUrl).toMatch(
        /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect(e.request).toEqual({ method: 'POST', url: e.resource.resourceType });
    }
    expect(new Set(entries.map((e) => e.fullUrl)).size).toBe(6);
  });

  it('links the resources through $reference to the fullUrls of the referenced entries', () => {
    const [org, practitioner, patient, encounter, allergy, condition] = entries.map((e) => e.resource);
    const url = (i: number) => entries[i]!.fullUrl;
    expect(patient!.managingOrganization).toEqual({ reference: url(0) });
    expect(encounter!.subject).toEqual({ reference: url(2) });
    expect(encounter!.participant).toEqual([{ individual: { reference: url(1) } }]);
    expect(encounter!.serviceProvider).toEqual({ reference: url(0) });
    expect(allergy!.patient).toEqual({ reference: url(2) });
    expect(condition!.subject).toEqual({ reference: url(2) });
    expect(condition!.encounter).toEqual({ reference: url(3) });
    expect(org!.name).toBe('GOOD HEALTH HOSPITAL');
    expect(practitioner!.name).toEqual([{ family: 'Welby', given: ['Marcus'], prefix: ['Dr.'] }]);
  });

  it('maps the HL7 fields into FHIR values', () => {
    const [, , patient, encounter, allergy, condition] = entries.map((e) => e.resource);
    expect(patient!.identifier).toEqual([
      { system: 'urn:oid:1.2.3.4.5', value: '12345' },
      { system: 'urn:oid:2.16.840.1.113883.4.1', value: '987654321' },
    ]);
    expect(patient!.name).toEqual([
      { use: 'official', family: 'Doe', given: ['John', 'Quincy'] },
      { use: 'nickname', family: 'Doe', given: ['Johnny'] },
    ]);
    expect(patient!.gender).toBe('male');
    expect(patient!.birthDate).toBe('1980-01-02');
    expect(encounter!.class).toEqual({
      system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
      code: 'IMP',
    });
    expect(encounter!.period).toEqual({ start: '2023-04-05' });
    expect(allergy!.criticality).toBe('high');
    expect((allergy!.code as Obj).coding).toEqual([
      { system: 'http://www.nlm.nih.gov/research/umls/rxnorm', code: '70618', display: 'Penicillin' },
    ]);
    expect((condition!.code as Obj).coding).toEqual([
      { system: 'http://hl7.org/fhir/sid/icd-10', code: 'I10', display: 'Essential (primary) hypertension' },
    ]);
  });

  it('logs one compact completion line for the request, without its query string', () => {
    const lines = t.logs
      .flatMap((chunk) => chunk.trim().split('\n'))
      .map((line) => JSON.parse(line) as Obj)
      .filter((l) => l.msg === 'request completed' && l.path === '/Mapping/adt');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, method: 'POST', path: '/Mapping/adt', status: 200 });
    expect(typeof lines[0]!.reqId).toBe('string');
    expect(t.logs.join('')).not.toContain('incoming request');
  });
});
