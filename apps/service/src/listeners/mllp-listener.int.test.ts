import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, Message } from 'node-hl7-client';
import { startFhirTestServer, type FhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.js';
import { mllpWorkspace, startMllp } from '../../test/helpers/mllp-workspace.js';
import { field, frame, RawMllpClient } from '../../test/helpers/mllp-client.js';

const ROOT = join(import.meta.dirname, '../../../..');
const ADT_MAPPING = readFileSync(join(ROOT, 'bench/fixtures/adt-to-bundle.mapx'), 'utf8');
/** The benchmark's ADT^A01 (every segment the bench mapping reads), in original acknowledgement mode. */
const ADT_A01 = readFileSync(join(ROOT, 'bench/fixtures/adt-a01.hl7'), 'latin1').replace('|AL|NE|', '|||');
/** Messages of the repository's own fixtures (an outpatient registration, a two-result chemistry report). */
const ADT_A04 = readFileSync(join(ROOT, 'apps/service/test/fixtures/adt-a04.hl7'), 'latin1');
const ORU_R01 = readFileSync(join(ROOT, 'apps/service/test/fixtures/oru-r01.hl7'), 'latin1');
const ROUTES = `
routes:
  - message: ADT^A01
    mapping: adtBundle
  - message: ADT^A04
    sendingApplication: REGAPP
    mapping: patientById
  - message: ORU^R01
    mapping: failing
`;
/** One Patient whose id comes from the message: delivered with a PUT (an update by id). */
const PATIENT_BY_ID = `InstanceOf: Patient
* id = $replace(PID.PatientIdentifierList[0].IDNumber, /[^A-Za-z0-9-]/, '-')
* name.family = PID.PatientName[0].FamilyName.Surname`;

interface Setup {
  readonly t: TestApp;
  readonly port: number;
  readonly deadLetters: string;
}

async function startService(env: Record<string, string>): Promise<Setup> {
  const w = mllpWorkspace(
    'mllp',
    {
      adtBundle: ADT_MAPPING,
      patientById: PATIENT_BY_ID,
      // a run-time failure of the engine: calling what is not a function
      failing: 'MSH.MessageControlID & $notAFunction(PID)',
    },
    ROUTES,
    { MLLP_DELIVERY_BACKOFF_MS: '5', ...env },
  );
  const t = await createTestApp(w.env);
  return { t, port: await startMllp(t), deadLetters: w.deadLetters };
}

/** Sends one message with node-hl7-client and resolves with its ACK (the client waits for each ACK). */
async function sendWithClient(port: number, text: string): Promise<Message> {
  const client = new Client({ host: '127.0.0.1' });
  const acks: Message[] = [];
  let notify: () => void = () => undefined;
  const connection = client.createConnection({ port, waitAck: true }, async (res) => {
    acks.push(res.getMessage());
    notify();
  });
  try {
    await connection.sendMessage(new Message({ text }));
    await new Promise<void>((resolve) => {
      notify = resolve;
      if (acks.length > 0) resolve();
    });
    return acks[0]!;
  } finally {
    await connection.close();
  }
}

describe('MLLP listener, FHIR delivery to the test FHIR server', () => {
  let fhir: FhirTestServer;
  let s: Setup;
  beforeAll(async () => {
    fhir = await startFhirTestServer();
    s = await startService({ MLLP_FHIR_BASE: fhir.baseUrl });
  });
  afterAll(async () => {
    await s?.t.close();
    await fhir?.close();
  });

  it('turns an ADT^A01 into a transaction on the FHIR server and answers AA', async () => {
    const ack = await sendWithClient(s.port, ADT_A01);
    expect(ack.get('MSA.1').toString()).toBe('AA');
    expect(ack.get('MSA.2').toString()).toBe('MSG00001');
    expect(ack.get('MSH.9.1').toString()).toBe('ACK');
    expect(ack.get('MSH.9.2').toString()).toBe('A01');
    expect(ack.get('MSH.12').toString()).toBe('2.5.1');
    expect(ack.get('MSH.3').toString()).toBe('MAPX');
    expect(ack.get('MSH.5').toString()).toBe('ADT1');
    expect(ack.get('MSH.6').toString()).toBe('GOOD HEALTH HOSPITAL');
    const posts = fhir.requests.filter((r) => r.method === 'POST' && /\/fhir\/?$/.test(r.url));
    expect(posts).toHaveLength(1);
    const patients = await fhir.repo.searchResources({ resourceType: 'Patient' });
    expect(patients.map((p) => p.name?.[0]?.family)).toEqual(['Doe']);
    const encounters = await fhir.repo.searchResources({ resourceType: 'Encounter' });
    expect(encounters[0]?.subject?.reference).toBe(`Patient/${patients[0]!.id}`);
  });

  it('updates a single resource by its id (PUT), routed by MSH-3, from an ADT^A04', async () => {
    const ack = await sendWithClient(s.port, ADT_A04);
    expect(ack.get('MSA.1').toString()).toBe('AA');
    expect(ack.get('MSA.2').toString()).toBe('REG20250302-17');
    expect(fhir.requests.some((r) => r.method === 'PUT' && r.url.endsWith('/Patient/NC-550123'))).toBe(true);
    const patient = await fhir.repo.readResource('Patient', 'NC-550123');
    expect(patient.name?.[0]?.family).toBe('Okafor');
    const otherSender = ADT_A04.replace('|REGAPP|', '|OTHERAPP|');
    expect((await sendWithClient(s.port, otherSender)).get('MSA.1').toString()).toBe('AR');
  });

  it('answers in enhanced mode when MSH-15/MSH-16 ask: CA on receipt, then AA', async () => {
    const raw = await RawMllpClient.open(s.port);
    raw.write(frame(ADT_A01.replace('|MSG00001|P|2.5.1|||', '|ENH0001|P|2.5.1|||AL|AL')));
    // only an error application ACK asked for: none comes for a success
    raw.write(frame(ADT_A01.replace('|MSG00001|P|2.5.1|||', '|ENH0002|P|2.5.1|||AL|ER')));
    raw.write(frame(ADT_A01.replace('|MSG00001|P|2.5.1|||', '|ENH0003|P|2.5.1|||NE|AL')));
    const acks = await raw.waitForAcks(4);
    await new Promise((r) => setTimeout(r, 200));
    raw.close();
    const summary = raw.acks.map((a) => `${field(a, 'MSA', 1)} ${field(a, 'MSA', 2)}`);
    expect(acks).toHaveLength(4);
    expect(summary.filter((x) => x.startsWith('C'))).toEqual(['CA ENH0001', 'CA ENH0002']);
    expect(summary.filter((x) => x.startsWith('A'))).toEqual(['AA ENH0001', 'AA ENH0003']);
  });

  it('answers AE with an ERR segment carrying the mapx code and message when the mapping fails', async () => {
    const ack = await sendWithClient(s.port, ORU_R01);
    const http = await s.t.app.inject({
      method: 'POST',
      url: '/Mapping/failing',
      payload: ORU_R01,
      headers: { 'content-type': 'application/hl7-v2' },
    });
    const expected = http.json<{ code: string; message: string }>();
    expect(ack.get('MSA.1').toString()).toBe('AE');
    expect(ack.get('MSA.2').toString()).toBe('LAB20250302-88');
    expect(ack.get('ERR.3.1').toString()).toBe('207');
    expect(ack.get('ERR.4').toString()).toBe('E');
    expect(ack.get('ERR.5.1').toString()).toBe(expected.code);
    expect(ack.get('ERR.5.3').toString()).toBe('MAPX');
    expect(ack.get('ERR.8').toString()).toBe(expected.message);
  });

  it('answers AR to a garbled message and to a message without route, with the message version kept', async () => {
    const raw = await RawMllpClient.open(s.port);
    raw.write(frame('this is not HL7 at all\r'));
    const unrouted = ADT_A01.replace('ADT^A01^ADT_A01|MSG00001|P|2.5.1', 'SIU^S12^SIU_S12|EX00009|P|2.3');
    raw.write(frame(unrouted));
    const [garbled, noRoute] = await raw.waitForAcks(2);
    raw.close();
    expect(field(garbled!, 'MSA', 1)).toBe('AR');
    expect(field(garbled!, 'ERR', 5).split('^')[0]).toBe('MLLP_UNPARSEABLE');
    expect(field(noRoute!, 'MSA', 1)).toBe('AR');
    expect(field(noRoute!, 'MSA', 2)).toBe('EX00009');
    expect(field(noRoute!, 'MSH', 12)).toBe('2.3');
    expect(field(noRoute!, 'MSH', 9)).toBe('ACK^S12');
    // before 2.5: the mapx code goes in MSA-3, the HL7 code in ERR-1
    // the component separator in the text is escaped (\\S\\)
    expect(field(noRoute!, 'MSA', 3)).toMatch(/^MLLP_NO_ROUTE: no route for message type SIU\\S\\S12/);
    // before 2.5 the mapx code rides as the alternate identifier of ERR-1's code
    expect(field(noRoute!, 'ERR', 1)).toMatch(
      /^\^\^\^200&Unsupported message type&HL70357&MLLP_NO_ROUTE&no route for message type SIU\\S\\S12 .*&MAPX$/,
    );
  });

  it('keeps the order per connection and loses nothing: 1,000 messages over 4 connections', async () => {
    const before = (await fhir.repo.searchResources({ resourceType: 'Patient', count: 10000 })).length;
    const perConnection = 250;
    const clients = await Promise.all([0, 1, 2, 3].map(() => RawMllpClient.open(s.port)));
    clients.forEach((client, c) => {
      const frames = [];
      for (let i = 0; i < perConnection; i++) {
        const id = `C${c}M${String(i).padStart(4, '0')}`;
        frames.push(frame(ADT_A01.replace('|MSG00001|', `|${id}|`)));
      }
      // all at once: the listener reads ahead and must still answer in order
      client.write(Buffer.concat(frames));
    });
    const acks = await Promise.all(clients.map((c) => c.waitForAcks(perConnection, 120_000)));
    clients.forEach((c) => c.close());
    acks.forEach((list, c) => {
      expect(list.map((a) => field(a, 'MSA', 2))).toEqual(
        Array.from({ length: perConnection }, (_, i) => `C${c}M${String(i).padStart(4, '0')}`),
      );
      expect(new Set(list.map((a) => field(a, 'MSA', 1)))).toEqual(new Set(['AA']));
    });
    const after = await fhir.repo.searchResources({ resourceType: 'Patient', count: 10000 });
    expect(after.length - before).toBe(4 * perConnection);
  }, 180_000);

  it('reports the listener in GET / and its counters in /metrics', async () => {
    const info = (await s.t.app.inject({ method: 'GET', url: '/' })).json<{
      listeners: (Record<string, unknown> & { messages: Record<string, number> })[];
    }>();
    const mllp = info.listeners[0]!;
    expect(mllp).toMatchObject({ id: 'mllp', status: 'listening', port: s.port, tls: false });
    // received: 1 + 2 (A04) + 1 (ORU) + 2 (AR) + 3 (enhanced) + 1,000; delivered also counts ENH0002, whose
    // success asked for no application ACK
    expect(mllp.messages).toMatchObject({ received: 1009, AA: 1004, AE: 1, AR: 3, CA: 2, delivered: 1005 });
    const metrics = (await s.t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/mapx_listener_messages_received_total\{listener="mllp"\} 1009/);
    expect(metrics).toMatch(/mapx_listener_acks_total\{code="AR",listener="mllp"\} 3/);
    expect(metrics).toMatch(/mapx_listener_message_duration_seconds_count\{listener="mllp"\} 1009/);
  });
});

describe('MLLP listener, FHIR server down', () => {
  let s: Setup;
  let base: string;
  beforeAll(async () => {
    // a server that is started and stopped at once: its port refuses connections
    const gone = await startFhirTestServer();
    base = gone.baseUrl;
    await gone.close();
    s = await startService({ MLLP_FHIR_BASE: base, MLLP_DELIVERY_RETRIES: '2' });
  });
  afterAll(() => s?.t.close());

  it('retries, then writes a dead letter and answers AE', async () => {
    const ack = await sendWithClient(s.port, ADT_A01);
    expect(ack.get('MSA.1').toString()).toBe('AE');
    expect(ack.get('ERR.5.1').toString()).toBe('MLLP_DELIVERY_FAILED');
    expect(ack.get('ERR.8').toString()).toMatch(/after 3 attempts/);
    const files = readdirSync(s.deadLetters).filter((f) => f.endsWith('.json'));
    expect(files).toHaveLength(1);
    expect(readdirSync(s.deadLetters).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const letter = JSON.parse(readFileSync(join(s.deadLetters, files[0]!), 'utf8'));
    // node-hl7-client sends the message without its trailing segment terminator
    expect(Buffer.from(letter.messageBase64, 'base64').toString('latin1')).toBe(ADT_A01.trimEnd());
    expect(letter.result.resourceType).toBe('Bundle');
    expect(letter.error.code).toBe('MLLP_DELIVERY_FAILED');
    expect(letter.mappingId).toBe('adtBundle');
    // the sender reads the dead letter's reference, never its file name, the FHIR address or the error number
    const told = ack.get('ERR.8').toString();
    expect(files[0]).toContain(/kept as dead letter ([0-9a-f]{8})$/.exec(told)?.[1] ?? 'no reference');
    expect(told).not.toContain(files[0]);
    expect(told).not.toContain(new URL(base).host);
    expect(told).not.toMatch(/ECONNREFUSED|\//);
    expect(letter.error.message).toMatch(/ECONNREFUSED|fetch failed|connect/);
    const state = s.t.app.mapx.plugins.listeners[0]!.listener.state();
    expect(state.messages).toMatchObject({ retried: 2, deadLettered: 1, AE: 1, delivered: 0 });
  });
});
