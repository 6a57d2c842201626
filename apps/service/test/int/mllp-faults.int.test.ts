import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer as createHttpServer, request, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFhirTestServer, type FhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { buildService, startBuiltServer, type Started } from '../helpers/start-built-server.js';
import { PipelinedSender, type Answer, type SentMessage } from '../helpers/mllp-sender.js';

/**
 * The MLLP listener under the faults an interface meets in production, end to end with the built service: several
 * connections feed thousands of messages while the FHIR server answers 503 for a while, drops connections after
 * it processed a request, the dead-letter folder cannot be written, and the service is killed (SIGKILL) and
 * started again. Then the sender resends what got no ACK or an AE, and the guarantees of docs/mllp.md are checked.
 */
const CONNECTIONS = 4;
const PER_CONNECTION = 500;
const WINDOW = 4;

/** PUT by MSH-10: a repeat updates the same resource, so at-least-once delivery never duplicates. */
const MAPPING = `{
  "resourceType": "Patient",
  "id": MSH.MessageControlID,
  "name": [{ "family": PID.PatientName[0].FamilyName.Surname, "given": [PID.PatientName[0].GivenName] }]
}`;

const message = (id: string): SentMessage => ({
  id,
  text: `MSH|^~\\&|FAULTS|LAB|MAPX|HOSP|20250302101500||ADT^A01^ADT_A01|${id}|P|2.5.1\rPID|1||${id}^^^HOSP^MR||Fault^${id}\r`,
});

type Mode = 'pass' | '503' | 'drop';

/**
 * A FHIR server in front of Medplum's router: `503` answers every request with 503, `drop` forwards the request,
 * lets the FHIR server process it, then drops the connection instead of answering (the worst case: done, but the
 * client cannot know).
 */
