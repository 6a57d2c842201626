import type { EvalWorkerData } from './eval-task.js' with { 'resolution-mode': 'import' };

/** Longest a thread waits for the first one: a first thread that died while loading opens nothing. */
const FIRST_THREAD_WAIT_MS = 5_000;

/**
 * What piscina loads in every evaluation thread. The first thread to start loads the evaluation module at once;
 * the others wait until it has built its engine (or failed), so that on few cores the first thread and main, which
 * readiness waits for, do not share them with threads nobody waits for yet. A thread that replaces a dead one
 * starts at once: the gate is open by then.
 */
async function load(): Promise<unknown> {
  const data = (await import('node:worker_threads')).workerData as EvalWorkerData;
  const { Gate } = await import('./gate.js');
  const first = Atomics.add(new Int32Array(data.startTickets), 0, 1) === 0;
  if (!first) await myTurn(data.startGate, Gate);
  try {
    return await ((await import(data.module)) as { default: Promise<unknown> }).default;
  } finally {
    if (first) Gate.openBuffer(data.startGate);
  }
}

/** Until the first thread opens the gate, or FIRST_THREAD_WAIT_MS at most. */
async function myTurn(
  gate: SharedArrayBuffer,
  Gate: { opened(buffer: SharedArrayBuffer): Promise<void> },
): Promise<void> {
  const { setTimeout: sleep } = await import('node:timers/promises');
  const timer = new AbortController();
  // the timer also keeps this thread's event loop alive meanwhile: a wait on shared memory does not
  const timedOut = sleep(FIRST_THREAD_WAIT_MS, undefined, { signal: timer.signal }).catch(() => undefined);
  await Promise.race([Gate.opened(gate), timedOut]);
  timer.abort();
}

/**
 * CommonJS, and its exports a promise: piscina `require()`s the module it is given, and a CommonJS module is loaded
 * by `require()` without Node's ESM loader. An ES module there is loaded by require(esm), which on Node 20 can abort
 * the whole process (`v8::Module::IsGraphAsync … must be used on an instantiated module`, seen once as threads
 * started under load); everything of ours is imported from here asynchronously. Piscina awaits the handler it is
 * given, so a thread still takes no task before its engine is built; a load that fails before piscina awaits it ends
 * the thread with the same error, as an unhandled rejection.
 */
export = load();
