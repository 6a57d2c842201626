import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { mllpWorkspace } from '../helpers/mllp-workspace.js';
import { field, frame, RawMllpClient } from '../helpers/mllp-client.js';
import { startListeners } from '../../src/listeners/start-listeners.js';
import { createCa } from '../../../../test-support/certificates.js';

/** The MLLP rows of the security probe table (docs/security.md, "MLLP listener"). */

const ROOT = join(import.meta.dirname, '../../../..');
const ADT_A01 = readFileSync(join(ROOT, 'bench/fixtures/adt-a01.hl7'), 'latin1').replace('|AL|NE|', '|||');
/** A mapping whose error quotes an input field, as mappings validating codes do. */
const QUOTING = '$error("Unknown sex code: " & PID.AdministrativeSex)';
const PATIENT = 'InstanceOf: Patient\n* id = "p1"';

function workspace(env: Record<string, string> = {}) {
  return mllpWorkspace(
    'mllp-sec',
    { quoting: QUOTING, patient: PATIENT },
    'routes:\n  - { message: "ADT^A01", mapping: quoting }\n  - { message: "ADT^A04", mapping: patient }\n',
    // a loaded CI machine must not turn a slow first evaluation into an AE
    { MLLP_DELIVERY: 'none', MAPX_EVAL_TIMEOUT_MS: '30000', ...env },
    { deadLetters: false },
  );
}

const stateOf = (t: TestApp) => t.app.mapx.plugins.listeners[0]!.listener.state();
const portOf = (t: TestApp) => stateOf(t).port as number;

/** Connects and resolves with what the server did: the bytes it sent before it closed, or `open` after `waitMs`. */
function probe(port: number, send: Buffer | undefined, waitMs: number): Promise<'closed' | 'open'> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1', () => send && socket.write(send));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve('open');
    }, waitMs);
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve('closed');
    });
  });
}

