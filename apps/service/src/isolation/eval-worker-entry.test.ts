import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { Gate } from './gate.js';
import { evalWorkerEntryUrl } from './worker-url.js';

/**
 * A stand-in for the evaluation module: it counts the threads that loaded it before (a shared counter), tells the
 * test, and finishes building its "engine" when the test says so (or fails, when it says `fail`).
 */
const STAND_IN = `
import { parentPort, workerData } from 'node:worker_threads';
const before = Atomics.add(new Int32Array(workerData.loaded), 0, 1);
parentPort.postMessage({ before });
export default new Promise((resolve, reject) =>
  parentPort.once('message', (m) => (m === 'fail' ? reject(new Error('no engine')) : resolve(() => 'handler'))),
);
`;

const folders: string[] = [];
const threads: Worker[] = [];
afterEach(async () => {
  await Promise.all(threads.splice(0).map((t) => t.terminate()));
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});

function startThreads(count: number): { threads: Worker[]; loaded: Int32Array; tickets: Int32Array } {
  const folder = mkdtempSync(join(tmpdir(), 'mapx-entry-'));
  folders.push(folder);
  writeFileSync(join(folder, 'stand-in.mjs'), STAND_IN);
  const startGate = new Gate();
  startGate.close();
  const loaded = new SharedArrayBuffer(4);
  const tickets = new SharedArrayBuffer(4);
  const workerData = {
    module: pathToFileURL(join(folder, 'stand-in.mjs')).href,
    startTickets: tickets,
    startGate: startGate.buffer,
    loaded,
  };
  const started = Array.from({ length: count }, () => {
    const thread = new Worker(new URL(evalWorkerEntryUrl()), { workerData });
    thread.on('error', () => undefined);
    threads.push(thread);
    return thread;
  });
  return { threads: started, loaded: new Int32Array(loaded), tickets: new Int32Array(tickets) };
}

/** Resolves once every thread has taken its ticket, i.e. is past the point where it would load the module. */
async function allTicketsTaken(tickets: Int32Array, count: number): Promise<void> {
  while (Atomics.load(tickets, 0) < count) await new Promise((r) => setTimeout(r, 5));
}

/** A message from any of `threads` within `ms`, or undefined: a bounded look for something that must not come. */
function anyMessageWithin(threads: Worker[], ms: number): Promise<unknown> {
  return Promise.race([
    ...threads.map((t) => once(t, 'message').then(([m]) => m as unknown)),
    new Promise((r) => setTimeout(() => r(undefined), ms)),
  ]);
}

/** The first of `threads` to post a message, with that message. */
function firstToLoad(threads: Worker[]): Promise<[Worker, unknown]> {
  return Promise.race(threads.map((t) => once(t, 'message').then(([m]) => [t, m] as [Worker, unknown])));
}

describe('the evaluation threads start in turn', () => {
  it('loads the evaluation module in one thread, and in the others once that one has built its engine', async () => {
    const { threads: started, loaded, tickets } = startThreads(3);
    const [first, message] = await firstToLoad(started);
    expect(message).toEqual({ before: 0 });
    // the others are past their ticket and wait: none loads the module while the first is still building
    await allTicketsTaken(tickets, 3);
    const others = started.filter((t) => t !== first);
    expect(await anyMessageWithin(others, 300)).toBeUndefined();
    expect(Atomics.load(loaded, 0)).toBe(1);
    const next = others.map((t) => once(t, 'message').then(([m]) => m as { before: number }));
    first.postMessage('ready');
    const befores = (await Promise.all(next)).map((m) => m.before).sort();
    expect(befores).toEqual([1, 2]);
  });

  it('lets the others start when the first one fails to build its engine', async () => {
    const { threads: started, loaded } = startThreads(2);
    const [first] = await firstToLoad(started);
    expect(Atomics.load(loaded, 0)).toBe(1);
    const other = started.find((t) => t !== first) as Worker;
    const failed = once(first, 'error');
    const next = once(other, 'message');
    first.postMessage('fail');
    expect(((await failed)[0] as Error).message).toBe('no engine');
    expect((await next)[0]).toEqual({ before: 1 });
  });
});
