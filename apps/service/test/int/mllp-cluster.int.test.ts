import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService, startBuiltServer, type Started } from '../helpers/start-built-server.js';
import { oneRequest, until } from '../helpers/one-request.js';
import { field, frame, RawMllpClient } from '../helpers/mllp-client.js';

const message = (id: string) =>
  `MSH|^~\\&|CLUSTER|LAB|MAPX|HOSP|20250302101500||ADT^A01^ADT_A01|${id}|P|2.5.1\rPID|1||${id}^^^H^MR||Shared^S\r`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe('MLLP with MAPX_WORKERS=2 (built service): one port shared by both processes', () => {
  let server: Started;
  let port: number;
  beforeAll(async () => {
    buildService();
    const dir = mkdtempSync(join(tmpdir(), 'mapx-mllp-cluster-'));
    mkdirSync(join(dir, 'mappings'));
    writeFileSync(
      join(dir, 'mappings', 'patient.mapx'),
      '{ "resourceType": "Patient", "id": MSH.MessageControlID }',
    );
    writeFileSync(join(dir, 'routes.yaml'), 'routes:\n  - message: ADT^A01\n    mapping: patient\n');
    port = await freePort();
    server = await startBuiltServer({
      MAPX_WORKERS: '2',
      MAPPINGS_FOLDER: join(dir, 'mappings'),
      MLLP_PORT: String(port),
      MLLP_HOST: '127.0.0.1',
      MLLP_ROUTES: join(dir, 'routes.yaml'),
      MLLP_DELIVERY: 'none',
      MLLP_DEAD_LETTER_DIR: join(dir, 'dead'),
    });
    await until(async () => (await oneRequest(`${server.baseUrl}/health/ready`)).status === 200, 'ready');
    // each worker starts its listener once its own warm-up is over
    const listening = () => server.stdout.join('').split('MLLP listener on').length - 1;
    await until(async () => listening() === 2, 'both workers listening');
  }, 60_000);
  afterAll(() => server.stop());

  it('serves connections in both workers, each connection in order, and sums their counters', async () => {
    // connection c sends c + 1 messages (21 in all, an odd total: the two workers' counts cannot be equal)
    const clients = await Promise.all([0, 1, 2, 3, 4, 5].map(() => RawMllpClient.open(port)));
    clients.forEach((client, c) => {
      for (let i = 0; i <= c; i++) client.write(frame(message(`W${c}M${i}`)));
    });
    const acks = await Promise.all(clients.map((client, c) => client.waitForAcks(c + 1)));
    acks.forEach((list, c) => {
      expect(list.map((a) => `${field(a, 'MSA', 1)} ${field(a, 'MSA', 2)}`)).toEqual(
        Array.from({ length: c + 1 }, (_, i) => `AA W${c}M${i}`),
      );
    });
    // each worker reports its own listener in GET / (connections round-robin between them)
    const counts = new Set<number>();
    for (let i = 0; i < 12 && counts.size < 2; i++) {
      const info = JSON.parse((await oneRequest(`${server.baseUrl}/`)).text) as {
        listeners: { messages: { received: number } }[];
      };
      counts.add(info.listeners[0]!.messages.received);
    }
    clients.forEach((c) => c.close());
    const [a = 0, b = 0] = [...counts];
    expect(counts.size).toBe(2);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    expect(a + b).toBe(21);
    const scrape = await oneRequest(`${server.baseUrl}/metrics`);
    expect(scrape.text).toMatch(/mapx_listener_messages_received_total\{listener="mllp"\} 21/);
  });
});