async function metrics(t: TestApp): Promise<string> {
  return (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
}

describe('security table: MLLP listener', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('listens where SERVER_HOST says when MLLP_HOST is not set, and warns beyond loopback without mutual TLS', async () => {
    const w = workspace();
    delete w.env.MLLP_HOST;
    t = await createTestApp({ ...w.env, SERVER_HOST: '127.0.0.1' });
    await startListeners(t.app);
    expect(stateOf(t).host).toBe('127.0.0.1');
    expect(t.logs.join('')).not.toContain('without mutual TLS');
    await t.close();
    t = await createTestApp({ ...w.env, MLLP_HOST: '0.0.0.0' });
    await startListeners(t.app);
    const warning = t.logs.map((l) => JSON.parse(l)).find((l) => /without mutual TLS/.test(l.msg));
    expect(warning).toMatchObject({ level: 40, host: '0.0.0.0' });
  });

  it('MLLP_ALLOW: a sender outside the list is closed before a byte is read, logged and counted', async () => {
    const w = workspace({ MLLP_ALLOW: '10.0.0.0/8, fd00::/8' });
    t = await createTestApp(w.env);
    await startListeners(t.app);
    expect(await probe(portOf(t), frame(ADT_A01), 5000)).toBe('closed');
    expect(stateOf(t).messages).toMatchObject({ received: 0 });
    expect(await metrics(t)).toMatch(
      /mapx_listener_connections_refused_total\{reason="not_allowed",listener="mllp"\} 1/,
    );
    expect(t.logs.join('')).toMatch(/MLLP connection refused: not allowed/);
    await t.close();
    t = await createTestApp({ ...w.env, MLLP_ALLOW: '127.0.0.0/8' });
    await startListeners(t.app);
    const raw = await RawMllpClient.open(portOf(t));
    raw.write(frame(ADT_A01.replace('ADT^A01', 'ADT^A04')));
    expect(field((await raw.waitForAcks(1))[0]!, 'MSA', 1)).toBe('AA');
    raw.close();
  });

  it('MLLP_ALLOW that is not an address or range stops start-up naming the entry', async () => {
    const w = workspace({ MLLP_ALLOW: '10.0.0.0/8, intranet' });
    await expect(createTestApp(w.env)).rejects.toThrow(/MLLP_ALLOW: "intranet" is not an IP address/);
  });

  it('closes an idle connection and one whose frame never ends (MLLP_IDLE_TIMEOUT_MS); counts both', async () => {
    const w = workspace({ MLLP_IDLE_TIMEOUT_MS: '300' });
    t = await createTestApp(w.env);
    await startListeners(t.app);
    expect(await probe(portOf(t), undefined, 10_000)).toBe('closed');
    // a frame begun and then trickled byte by byte: activity, but never a message
    const socket = connect(portOf(t), '127.0.0.1');
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(Buffer.from([0x0b]));
    const trickle = setInterval(() => socket.writable && socket.write('x'), 100);
    await closed;
    clearInterval(trickle);
    const text = await metrics(t);
    expect(text).toMatch(/mapx_listener_connections_closed_total\{reason="idle",listener="mllp"\} 1/);
    expect(text).toMatch(
      /mapx_listener_connections_closed_total\{reason="incomplete_frame",listener="mllp"\} 1/,
    );
  });

  it('MLLP_MAX_CONNECTIONS_PER_ADDRESS: one address cannot take every slot', async () => {
    const w = workspace({ MLLP_MAX_CONNECTIONS_PER_ADDRESS: '3' });
    t = await createTestApp(w.env);
    await startListeners(t.app);
    const held = await Promise.all([0, 1, 2].map(() => RawMllpClient.open(portOf(t!))));
    expect(await probe(portOf(t), undefined, 2000)).toBe('closed');
    expect(await metrics(t)).toMatch(
      /mapx_listener_connections_refused_total\{reason="per_address_limit",listener="mllp"\} 1/,
    );
    held[0]!.close();
    await new Promise((r) => setTimeout(r, 200));
    const again = await RawMllpClient.open(portOf(t));
    again.write(frame(ADT_A01.replace('ADT^A01', 'ADT^A04')));
    expect(field((await again.waitForAcks(1))[0]!, 'MSA', 1)).toBe('AA');
    [again, ...held].forEach((c) => c.close());
  });

  it('MLLP_MAX_CONNECTIONS: connections past it are refused and counted', async () => {
    const w = workspace({ MLLP_MAX_CONNECTIONS: '2' });
    t = await createTestApp(w.env);
    await startListeners(t.app);
    const held = await Promise.all([0, 1].map(() => RawMllpClient.open(portOf(t!))));
    expect(await probe(portOf(t), undefined, 2000)).toBe('closed');
    expect(await metrics(t)).toMatch(
      /mapx_listener_connections_refused_total\{reason="max_connections",listener="mllp"\} 1/,
    );
    held.forEach((c) => c.close());
  });

  it('mutual TLS: plain connections that never handshake are closed at MLLP_TLS_HANDSHAKE_TIMEOUT_MS; a client with a certificate gets in', async () => {
    const w = workspace({
      MLLP_MAX_CONNECTIONS: '4',
      MLLP_MAX_CONNECTIONS_PER_ADDRESS: '4',
      MLLP_TLS_HANDSHAKE_TIMEOUT_MS: '300',
    });
    const ca = await createCa();
    const server = await ca.issue('127.0.0.1', 'server');
    const client = await ca.issue('sender', 'client');
    writeFileSync(join(w.dir, 'cert.pem'), server.cert);
    writeFileSync(join(w.dir, 'key.pem'), server.key);
    writeFileSync(join(w.dir, 'ca.pem'), ca.cert);
    t = await createTestApp({
      ...w.env,
      MLLP_TLS_CERT: join(w.dir, 'cert.pem'),
      MLLP_TLS_KEY: join(w.dir, 'key.pem'),
      MLLP_TLS_CA: join(w.dir, 'ca.pem'),
    });
    await startListeners(t.app);
    // every slot taken by sockets that never start the handshake: each is closed at the handshake timeout
    const squatters = await Promise.all([0, 1, 2, 3].map(() => probe(portOf(t!), undefined, 10_000)));
    expect(squatters).toEqual(['closed', 'closed', 'closed', 'closed']);
    const ack = await new Promise<string>((resolve, reject) => {
      const socket = tlsConnect(
        { port: portOf(t!), host: '127.0.0.1', ca: ca.cert, cert: client.cert, key: client.key },
        () => socket.write(frame(ADT_A01.replace('ADT^A01', 'ADT^A04'))),
      );
      socket.on('data', (d: Buffer) => {
        resolve(d.toString('latin1'));
        socket.destroy();
      });
      socket.on('error', reject);
    });
    expect(field(ack.slice(1), 'MSA', 1)).toBe('AA');
    expect(await metrics(t)).toMatch(
      /mapx_listener_connections_refused_total\{reason="tls_handshake",listener="mllp"\} 4/,
    );
  });

  it('a mapping error quoting VT and FS from the input comes back escaped, in exactly one frame', async () => {
    const w = workspace();
    t = await createTestApp(w.env);
    await startListeners(t.app);
    const hostile = ADT_A01.replace(/^(PID(\|[^|\r]*){7})\|[^|\r]*/m, '$1|M\\X0B\\FAKE\\X1C\\\\X0D\\');
    expect(hostile).not.toBe(ADT_A01);
    const raw = await RawMllpClient.open(portOf(t));
    raw.write(frame(hostile));
    const [ack] = await raw.waitForAcks(1);
    // anything after the first ACK would be a second frame injected by the text
    await new Promise((r) => setTimeout(r, 300));
    raw.close();
    expect(raw.acks).toHaveLength(1);
    expect(field(ack!, 'MSA', 1)).toBe('AE');
    expect(field(ack!, 'ERR', 8)).toContain('Unknown sex code: M\\X0B\\FAKE\\X1C\\');
  });
});

