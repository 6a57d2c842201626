import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { Gate } from './gate.js';
import { evalWorkerEntryUrl, evalWorkerUrl, workerExecArgv } from './worker-url.js';

describe('the evaluation worker module and its Node options', () => {
  it("leaves the threads the process's own options, V8 and process-wide ones included, unless it must drop one", () => {
    expect(workerExecArgv([])).toBeUndefined();
    expect(
      workerExecArgv(['--max-old-space-size=4096', '--v8-pool-size=8', '--enable-source-maps']),
    ).toBeUndefined();
  });

  it('drops only the @mapx/source export condition, in each of its spellings', () => {
    const argv = ['--conditions', '@mapx/source', '-C', '@mapx/source', '--conditions=@mapx/source'];
    const kept = ['--conditions', 'node', '--enable-source-maps'];
    expect(workerExecArgv([...argv, ...kept])).toEqual(kept);
  });

  it('the thread entry is CommonJS, which piscina require()s without the ESM loader: its exports are the handler', async () => {
    const gate = new Gate();
    gate.close();
    const workerData = {
      module: 'data:text/javascript,export default Promise.resolve(() => 42)',
      startTickets: new SharedArrayBuffer(4),
      startGate: gate.buffer,
    };
    const code = `const { parentPort } = require('node:worker_threads');
        const entry = require(${JSON.stringify(fileURLToPath(evalWorkerEntryUrl()))});
        entry.then((handler) => parentPort.postMessage(handler()));`;
    const worker = new Worker(code, { eval: true, workerData });
    const [message] = (await once(worker, 'message')) as [number];
    await worker.terminate();
    expect(message).toBe(42);
  });

  it('points at a compiled module in apps/service/dist, never at TypeScript', () => {
    const url = evalWorkerUrl();
    expect(url).toMatch(/\/apps\/service\/dist\/(eval-worker\.bundle|isolation\/eval-worker)\.js$/);
  });
});
