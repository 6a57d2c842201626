import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Client, Message } from 'node-hl7-client';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.js';
import { mllpWorkspace } from '../../test/helpers/mllp-workspace.js';
import { field, frame, RawMllpClient } from '../../test/helpers/mllp-client.js';
import { startListeners } from './start-listeners.js';
import { createCa } from '../../../../test-support/certificates.js';

const ROOT = join(import.meta.dirname, '../../../..');
const MAPPING = readFileSync(join(ROOT, 'bench/fixtures/adt-to-bundle.mapx'), 'utf8');
const ADT_A01 = readFileSync(join(ROOT, 'bench/fixtures/adt-a01.hl7'), 'latin1').replace('|AL|NE|', '|||');

function workspace(routes = 'routes:\n  - { message: "ADT^A01", mapping: adt }\n') {
  return mllpWorkspace('mllp-setup', { adt: MAPPING }, routes);
}

const portOf = (t: TestApp) => t.app.mapx.plugins.listeners[0]!.listener.state().port as number;

describe('MLLP listener set-up', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('fails start-up on a bad route file, naming the file and the place', async () => {
    const w = workspace('routes:\n  - { message: "ADT^A01", mapping: "not a mapping id" }\n');
    await expect(createTestApp(w.env)).rejects.toThrow(
      `MLLP_ROUTES ${join(w.dir, 'routes.yaml')}: routes.0.mapping: a mapping id must match`,
    );
  });

  it('fails start-up when MLLP_PORT is set without MLLP_ROUTES', async () => {
    const w = workspace();
    delete w.env.MLLP_ROUTES;
    await expect(createTestApp(w.env)).rejects.toThrow(
      /routesFile: MLLP_PORT is set: MLLP_ROUTES is required/,
    );
  });

  it('starts no listener without MLLP_PORT, and GET / has no listeners field', async () => {
    const w = workspace();
    delete w.env.MLLP_PORT;
    t = await createTestApp(w.env);
    expect(t.app.mapx.plugins.listeners).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/' })).json()).not.toHaveProperty('listeners');
    const plugins = (await t.app.inject({ method: 'GET', url: '/plugins' })).json<
      { id: string; active: boolean }[]
    >();
    expect(plugins.find((p) => p.id === 'mllp')).toMatchObject({ active: false });
  });

  it('writes results to the NDJSON file when no FHIR server is configured', async () => {
    const w = workspace();
    const out = join(w.dir, 'out', 'results.ndjson');
    t = await createTestApp({ ...w.env, MLLP_NDJSON_FILE: out });
    await startListeners(t.app);
    const raw = await RawMllpClient.open(portOf(t));
    raw.write(Buffer.concat([1, 2, 3].map((i) => frame(ADT_A01.replace('|MSG00001|', `|N${i}|`)))));
    const acks = await raw.waitForAcks(3);
    raw.close();
    expect(acks.map((a) => `${field(a, 'MSA', 1)} ${field(a, 'MSA', 2)}`)).toEqual([
      'AA N1',
      'AA N2',
      'AA N3',
    ]);
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines.map((l) => JSON.parse(l).type)).toEqual(['transaction', 'transaction', 'transaction']);
    expect(t.app.mapx.plugins.listeners[0]!.listener.state().delivery).toBe(`ndjson ${out}`);
  });

  it('answers AR to a message over MLLP_MAX_MESSAGE_BYTES and goes on with the next one', async () => {
    const w = workspace();
    t = await createTestApp({ ...w.env, MLLP_DELIVERY: 'none', MLLP_MAX_MESSAGE_BYTES: '2048' });
    await startListeners(t.app);
    const raw = await RawMllpClient.open(portOf(t));
    const big = `${ADT_A01.replace('|MSG00001|', '|BIG1|')}NTE|1||${'x'.repeat(5000)}\r`;
    raw.write(Buffer.concat([frame(big), frame(ADT_A01)]));
    const [tooBig, next] = await raw.waitForAcks(2);
    raw.close();
    expect(field(tooBig!, 'MSA', 1)).toBe('AR');
    expect(field(tooBig!, 'MSA', 2)).toBe('BIG1');
    expect(field(tooBig!, 'ERR', 5).split('^')[0]).toBe('MLLP_MESSAGE_TOO_LARGE');
    expect(field(next!, 'MSA', 1)).toBe('AA');
  });

  it('answers AA with ERR segments of severity W for what was not converted exactly as written', async () => {
    const w = workspace();
    t = await createTestApp({ ...w.env, MLLP_DELIVERY: 'none' });
    await startListeners(t.app);
    const raw = await RawMllpClient.open(portOf(t));
    const badDate = ADT_A01.replace('|MSG00001|', '|W1|').replace(
      'EVN|A01|20230405204500|',
      'EVN|A01|2023XX05|',
    );
    // MSH-18 says UTF-8: a lone 0xFF byte is decoded as U+FFFD, with a warning
    const notUtf8 = Buffer.from(ADT_A01.replace('|MSG00001|', '|W2|'), 'latin1');
    notUtf8[notUtf8.indexOf('Quincy')] = 0xff;
    raw.write(Buffer.concat([frame(badDate), Buffer.from([0x0b]), notUtf8, Buffer.from([0x1c, 0x0d])]));
    const [dated, decoded] = await raw.waitForAcks(2);
    raw.close();
    for (const ack of [dated!, decoded!]) {
      expect(field(ack, 'MSA', 1)).toBe('AA');
      expect(field(ack, 'ERR', 3)).toBe('0^Message accepted^HL70357');
      expect(field(ack, 'ERR', 4)).toBe('W');
    }
    expect(field(dated!, 'ERR', 5).split('^')[0]).toBe('HL7_INVALID_DATE');
    const http = await t.app.inject({
      method: 'POST',
      url: '/Mapping/adt',
      payload: notUtf8,
      headers: { 'content-type': 'application/hl7-v2' },
    });
    const httpWarning = JSON.parse(/^199 mapx (".*")$/.exec(String(http.headers.warning))![1]!) as string;
    expect(field(decoded!, 'ERR', 5).split('^')[0]).toBe(httpWarning.split(':')[0]);
    expect(httpWarning).toMatch(/^INPUT_CHARSET_INVALID_BYTES: /);
  });

  it('drains on close: every message received is processed and acknowledged, in order', async () => {
    const w = workspace();
    t = await createTestApp({ ...w.env, MLLP_DELIVERY: 'none' });
    await startListeners(t.app);
    const listener = t.app.mapx.plugins.listeners[0]!.listener;
    const raw = await RawMllpClient.open(portOf(t));
    const ids = Array.from({ length: 40 }, (_, i) => `D${i}`);
    raw.write(Buffer.concat(ids.map((id) => frame(ADT_A01.replace('|MSG00001|', `|${id}|`)))));
    await raw.waitForAcks(1);
    await t.close();
    t = undefined;
    const received = (listener.state().messages as { received: number }).received;
    expect(listener.state().status).toBe('stopped');
    expect(received).toBeGreaterThan(1);
    expect(raw.acks.map((a) => field(a, 'MSA', 2))).toEqual(ids.slice(0, received));
    raw.close();
  });

  it('accepts TLS connections (MLLP_TLS_CERT, MLLP_TLS_KEY) from node-hl7-client', async () => {
    const w = workspace();
    const cert = join(w.dir, 'cert.pem');
    const key = join(w.dir, 'key.pem');
    const server = await (await createCa()).issue('127.0.0.1', 'server');
    writeFileSync(cert, server.cert);
    writeFileSync(key, server.key);
    t = await createTestApp({ ...w.env, MLLP_DELIVERY: 'none', MLLP_TLS_CERT: cert, MLLP_TLS_KEY: key });
    await startListeners(t.app);
    expect(t.app.mapx.plugins.listeners[0]!.listener.state().tls).toBe(true);
    const client = new Client({
      host: '127.0.0.1',
      tls: { ca: readFileSync(cert), rejectUnauthorized: false },
    });
    const acks: Message[] = [];
    const done = new Promise<void>((resolve) => {
      const connection = client.createConnection({ port: portOf(t!) }, async (res) => {
        acks.push(res.getMessage());
        await connection.close();
        resolve();
      });
      void connection.sendMessage(new Message({ text: ADT_A01 }));
    });
    await done;
    expect(acks[0]!.get('MSA.1').toString()).toBe('AA');
    expect(acks[0]!.get('MSA.2').toString()).toBe('MSG00001');
  });
});