describe('security table: MLLP dead letters', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('are 0600, hold the message once, tell the sender no address, errno or path, and stop at MLLP_DEAD_LETTER_MAX_FILES', async () => {
    const gone = await startFhirTestServer();
    const base = gone.baseUrl;
    await gone.close();
    const w = workspace({
      MLLP_DELIVERY: 'fhir',
      MLLP_FHIR_BASE: base,
      MLLP_DELIVERY_RETRIES: '0',
      MLLP_DEAD_LETTER_MAX_FILES: '1',
      MAPX_DATA_DIR: join(tmpdir(), 'unused'),
    });
    const dead = join(w.dir, 'dead');
    t = await createTestApp({ ...w.env, MLLP_DEAD_LETTER_DIR: dead });
    await startListeners(t.app);
    const raw = await RawMllpClient.open(portOf(t));
    const message = ADT_A01.replace('ADT^A01', 'ADT^A04');
    raw.write(Buffer.concat([frame(message), frame(message.replace('|MSG00001|', '|MSG00002|'))]));
    const [kept, refused] = await raw.waitForAcks(2);
    raw.close();
    const files = readdirSync(dead);
    expect(files).toHaveLength(1);
    expect(statSync(join(dead, files[0]!)).mode & 0o777).toBe(0o600);
    expect(statSync(dead).mode & 0o777).toBe(0o700);
    const text = readFileSync(join(dead, files[0]!), 'utf8');
    const letter = JSON.parse(text);
    expect(Buffer.from(letter.messageBase64, 'base64').toString('latin1')).toBe(message);
    // once: not again as text
    expect(text.match(/EVN\|A01/g)).toBeNull();
    expect(letter.error.message).toContain(new URL(base).host);
    for (const ack of [kept!, refused!]) {
      expect(field(ack, 'MSA', 1)).toBe('AE');
      const told = field(ack, 'ERR', 8);
      expect(told).not.toContain(new URL(base).host);
      expect(told).not.toMatch(/ECONNREFUSED|fetch failed|\//);
    }
    expect(field(kept!, 'ERR', 8)).toMatch(
      /^delivery to the FHIR server failed after 1 attempt; kept as dead letter [0-9a-f]{8}$/,
    );
    expect(field(refused!, 'ERR', 8)).toMatch(/the dead-letter folder is full: resend the message$/);
    expect(stateOf(t).messages).toMatchObject({ deadLettered: 1, deadLetterFull: 1 });
    expect(await metrics(t)).toMatch(/mapx_listener_dead_letters_refused_total\{listener="mllp"\} 1/);
  });

  it('MLLP files default under MAPX_DATA_DIR, not the working directory', async () => {
    const w = workspace({ MLLP_DELIVERY: 'ndjson' });
    const data = join(w.dir, 'data');
    t = await createTestApp({ ...w.env, MAPX_DATA_DIR: data });
    await startListeners(t.app);
    const state = stateOf(t);
    expect(state.delivery).toBe(`ndjson ${join(data, 'mllp', 'results.ndjson')}`);
    expect(state.dead_letter_dir).toBe(join(data, 'mllp', 'dead-letter'));
    expect(statSync(join(data, 'mllp')).mode & 0o777).toBe(0o700);
  });
});
