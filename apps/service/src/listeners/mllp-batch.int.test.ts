import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFhirTestServer, type FhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.js';
import { mllpWorkspace, startMllp } from '../../test/helpers/mllp-workspace.js';
import { field, frame, RawMllpClient } from '../../test/helpers/mllp-client.js';

const ROUTES = `
routes:
  - message: ADT^A01
    mapping: patientEnvelope
  - message: ORU^R01
    mapping: failing
`;
/** One Patient per message, PUT by MSH-10, carrying the batch and file control ids of its envelope. */
const PATIENT_ENVELOPE = `{
  "resourceType": "Patient",
  "id": MSH.MessageControlID,
  "identifier": [
    { "system": "urn:batch", "value": BHS.BatchControlID },
    { "system": "urn:file", "value": FHS.FileControlID }
  ],
  "name": [{ "family": PID.PatientName[0].FamilyName.Surname }]
}`;

const msh = (type: string, id: string, version = '2.5.1') =>
  `MSH|^~\\&|LAB|MAIN|MAPX|HOSP|20250302101500||${type}|${id}|P|${version}`;
const BATCH = [
  'FHS|^~\\&|LAB|MAIN|MAPX|HOSP|20250302101500||||F17',
  'BHS|^~\\&|LAB|MAIN|MAPX|HOSP|20250302101500||||B42',
  msh('ADT^A01^ADT_A01', 'BM1'),
  'PID|1||100^^^HOSP^MR||Alpha^Ann',
  msh('ORU^R01^ORU_R01', 'BM2'),
  'PID|1||200^^^HOSP^MR||Beta^Bob',
  msh('SIU^S12^SIU_S12', 'BM3'),
  msh('ADT^A01^ADT_A01', 'BM4'),
  'PID|1||400^^^HOSP^MR||Delta^Dan',
  'BTS|4',
  'FTS|1',
  '',
].join('\r');

/** Field n of a batch header (FHS/BHS): like MSH, field 1 is the separator itself. */
function headerField(message: string, name: 'FHS' | 'BHS', n: number): string {
  const segment = message.split('\r').find((s) => s.startsWith(`${name}|`)) ?? '';
  return segment.split('|')[n - 1] ?? '';
}

describe('MLLP listener, batches (FHS/BHS … BTS/FTS)', () => {
  let fhir: FhirTestServer;
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    fhir = await startFhirTestServer();
    const w = mllpWorkspace(
      'mllp-batch',
      { patientEnvelope: PATIENT_ENVELOPE, failing: '$notAFunction(PID)' },
      ROUTES,
      { MLLP_FHIR_BASE: fhir.baseUrl },
    );
    t = await createTestApp(w.env);
    port = await startMllp(t);
  });
  afterAll(async () => {
    await t?.close();
    await fhir?.close();
  });

  it('maps and delivers each message, then answers one batch of ACKs in order, referring to the batch', async () => {
    const client = await RawMllpClient.open(port);
    client.write(frame(BATCH));
    const [answer] = await client.waitForAcks(1);
    client.close();
    const segments = answer!.split('\r').filter(Boolean);
    expect(segments.map((s) => s.slice(0, 3))).toEqual([
      'FHS',
      'BHS',
      ...['MSH', 'MSA'],
      ...['MSH', 'MSA', 'ERR'],
      ...['MSH', 'MSA', 'ERR'],
      ...['MSH', 'MSA'],
      'BTS',
      'FTS',
    ]);
    // sender and receiver swapped, reference control ids (FHS-12, BHS-12) name what is answered
    expect(headerField(answer!, 'FHS', 3)).toBe('MAPX');
    expect(headerField(answer!, 'FHS', 5)).toBe('LAB');
    expect(headerField(answer!, 'FHS', 11)).not.toBe('');
    expect(headerField(answer!, 'FHS', 12)).toBe('F17');
    expect(headerField(answer!, 'BHS', 12)).toBe('B42');
    expect(field(answer!, 'BTS', 1)).toBe('4');
    expect(field(answer!, 'FTS', 1)).toBe('1');
    const msa = segments.filter((s) => s.startsWith('MSA|')).map((s) => s.split('|').slice(1, 3).join(' '));
    expect(msa).toEqual(['AA BM1', 'AE BM2', 'AR BM3', 'AA BM4']);
    const errors = segments.filter((s) => s.startsWith('ERR|')).map((s) => s.split('|')[5]!.split('^')[0]);
    expect(errors).toEqual(['T1006', 'MLLP_NO_ROUTE']);
    // the envelope reached the mapping of each message
    const patient = await fhir.repo.readResource('Patient', 'BM4');
    expect(patient.name?.[0]?.family).toBe('Delta');
    expect(patient.identifier?.map((i) => i.value)).toEqual(['B42', 'F17']);
    expect((await fhir.repo.readResource('Patient', 'BM1')).identifier?.[0]?.value).toBe('B42');
  });

  it('gives a mapping the same envelope fields for a batch posted over HTTP', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/',
      payload: {
        mapx: '$.[BHS.BatchControlID, FHS.FileControlID, MSH.MessageControlID]',
        input: BATCH,
        contentType: 'application/hl7-v2',
      },
    });
    expect(res.json()).toEqual([
      ['B42', 'F17', 'BM1'],
      ['B42', 'F17', 'BM2'],
      ['B42', 'F17', 'BM3'],
      ['B42', 'F17', 'BM4'],
    ]);
  });

  it('answers an empty batch with an empty batch (BTS-1 0), and a batch without FHS without FHS/FTS', async () => {
    const client = await RawMllpClient.open(port);
    client.write(frame('BHS|^~\\&|LAB|MAIN|||||||B0\rBTS|0\r'));
    client.write(
      frame(
        `BHS|^~\\&|LAB|MAIN|||||||B9\r${msh('ADT^A01^ADT_A01', 'BM9')}\rPID|1||9^^^H^MR||Nine^N\rBTS|1\r`,
      ),
    );
    const [empty, one] = await client.waitForAcks(2);
    client.close();
    expect(
      empty!
        .split('\r')
        .filter(Boolean)
        .map((s) => s.slice(0, 3)),
    ).toEqual(['BHS', 'BTS']);
    expect(headerField(empty!, 'BHS', 12)).toBe('B0');
    expect(field(empty!, 'BTS', 1)).toBe('0');
    expect(
      one!
        .split('\r')
        .filter(Boolean)
        .map((s) => s.slice(0, 3)),
    ).toEqual(['BHS', 'MSH', 'MSA', 'BTS']);
    expect(field(one!, 'MSA', 1)).toBe('AA');
    expect(field(one!, 'MSA', 2)).toBe('BM9');
  });
});
