import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect as connectTcp, type AddressInfo } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCa } from '../../../../test-support/certificates.js';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.js';
import { mllpWorkspace, startMllp } from '../../test/helpers/mllp-workspace.js';
import { field, frame, RawMllpClient } from '../../test/helpers/mllp-client.js';

/** One Patient per message, PUT by MSH-10. */
const MAPPING = '{ "resourceType": "Patient", "id": MSH.MessageControlID }';
const message = (id: string, extra = '') =>
  `MSH|^~\\&|LIMITS|LAB|MAPX|HOSP|20250302101500||ADT^A01^ADT_A01|${id}|P|2.5.1\rPID|1||${id}^^^H^MR||Limit^L\r${extra}`;

async function startService(
  env: Record<string, string>,
  mapping = MAPPING,
): Promise<{ t: TestApp; port: number }> {
  const w = mllpWorkspace(
    'mllp-limits',
    { patient: mapping },
    'routes:\n  - message: ADT^A01\n    mapping: patient\n',
    { MLLP_DELIVERY: 'none', ...env },
  );
  const t = await createTestApp(w.env);
  return { t, port: await startMllp(t) };
}

function received(t: TestApp): number {
  return (t.app.mapx.plugins.listeners[0]!.listener.state().messages as { received: number }).received;
}

async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A FHIR server that holds every request until the test releases it (answered 200 with the resource). */
async function holdingFhirServer() {
  const held: { req: IncomingMessage; res: ServerResponse; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => held.push({ req, res, body }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/fhir`,
    held,
    release(n: number) {
      for (const h of held.splice(0, n))
        h.res.writeHead(200, { 'content-type': 'application/fhir+json' }).end(h.body);
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('MLLP limits', () => {
  let s: { t: TestApp; port: number } | undefined;
  afterEach(async () => {
    await s?.t.close();
    s = undefined;
  });

  it('stops reading a connection with 32 messages waiting and reads on once it is down to 8', async () => {
    const fhir = await holdingFhirServer();
    try {
      s = await startService({ MLLP_DELIVERY: 'fhir', MLLP_FHIR_BASE: fhir.base });
      const client = await RawMllpClient.open(s.port);
      // 60 messages of ≈ 64 KiB each: the socket delivers them a few at a time, so a paused socket shows
      const padding = `NTE|1||${'x'.repeat(64 * 1024)}\r`;
      for (let i = 0; i < 60; i++) client.write(frame(message(`BP${String(i).padStart(3, '0')}`, padding)));
      await until(() => fhir.held.length === 1 && received(s!.t) >= 32);
      await new Promise((r) => setTimeout(r, 300));
      const whilePaused = received(s.t);
      expect(whilePaused).toBeGreaterThanOrEqual(32);
      expect(whilePaused).toBeLessThan(36); // a chunk already read may finish a frame or two
      // 23 done: 9 still waiting, still paused
      for (let i = 0; i < 23; i++) {
        fhir.release(1);
        await until(() => fhir.held.length === 1);
      }
      await new Promise((r) => setTimeout(r, 300));
      expect(received(s.t)).toBe(whilePaused);
      // one more: 8 waiting, reading resumes
      fhir.release(1);
      await until(() => received(s!.t) > whilePaused);
      for (;;) {
        fhir.release(fhir.held.length);
        if (client.acks.length === 60) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const acks = await client.waitForAcks(60);
      client.close();
      expect(acks.map((a) => field(a, 'MSA', 1))).toEqual(Array(60).fill('AA'));
      expect(acks.map((a) => field(a, 'MSA', 2))).toEqual(
        Array.from({ length: 60 }, (_, i) => `BP${String(i).padStart(3, '0')}`),
      );
    } finally {
      await fhir.close();
    }
  }, 60_000);

  it('serves at most MLLP_MAX_CONNECTIONS connections at once', async () => {
    s = await startService({ MLLP_MAX_CONNECTIONS: '2' });
    const first = await RawMllpClient.open(s.port);
    const second = await RawMllpClient.open(s.port);
    first.write(frame(message('MC1')));
    second.write(frame(message('MC2')));
    await Promise.all([first.waitForAcks(1), second.waitForAcks(1)]);
    // a third is accepted by the kernel, then closed by the listener without an answer
    const third = connectTcp({ port: s.port, host: '127.0.0.1' });
    const closed = new Promise<boolean>((resolve) => third.once('close', () => resolve(true)));
    third.on('error', () => undefined);
    third.write(frame(message('MC3')));
    let answered = false;
    third.on('data', () => (answered = true));
    expect(await closed).toBe(true);
    expect(answered).toBe(false);
    // once one closes, a new connection is served again
    first.close();
    await until(() => s!.t.app.mapx.plugins.listeners[0]!.listener.state().connections === 1);
    const fourth = await RawMllpClient.open(s.port);
    fourth.write(frame(message('MC4')));
    expect(field((await fourth.waitForAcks(1))[0]!, 'MSA', 1)).toBe('AA');
    second.close();
    fourth.close();
  });

  it('answers AR (HL7 102) to a message whose body the HL7 v2 normaliser refuses', async () => {
    s = await startService({});
    const client = await RawMllpClient.open(s.port);
    // the listener routes by the first MSH; a second one whose MSH-2 repeats a delimiter makes the normaliser
    // refuse the whole body
    client.write(frame(message('RB1', 'MSH|^^~\\&|LIMITS\r')));
    const [ack] = await client.waitForAcks(1);
    client.close();
    expect(field(ack!, 'MSA', 1)).toBe('AR');
    expect(field(ack!, 'MSA', 2)).toBe('RB1');
    expect(field(ack!, 'ERR', 3).split('^')[0]).toBe('102');
    expect(field(ack!, 'ERR', 5).split('^')[0]).toBe('HL7_BAD_MSH');
  });
});

describe('MLLP when every evaluation thread stays busy (MAPX_EVAL_QUEUE_TIMEOUT_MS)', () => {
  it('answers AE EVAL_QUEUE_TIMEOUT asking for a resend, and maps the resent message', async () => {
    // a FHIR server whose capability statement takes 1.5 s: `$capabilities()` holds the only thread that long
    const slow = createServer((req, res) => {
      const answer = (body: unknown) =>
        res.writeHead(200, { 'content-type': 'application/fhir+json' }).end(JSON.stringify(body));
      if (req.url?.startsWith('/metadata'))
        setTimeout(() => answer({ resourceType: 'CapabilityStatement', status: 'active' }), 1500);
      else answer({ resourceType: 'Bundle', type: 'searchset', total: 0, entry: [] });
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const s = await startService(
      {
        MAPX_EVAL_THREADS: '1',
        MAPX_EVAL_QUEUE_TIMEOUT_MS: '300',
        FHIR_SERVER_BASE: `http://127.0.0.1:${(slow.address() as AddressInfo).port}`,
      },
      '$capabilities().resourceType = "CapabilityStatement" ? { "resourceType": "Patient", "id": MSH.MessageControlID }',
    );
    try {
      const holder = await RawMllpClient.open(s.port);
      const waiting = await RawMllpClient.open(s.port);
      holder.write(frame(message('Q1')));
      await new Promise((r) => setTimeout(r, 200));
      waiting.write(frame(message('Q2')));
      const [busy] = await waiting.waitForAcks(1);
      expect(field(busy!, 'MSA', 1)).toBe('AE');
      expect(field(busy!, 'ERR', 5).split('^')[0]).toBe('EVAL_QUEUE_TIMEOUT');
      expect(field(busy!, 'ERR', 8)).toMatch(/MAPX_EVAL_QUEUE_TIMEOUT_MS.*: resend the message$/);
      expect(field((await holder.waitForAcks(1))[0]!, 'MSA', 1)).toBe('AA');
      waiting.write(frame(message('Q2')));
      expect(field((await waiting.waitForAcks(2))[1]!, 'MSA', 1)).toBe('AA');
      holder.close();
      waiting.close();
    } finally {
      await s.t.close();
      slow.closeAllConnections();
      await new Promise((resolve) => slow.close(resolve));
    }
  });
});

