// HL7 v2 ADT^A01 end to end over MLLP (frame → route → map → deliver → ACK), without delivery and with delivery
// to an NDJSON file (fsynced before each AA) and to the in-memory test FHIR server, beside the same mapping over HTTP (POST /Mapping/adt), in one run.
// Each client connection sends one message and waits for its ACK (or HTTP answer) before the next, as an
// interface engine does. Prints one JSON line per scenario. Run `npm run build` first (npm run bench does).
import { Agent, request } from 'node:http';
import { connect, createServer } from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { startService, waitReady } from './lib/start-service.js';
import { ADT_A01, ADT_MAPPING } from './lib/scenarios.js';
import { measureSteal } from './lib/cpu-steal.js';

const steal = measureSteal();
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000);
const WARMUP = Number(process.env.BENCH_WARMUP_MESSAGES ?? 400);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
// original acknowledgement mode: the fixture asks for enhanced mode (MSH-15 AL, MSH-16 NE: no application ACK)
const MESSAGE = ADT_A01.replace('|AL|NE|', '|||');

const dir = mkdtempSync(join(tmpdir(), 'mapx-bench-mllp-'));
mkdirSync(join(dir, 'mappings'));
writeFileSync(join(dir, 'mappings', 'adt.mapx'), ADT_MAPPING);
writeFileSync(join(dir, 'routes.yaml'), 'routes:\n  - { message: "ADT^A01", mapping: adt }\n');
const fhir = await startFhirTestServer();

try {
  const plain = await service({ MLLP_DELIVERY: 'none' });
  try {
    report(
      'MLLP ADT^A01 → transaction Bundle, no delivery (AA after mapping)',
      await mllpRate(plain.mllpPort),
    );
    report('HTTP POST /Mapping/adt, same mapping and message', await httpRate(plain.svc.baseUrl));
  } finally {
    await plain.svc.stop();
  }
  const ndjson = await service({
    MLLP_DELIVERY: 'ndjson',
    MLLP_NDJSON_FILE: join(dir, 'out', 'results.ndjson'),
  });
  try {
    report(
      'MLLP ADT^A01 → Bundle appended to an NDJSON file, AA after its fsync',
      await mllpRate(ndjson.mllpPort),
    );
  } finally {
    await ndjson.svc.stop();
  }
  const delivering = await service({ MLLP_FHIR_BASE: fhir.baseUrl });
  try {
    report(
      'MLLP ADT^A01 → transaction POSTed to the test FHIR server, AA after delivery',
      await mllpRate(delivering.mllpPort),
    );
  } finally {
    await delivering.svc.stop();
  }
} finally {
  await fhir.close();
  console.log(JSON.stringify({ scenario: 'machine', cpu_steal_share: steal.end() }));
}

async function service(env) {
  const mllpPort = await freePort();
  const svc = await startService({
    MAPPINGS_FOLDER: join(dir, 'mappings'),
    MLLP_PORT: String(mllpPort),
    MLLP_HOST: '127.0.0.1',
    MLLP_ROUTES: join(dir, 'routes.yaml'),
    MLLP_DEAD_LETTER_DIR: join(dir, 'dead'),
    ...env,
  });
  await waitReady(svc.baseUrl, svc.started);
  return { svc, mllpPort };
}

function report(scenario, { rate, p50, p99, errors }) {
  console.log(
    JSON.stringify({
      scenario,
      connections: CONNECTIONS,
      messages: MESSAGES,
      msgs_per_s: rate,
      p50_ms: p50,
      p99_ms: p99,
      errors,
    }),
  );
}

/** Every connection sends its share one at a time, waiting for each answer; warm-up first, then measured. */
async function measure(openClient) {
  const clients = await Promise.all(Array.from({ length: CONNECTIONS }, openClient));
  const run = async (count) => {
    const latencies = [];
    let errors = 0;
    let seq = 0;
    await Promise.all(
      clients.map(async (client, c) => {
        for (let i = 0; i < count / CONNECTIONS; i++) {
          const t0 = performance.now();
          if (!(await client.send(`B${c}x${seq++}`))) errors++;
          latencies.push(performance.now() - t0);
        }
      }),
    );
    return { latencies, errors };
  };
  await run(WARMUP);
  const started = performance.now();
  const { latencies, errors } = await run(MESSAGES);
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(clients.map((c) => c.close()));
  latencies.sort((a, b) => a - b);
  const at = (q) => Number(latencies[Math.floor(q * (latencies.length - 1))].toFixed(2));
  return { rate: Math.round(latencies.length / seconds), p50: at(0.5), p99: at(0.99), errors };
}

function mllpRate(port) {
  return measure(() => mllpClient(port));
}

/** node:http with keep-alive (lighter than fetch on the shared cores): one connection per client. */
function httpRate(baseUrl) {
  const { hostname, port } = new URL(baseUrl);
  return measure(async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    return {
      send: (id) =>
        new Promise((resolve) => {
          const body = Buffer.from(MESSAGE.replace('|MSG00001|', `|${id}|`), 'latin1');
          const req = request(
            {
              hostname,
              port,
              path: '/Mapping/adt',
              method: 'POST',
              agent,
              headers: { 'content-type': 'x-application/hl7-v2+er7', 'content-length': body.length },
            },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode === 200));
            },
          );
          req.on('error', () => resolve(false));
          req.end(body);
        }),
      close: async () => agent.destroy(),
    };
  });
}

/** A minimal MLLP client: one message in flight, resolves true for an AA whose MSA-2 is the message's. */
async function mllpClient(port) {
  const socket = await untilConnected(port);
  let buffer = Buffer.alloc(0);
  let waiting;
  socket.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    const end = buffer.indexOf(0x1c);
    if (end < 0) return;
    const ack = buffer.subarray(1, end).toString('latin1');
    buffer = buffer.subarray(end + 2);
    waiting?.(ack);
  });
  return {
    send(id) {
      return new Promise((resolve) => {
        waiting = (ack) => resolve(/\rMSA\|AA\|/.test(ack) && ack.includes(`|${id}`));
        const text = MESSAGE.replace('|MSG00001|', `|${id}|`);
        socket.write(
          Buffer.concat([Buffer.from([0x0b]), Buffer.from(text, 'latin1'), Buffer.from([0x1c, 0x0d])]),
        );
      });
    },
    close: async () => socket.destroy(),
  };
}

/** The listener starts once warm-up is over: retry the connection for a few seconds. */
async function untilConnected(port) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await new Promise((resolve, reject) => {
        const socket = connect({ port, host: '127.0.0.1' }, () => resolve(socket));
        socket.once('error', reject);
      });
    } catch (err) {
      if (attempt > 100) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}
