/**
 * The standard mappings on messages written for this test (apps/service/test/fixtures/standard-messages.ts):
 * every message type and trigger event they convert, ADT^A01 and ORU^R01 in every HL7 v2 version 2.1–2.9, a
 * batch, and a type they do not convert. Each output is checked by checkTransactionBundles (transaction Bundle,
 * idempotent entries, references resolved, 0 errors under the independent FHIR validator).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, warmedUp, type TestApp } from '../helpers/test-app.js';
import { checkTransactionBundles } from '../helpers/transaction-bundle-check.js';
import {
  allTestMessages,
  testBatch,
  testMessage,
  V2_VERSIONS,
  type TestMessage,
} from '../fixtures/standard-messages.js';

type Obj = Record<string, unknown>;

/** The resource each of these segments becomes (HL7 V2-to-FHIR guide segment maps). */
const RESOURCE_OF_SEGMENT: Readonly<Record<string, string>> = {
  PID: 'Patient',
  PV1: 'Encounter',
  NK1: 'RelatedPerson',
  AL1: 'AllergyIntolerance',
  IAM: 'AllergyIntolerance',
  DG1: 'Condition',
  PR1: 'Procedure',
  IN1: 'Coverage',
  OBR: 'ServiceRequest',
  SPM: 'Specimen',
  TXA: 'DocumentReference',
  SCH: 'Appointment',
  RXA: 'Immunization',
  RXO: 'MedicationRequest',
  RXE: 'MedicationRequest',
  RXD: 'MedicationDispense',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAPX_STANDARD_MAPPINGS: 'on' });
  await warmedUp(t.app);
});
afterAll(() => t.close());

const convert = (text: string) =>
  t.app.inject({
    method: 'POST',
    url: '/Mapping/v2ToFhir',
    payload: text,
    headers: { 'content-type': 'x-application/hl7-v2+er7' },
  });

/** The Bundle(s) of a successful conversion (200, or 206 with warnings), with the failure text otherwise. */
async function converted(message: TestMessage | string): Promise<unknown> {
  const res = await convert(typeof message === 'string' ? message : message.text);
  expect([200, 206], res.body.slice(0, 2000)).toContain(res.statusCode);
  const body = res.json() as Obj;
  return res.statusCode === 206 ? body.result : body;
}

/** Resource types of the entries, from the resource or, for an entry without one (DELETE), the request url. */
function entryTypes(bundle: unknown): Set<string> {
  const entries = ((bundle as Obj).entry ?? []) as Obj[];
  return new Set(
    entries.map((e) =>
      String(
        (e.resource as Obj | undefined)?.resourceType ?? String((e.request as Obj).url).split(/[/?]/)[0],
      ),
    ),
  );
}

function patientOf(bundle: unknown): Obj | undefined {
  const entries = ((bundle as Obj).entry ?? []) as Obj[];
  return entries.find((e) => (e.resource as Obj | undefined)?.resourceType === 'Patient');
}

describe('standard mappings: every message type', () => {
  it.each(allTestMessages().map((m) => [`${m.code}^${m.trigger} (${m.structure})`, m] as const))(
    '%s converts to a valid transaction Bundle with the resources of its segments',
    async (_name, message) => {
      const output = await converted(message);
      const check = checkTransactionBundles(output, `${message.code}^${message.trigger}`);
      expect(check.problems).toEqual([]);
      expect(check.bundles).toBe(1);
      const types = entryTypes(output);
      const inMdm = message.code === 'MDM';
      const expected = new Set(
        message.segments
          .filter((seg) => RESOURCE_OF_SEGMENT[seg] !== undefined)
          .map((seg) => RESOURCE_OF_SEGMENT[seg]!),
      );
      // an OBX is an Observation, except the document body of an MDM message
      if (message.segments.includes('OBX') && !inMdm) expected.add('Observation');
      if (message.code === 'ORU' || message.code === 'OUL') expected.add('DiagnosticReport');
      expect([...expected].filter((type) => !types.has(type))).toEqual([]);
      if (message.segments.includes('PID')) {
        const patient = patientOf(output)?.resource as Obj | undefined;
        expect(JSON.stringify(patient?.identifier ?? [])).toContain('"12345"');
      }
    },
  );
});

describe('standard mappings: versions, batches, idempotence, unknown types', () => {
  it.each(V2_VERSIONS.flatMap((v) => [['ADT', 'A01', v] as const, ['ORU', 'R01', v] as const]))(
    '%s^%s in HL7 v%s converts to a valid Bundle',
    async (code, trigger, version) => {
      const output = await converted(testMessage(code, trigger, version));
      expect(checkTransactionBundles(output, `${code}^${trigger} v${version}`).problems).toEqual([]);
      expect(entryTypes(output).has('Patient')).toBe(true);
    },
  );

  it('a batch gives one transaction Bundle per message, in order', async () => {
    const messages = [testMessage('ADT', 'A01'), testMessage('ORU', 'R01'), testMessage('VXU', 'V04')];
    const output = await converted(testBatch(messages));
    expect(Array.isArray(output)).toBe(true);
    const check = checkTransactionBundles(output, 'batch');
    expect(check.problems).toEqual([]);
    expect(check.bundles).toBe(3);
    expect((output as unknown[]).map((b) => entryTypes(b).has('Immunization'))).toEqual([false, false, true]);
    expect(entryTypes((output as unknown[])[1]).has('DiagnosticReport')).toBe(true);
  });

  it('the same message twice gives the same Bundle, and two messages about one patient the same Patient entry', async () => {
    const a01 = testMessage('ADT', 'A01');
    const first = await converted(a01);
    expect(await converted(a01)).toEqual(first);
    const a08 = await converted(testMessage('ADT', 'A08'));
    const oru = await converted(testMessage('ORU', 'R01'));
    const request = (b: unknown) => (patientOf(b)?.request as Obj | undefined) ?? {};
    const key = (b: unknown) => ({ url: request(b).url, ifNoneExist: request(b).ifNoneExist });
    expect(key(a08)).toEqual(key(first));
    expect(key(oru)).toEqual(key(first));
    expect(key(first).url).toBeDefined();
  });

  it('a message type without a standard mapping is refused with an error naming it, not an empty Bundle', async () => {
    const res = await convert(
      'MSH|^~\\&|A|B|C|D|20240102||ZZZ^Z01^ZZZ_Z01|X1|P|2.5.1\rPID|1||12345^^^HOSP^MR',
    );
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('ZZZ^Z01');
  });
});