describe('MLLP over TLS with client certificates (MLLP_TLS_CA)', () => {
  let s: { t: TestApp; port: number };
  let ca: Awaited<ReturnType<typeof createCa>>;
  let client: { cert: string; key: string };
  let stranger: { cert: string; key: string };
  beforeAll(async () => {
    ca = await createCa('mapx MLLP test CA');
    const server = await ca.issue('127.0.0.1', 'server');
    client = await ca.issue('interface-engine', 'client');
    stranger = await (await createCa('another CA')).issue('intruder', 'client');
    const dir = mkdtempSync(join(tmpdir(), 'mapx-mllp-tls-'));
    const write = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    s = await startService({
      MLLP_TLS_CERT: write('server.pem', server.cert),
      MLLP_TLS_KEY: write('server.key', server.key),
      MLLP_TLS_CA: write('ca.pem', ca.cert),
    });
  });
  afterAll(() => s?.t.close());

  /** Sends one message over TLS; resolves with the ACK, or with why the connection ended without one. */
  function sendTls(identity?: { cert: string; key: string }): Promise<string> {
    return new Promise((resolve) => {
      const socket = connectTls({
        host: '127.0.0.1',
        port: s.port,
        ca: ca.cert,
        ...(identity ?? {}),
      });
      let data = '';
      socket.on('secureConnect', () => socket.write(frame(message('TLS1'))));
      socket.on('data', (c: Buffer) => {
        data += c.toString('latin1');
        if (data.includes('\x1c')) {
          socket.destroy();
          resolve(data);
        }
      });
      socket.on('error', (err) => resolve(`error: ${err.message}`));
      socket.on('close', () => resolve(data || 'closed without an answer'));
    });
  }

  it('answers a client that presents a certificate from the CA', async () => {
    const ack = await sendTls(client);
    expect(field(ack.slice(1), 'MSA', 1)).toBe('AA');
  });

  it('refuses a client without a certificate, and one whose certificate another CA signed', async () => {
    expect(await sendTls()).not.toMatch(/MSA\|/);
    expect(await sendTls(stranger)).not.toMatch(/MSA\|/);
  });
});
