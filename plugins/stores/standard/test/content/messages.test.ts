/**
 * Every message type of the standard mappings, on messages written for these tests (no corpus needed): the entry
 * mapping v2ToFhir gives a transaction Bundle whose entries are PUT at Type/id, whose every resource is valid FHIR
 * R4 under the independent validator, and which holds the resources the message type is about. A type without a
 * map is refused with an error naming it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { validateFhir } from '../../../../../test-support/fhir-validator.js';
import { convert } from './harness.js';

const dir = fileURLToPath(new URL('./messages/', import.meta.url));
const read = (f: string) => readFileSync(join(dir, f), 'utf8');
const bench = (f: string) =>
  readFileSync(fileURLToPath(new URL(`../../../../../bench/fixtures/${f}`, import.meta.url)), 'utf8');
const normalizerFixture = (f: string) =>
  readFileSync(
    fileURLToPath(new URL(`../../../../normalizers/hl7v2/test/fixtures/${f}`, import.meta.url)),
    'utf8',
  );

interface PatientOut {
  id: string;
  active?: boolean;
  identifier: { value: string }[];
  link?: unknown;
}
interface DocOut {
  content: { attachment: { data: string } }[];
}
interface Entry {
  resource: { resourceType: string; id: string };
  request: { method: string; url: string };
}

async function bundleOf(er7: string) {
  const report = await convert(er7);
  expect(report.diagnostics.error).toEqual([]);
  const bundle = report.result as { resourceType: string; type: string; entry: Entry[] };
  expect(bundle.resourceType).toBe('Bundle');
  expect(bundle.type).toBe('transaction');
  for (const e of bundle.entry) {
    expect(e.request).toEqual({ method: 'PUT', url: `${e.resource.resourceType}/${e.resource.id}` });
    expect(
      validateFhir(e.resource).filter((i) => i.severity === 'error'),
      `${e.resource.resourceType}`,
    ).toEqual([]);
  }
  return { bundle, report, types: bundle.entry.map((e) => e.resource.resourceType) };
}

const cases: [string, () => string, string[]][] = [
  [
    'ADT^A01 (2.5.1)',
    () => bench('adt-a01.hl7'),
    [
      'MessageHeader',
      'Patient',
      'RelatedPerson',
      'Encounter',
      'Practitioner',
      'Location',
      'AllergyIntolerance',
      'Condition',
    ],
  ],
  ['ADT^A03 discharge', () => read('adt-a03.hl7'), ['Patient', 'Encounter', 'Condition', 'Procedure']],
  [
    'ADT^A31 (2.3, invalid birth date)',
    () => read('adt-a31-v23.hl7'),
    ['Patient', 'RelatedPerson', 'Coverage', 'Organization'],
  ],
  ['ADT^A40 merge', () => read('adt-a40.hl7'), ['Patient']],
  [
    'ORU^R01',
    () => normalizerFixture('oru-r01.hl7'),
    ['Patient', 'ServiceRequest', 'DiagnosticReport', 'Observation', 'Practitioner'],
  ],
  ['ORM^O01 (2.3.1)', () => read('orm-o01.hl7'), ['Patient', 'Encounter', 'ServiceRequest']],
  ['OML^O21', () => read('oml-o21.hl7'), ['Patient', 'ServiceRequest']],
  ['VXU^V04', () => read('vxu-v04.hl7'), ['Patient', 'Immunization', 'Organization', 'Observation']],
  ['SIU^S12', () => read('siu-s12.hl7'), ['Patient', 'Appointment', 'Practitioner', 'Location']],
  ['MDM^T02', () => read('mdm-t02.hl7'), ['Patient', 'Encounter', 'DocumentReference']],
  ['RDE^O11', () => read('rde-o11.hl7'), ['Patient', 'MedicationRequest']],
  ['DFT^P03', () => read('dft-p03.hl7'), ['Patient', 'Encounter', 'ChargeItem']],
];

describe('standard mappings on own test messages', () => {
  for (const [name, text, expected] of cases)
    test(`${name}: valid idempotent transaction Bundle with ${expected.join(', ')}`, async () => {
      const { types } = await bundleOf(text());
      for (const t of expected) expect(types).toContain(t);
    });

  test('the same patient in two messages of different types is the same resource id', async () => {
    const a = await bundleOf(bench('adt-a01.hl7'));
    const b = await bundleOf(read('adt-a40.hl7'));
    const c = await bundleOf(read('orm-o01.hl7'));
    const id = (x: typeof a) =>
      x.bundle.entry.find((e) => e.resource.resourceType === 'Patient')!.resource.id;
    expect(id(b)).toBe(id(c));
    expect(id(a)).not.toBe(id(c)); // a different assigning authority (an OID) makes a different identifier system
  });

  test('a merge (ADT^A40) writes the prior patient inactive, linked replaced-by the surviving one', async () => {
    const { bundle } = await bundleOf(read('adt-a40.hl7'));
    const patients = bundle.entry
      .filter((e) => e.resource.resourceType === 'Patient')
      .map((e) => e.resource as unknown as PatientOut);
    expect(patients).toHaveLength(2);
    const prior = patients.find((p) => p.active === false)!;
    const surviving = patients.find((p) => p.active === true)!;
    expect(prior.identifier[0].value).toBe('99999');
    expect(prior.link).toEqual([{ other: { reference: `Patient/${surviving.id}` }, type: 'replaced-by' }]);
    expect(surviving.link).toEqual([{ other: { reference: `Patient/${prior.id}` }, type: 'replaces' }]);
  });

  test('MDM: the OBX text is the document content, not an Observation', async () => {
    const { bundle, types } = await bundleOf(read('mdm-t02.hl7'));
    expect(types).not.toContain('Observation');
    const doc = bundle.entry.find((e) => e.resource.resourceType === 'DocumentReference')!
      .resource as unknown as DocOut;
    expect(Buffer.from(doc.content[0].attachment.data, 'base64').toString('utf8')).toBe('Patient is well.');
  });

  test('a date that is not a valid date is left out with a warning naming the field', async () => {
    const { bundle, report } = await bundleOf(read('adt-a31-v23.hl7'));
    const patient = bundle.entry.find((e) => e.resource.resourceType === 'Patient')!.resource as Record<
      string,
      unknown
    >;
    expect(patient.birthDate).toBeUndefined();
    expect(report.diagnostics.warning.map((w) => w.message).join('\n')).toContain('PID-7');
  });

  test('a time without an offset keeps only the date, with a warning; the binding $v2TimeZone keeps the time', async () => {
    const encounterStart = async (bindings: Record<string, unknown>) => {
      const report = await convert(bench('adt-a01.hl7'), 'v2ToFhir', bindings);
      const bundle = report.result as { entry: Entry[] };
      const enc = bundle.entry.find((e) => e.resource.resourceType === 'Encounter')!.resource as unknown as {
        period: { start: string };
      };
      return {
        start: enc.period.start,
        warnings: report.diagnostics.warning.map((w) => w.message).join('\n'),
      };
    };
    const plain = await encounterStart({});
    expect(plain.start).toBe('2023-04-05');
    expect(plain.warnings).toContain('PV1-44');
    const zoned = await encounterStart({ v2TimeZone: '+03:00' });
    expect(zoned.start).toBe('2023-04-05T20:30:00+03:00');
    expect(
      validateFhir({
        resourceType: 'Encounter',
        status: 'finished',
        class: { code: 'IMP' },
        period: { start: zoned.start },
      }).filter((i) => i.severity === 'error'),
    ).toEqual([]);
  });

  test('a message type without a map is an error naming the type, not an empty Bundle', async () => {
    const report = await convert(read('qbp-q22.hl7'));
    expect(report.ok).toBe(false);
    expect(JSON.stringify(report.diagnostics.error)).toContain('QBP^Q22');
  });
});
