import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { mllpWorkspace, startMllp } from '../helpers/mllp-workspace.js';
import { field, frame, RawMllpClient } from '../helpers/mllp-client.js';

/**
 * The never-reading flood of the MLLP security row: senders that pipeline 4-byte garbage frames (each answered
 * AR) as fast as the socket takes them and never read an ACK, reconnecting whenever they are closed. They run in
 * another process, so the memory measured here is the service's alone.
 */
const FLOOD_MS = 20_000;
const SENDERS = 4;

const SENDER = `
const net = require('node:net');
const [port, until] = process.argv.slice(1).map(Number);
const chunk = Buffer.alloc(64 * 1024);
for (let i = 0; i < chunk.length; i += 4) chunk.set([0x0b, 0x41, 0x42, 0x1c], i);
let connections = 0;
function flood() {
  if (Date.now() > until) return;
  connections++;
  const socket = net.connect(port, '127.0.0.1');
  socket.pause(); // never reads an ACK
  socket.on('error', () => undefined);
  socket.on('close', () => setTimeout(flood, 50));
  const write = () => {
    while (Date.now() < until && !socket.destroyed) if (!socket.write(chunk)) return socket.once('drain', write);
    socket.destroy();
  };
  socket.on('connect', write);
}
flood();
setTimeout(() => { console.log(JSON.stringify({ connections })); process.exit(0); }, until - Date.now() + 500);
`;

function runSender(port: number, until: number): Promise<{ connections: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', SENDER, String(port), String(until)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', () => resolve(JSON.parse(out || '{"connections":0}')));
  });
}

describe('security table: MLLP flood that never reads its ACKs', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    const w = mllpWorkspace(
      'mllp-flood',
      { patient: 'InstanceOf: Patient\n* id = "p1"' },
      'routes:\n  - { message: "ADT^A04", mapping: patient }\n',
      {
        MLLP_DELIVERY: 'none',
        MLLP_IDLE_TIMEOUT_MS: '2000',
        MAPX_EVAL_TIMEOUT_MS: '30000',
        LOG_LEVEL: 'warn',
      },
      { deadLetters: false },
    );
    t = await createTestApp(w.env);
    port = await startMllp(t);
  });
  afterAll(() => t?.close());

  it(`${SENDERS} senders for ${FLOOD_MS / 1000} s: memory stays bounded, stalled connections are closed, the listener serves on`, async () => {
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
    const until = Date.now() + FLOOD_MS;
    const senders = await Promise.all(Array.from({ length: SENDERS }, () => runSender(port, until)));
    clearInterval(sample);
    const growthMiB = (peak - before) / 1024 / 1024;
    const state = t.app.mapx.plugins.listeners[0]!.listener.state();
    console.log(
      JSON.stringify({
        flood: { senders: SENDERS, seconds: FLOOD_MS / 1000 },
        rssBeforeMiB: Math.round(before / 1024 / 1024),
        rssPeakGrowthMiB: Math.round(growthMiB),
        received: (state.messages as { received: number }).received,
        connectionsClosed: state.connections_closed,
        reconnects: senders.map((s) => s.connections),
      }),
    );
    // the bound of docs/mllp.md ("Limits") for 4 connections is ≈ 30 MiB; the rest is garbage not yet collected
    expect(growthMiB).toBeLessThan(200);
    // a sender that stops reading is closed once its ACKs stall (MLLP_IDLE_TIMEOUT_MS)
    expect(state.connections_closed as number).toBeGreaterThanOrEqual(SENDERS);
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const stalled =
      /mapx_listener_connections_closed_total\{reason="ack_backlog",listener="mllp"\} (\d+)/.exec(metrics);
    expect(Number(stalled?.[1] ?? 0)).toBeGreaterThanOrEqual(SENDERS);
    const client = await RawMllpClient.open(port);
    client.write(frame('MSH|^~\\&|A|B|C|D|20250101||ADT^A04|OK1|P|2.5\rPID|1\r'));
    expect(field((await client.waitForAcks(1))[0]!, 'MSA', 1)).toBe('AA');
    client.close();
  }, 90_000);
});
