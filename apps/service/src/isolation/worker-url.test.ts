import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { evalWorkerUrl, workerExecArgv } from './worker-url.js';

describe('the evaluation worker module and its Node options', () => {
  it('drops only the @mapx/source export condition, in each of its spellings, and turns require(esm) off', () => {
    const argv = ['--conditions', '@mapx/source', '-C', '@mapx/source', '--conditions=@mapx/source'];
    const kept = ['--conditions', 'node', '--enable-source-maps', '--max-old-space-size=4096'];
    expect(workerExecArgv([...argv, ...kept])).toEqual(['--no-experimental-require-module', ...kept]);
    expect(workerExecArgv(['--no-experimental-require-module'])).toEqual([
      '--no-experimental-require-module',
    ]);
  });

  it("a thread started with them loads ES modules by import() only: require(esm) refuses, as piscina's fallback needs", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapx-worker-argv-'));
    const esm = join(dir, 'm.mjs');
    writeFileSync(esm, 'export default 42;\n');
    const code = `const { parentPort } = require('node:worker_threads');
      try { require(${JSON.stringify(esm)}); parentPort.postMessage('required'); }
      catch (e) { import(${JSON.stringify(pathToFileURL(esm).href)}).then((m) => parentPort.postMessage(e.code + ' ' + m.default)); }`;
    const worker = new Worker(code, { eval: true, execArgv: workerExecArgv([]) });
    const [message] = (await once(worker, 'message')) as [string];
    await worker.terminate();
    expect(message).toBe('ERR_REQUIRE_ESM 42');
  });

  it('points at a compiled module in apps/service/dist, never at TypeScript', () => {
    const url = evalWorkerUrl();
    expect(url).toMatch(/\/apps\/service\/dist\/(eval-worker\.bundle|isolation\/eval-worker)\.js$/);
  });
});