async function faultyProxy(target: string) {
  const upstream = new URL(target);
  const counts = { passed: 0, unavailable: 0, dropped: 0 };
  let mode: Mode = 'pass';
  const server: Server = createHttpServer((req, res) => {
    if (mode === '503') {
      counts.unavailable++;
      req.resume();
      res.writeHead(503, { 'content-type': 'text/plain' }).end('down for maintenance');
      return;
    }
    const dropping = mode === 'drop';
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const forward = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: upstream.host },
        },
        (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (c: Buffer) => body.push(c));
          answer.on('end', () => {
            if (dropping) {
              counts.dropped++;
              req.socket.destroy();
              return;
            }
            counts.passed++;
            res.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(body));
          });
        },
      );
      forward.on('error', () => res.destroy());
      forward.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}${upstream.pathname}`,
    counts,
    setMode: (m: Mode) => (mode = m),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createTcpServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await sleep(20);
  }
}

describe('MLLP under faults (built service)', () => {
  let fhir: FhirTestServer;
  let proxy: Awaited<ReturnType<typeof faultyProxy>>;
  let service: Started | undefined;
  let dir: string;
  beforeAll(async () => {
    buildService();
    fhir = await startFhirTestServer();
    proxy = await faultyProxy(fhir.baseUrl);
    dir = mkdtempSync(join(tmpdir(), 'mapx-mllp-faults-'));
  });
  afterAll(async () => {
    await service?.stop();
    await proxy?.close();
    await fhir?.close();
  });

  it('loses nothing acknowledged, dead-letters every AE, and after resending holds every message exactly once, in order per connection', async () => {
    const started = performance.now();
    mkdirSync(join(dir, 'mappings'));
    writeFileSync(join(dir, 'mappings', 'patient.mapx'), MAPPING);
    writeFileSync(join(dir, 'routes.yaml'), 'routes:\n  - message: ADT^A01\n    mapping: patient\n');
    const deadLetters = join(dir, 'dead-letters');
    mkdirSync(deadLetters);
    const port = await freePort();
    const env = {
      MAPPINGS_FOLDER: join(dir, 'mappings'),
      MAPPINGS_FILE_POLLING_INTERVAL_MS: '0',
      MLLP_PORT: String(port),
      MLLP_HOST: '127.0.0.1',
      MLLP_ROUTES: join(dir, 'routes.yaml'),
      MLLP_FHIR_BASE: proxy.base,
      MLLP_DEAD_LETTER_DIR: deadLetters,
      MLLP_DELIVERY_RETRIES: '2',
      MLLP_DELIVERY_BACKOFF_MS: '20',
      MLLP_DELIVERY_TIMEOUT_MS: '5000',
    };
    service = await startBuiltServer(env);

    const senders = Array.from({ length: CONNECTIONS }, () => new PipelinedSender(port, WINDOW));
    const batches = senders.map((_, c) =>
      Array.from({ length: PER_CONNECTION }, (_, i) => message(`F${c}-${String(i).padStart(4, '0')}`)),
    );
    const total = CONNECTIONS * PER_CONNECTION;
    const answered = () => senders.reduce((n, s) => n + s.answered, 0);
    const sending = Promise.all(senders.map((s, c) => s.send(batches[c]!)));

    // the faults, one after the other while the messages flow
    const faults = { unavailableMs: 0, droppingMs: 0, deadLettersUnwritableMs: 0, killed: 0 };
    await until(() => answered() >= total * 0.15, 60_000);
    proxy.setMode('503');
    await sleep(1200);
    proxy.setMode('pass');
    faults.unavailableMs += 1200;
    await until(() => answered() >= total * 0.3, 60_000);
    proxy.setMode('drop');
    await sleep(1200);
    proxy.setMode('pass');
    faults.droppingMs += 1200;
    await until(() => answered() >= total * 0.45, 60_000);
    // a folder that cannot be written even by root: a file where the folder should be
    renameSync(deadLetters, `${deadLetters}.aside`);
    writeFileSync(deadLetters, 'not a folder');
    proxy.setMode('503');
    await sleep(800);
    proxy.setMode('pass');
    rmSync(deadLetters);
    renameSync(`${deadLetters}.aside`, deadLetters);
    faults.deadLettersUnwritableMs += 800;
    faults.unavailableMs += 800;
    await until(() => answered() >= total * 0.6, 60_000);
    const killed = service;
    const exited = new Promise((resolve) => killed.child.once('exit', resolve));
    killed.child.kill('SIGKILL');
    await exited;
    faults.killed++;
    service = await startBuiltServer(env);
    await sending;

    // every AA is on the FHIR server; every AE names its dead letter, or says none could be written
    const firstPass = new Map<string, Answer[]>();
    for (const s of senders) for (const [id, list] of s.answers) firstPass.set(id, list);
    const all = [...firstPass.values()].flat();
    const aaIds = [...firstPass].filter(([, l]) => l.some((a) => a.code === 'AA')).map(([id]) => id);
    for (const id of aaIds) expect((await fhir.repo.readResource('Patient', id)).id).toBe(id);
    const aes = [...firstPass].flatMap(([id, l]) => l.filter((a) => a.code === 'AE').map((a) => ({ id, a })));
    const letters = new Map<string, string>();
    for (const name of readdirSync(deadLetters).filter((f) => f.endsWith('.json')))
      letters.set(
        name,
        (JSON.parse(readFileSync(join(deadLetters, name), 'utf8')) as { controlId: string }).controlId,
      );
    let aeWithDeadLetter = 0;
    let aeWithoutDeadLetter = 0;
    for (const { id, a } of aes) {
      const file = /([\w.-]+\.json)/.exec(a.text)?.[1];
      if (file) {
        expect(letters.get(file), `dead letter ${file} of ${id}`).toBe(id);
        aeWithDeadLetter++;
      } else {
        expect(a.text, id).toMatch(/resend/);
        aeWithoutDeadLetter++;
      }
    }

    // resend what got no ACK or an AE (its last answer), until every message is acknowledged AA
    const resender = new PipelinedSender(port, WINDOW * 2);
    let resent = 0;
    let rounds = 0;
    for (; rounds < 5; rounds++) {
      const pending = batches.flat().filter((m) => {
        const last = [...(firstPass.get(m.id) ?? []), ...(resender.answers.get(m.id) ?? [])].at(-1);
        return last?.code !== 'AA';
      });
      if (pending.length === 0) break;
      resent += pending.length;
      await resender.send(pending);
    }

    const patients = await fhir.repo.searchResources({ resourceType: 'Patient', count: 10_000 });
    const ids = patients.map((p) => p.id!);
    const expected = batches.flat().map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length); // nothing duplicated
    expect([...ids].sort()).toEqual([...expected].sort()); // nothing missing, nothing else
    expect(senders.reduce((n, s) => n + s.orderViolations, 0) + resender.orderViolations).toBe(0);
    // every fault really happened while messages flowed
    expect(proxy.counts.unavailable).toBeGreaterThan(0);
    expect(proxy.counts.dropped).toBeGreaterThan(0);
    expect(aeWithDeadLetter).toBeGreaterThan(0);
    expect(aeWithoutDeadLetter).toBeGreaterThan(0);
    expect(all.some((a) => a.code === 'none')).toBe(true); // the kill cut messages in flight

    const count = (code: Answer['code']) => all.filter((a) => a.code === code).length;
    console.log(
      JSON.stringify({
        suite: 'mllp-faults',
        messages: total,
        connections: CONNECTIONS,
        window: WINDOW,
        first_pass: { AA: count('AA'), AE: count('AE'), AR: count('AR'), no_ack: count('none') },
        ae_with_dead_letter: aeWithDeadLetter,
        ae_dead_letter_unwritable: aeWithoutDeadLetter,
        resent,
        resend_rounds: rounds,
        fhir_patients: ids.length,
        order_violations: 0,
        proxy: proxy.counts,
        faults,
        reconnections: senders.reduce((n, s) => n + s.connections, 0) - CONNECTIONS,
        seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
      }),
    );
  }, 150_000);
});
