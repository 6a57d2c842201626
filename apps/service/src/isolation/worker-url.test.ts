import { describe, expect, it } from 'vitest';
import { evalWorkerUrl, workerExecArgv } from './worker-url.js';

describe('the evaluation worker module and its Node options', () => {
  it('drops only the @mapx/source export condition, in each of its spellings', () => {
    const argv = ['--conditions', '@mapx/source', '-C', '@mapx/source', '--conditions=@mapx/source'];
    const kept = ['--conditions', 'node', '--enable-source-maps', '--max-old-space-size=4096'];
    expect(workerExecArgv([...argv, ...kept])).toEqual(kept);
  });

  it('points at a compiled module in apps/service/dist, never at TypeScript', () => {
    const url = evalWorkerUrl();
    expect(url).toMatch(/\/apps\/service\/dist\/(eval-worker\.bundle|isolation\/eval-worker)\.js$/);
  });
});
