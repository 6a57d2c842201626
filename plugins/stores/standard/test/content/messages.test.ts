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

  test("a time without an offset is in MSH-7's time zone; without one only the date is kept, with a warning, unless $v2TimeZone is bound", async () => {
    const effective = async (text: string, type: string, bindings: Record<string, unknown> = {}) => {
      const report = await convert(text, 'v2ToFhir', bindings);
      const bundle = report.result as { entry: Entry[] };
      const r = bundle.entry.find((e) => e.resource.resourceType === type)!.resource as unknown as {
        effectiveDateTime?: string;
        period?: { start: string };
      };
      return {
        value: r.effectiveDateTime ?? r.period?.start,
        warnings: report.diagnostics.warning.map((w) => w.message).join('\n'),
      };
    };
    // MSH-7 20230405204512+0300: PV1-44 20230405203000 is at +03:00
    expect((await effective(bench('adt-a01.hl7'), 'Encounter')).value).toBe('2023-04-05T20:30:00+03:00');
    // MSH-7 202304061015, no offset: OBR-7 keeps its date, and a warning names the field
    const plain = await effective(normalizerFixture('oru-r01.hl7'), 'DiagnosticReport');
    expect(plain.value).toBe('2023-04-06');
    expect(plain.warnings).toContain('OBR-7');
    const zoned = await effective(normalizerFixture('oru-r01.hl7'), 'DiagnosticReport', {
      v2TimeZone: '+02:00',
    });
    expect(zoned.value).toBe('2023-04-06T08:30:00+02:00');
  });

  test('a message type without a map is an error naming the type, not an empty Bundle', async () => {
    const report = await convert(read('qbp-q22.hl7'));
    expect(report.ok).toBe(false);
    expect(JSON.stringify(report.diagnostics.error)).toContain('QBP^Q22');
  });
});
