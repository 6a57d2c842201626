import { describe, expect, it } from 'vitest';
import { autoWorkers } from './service-layout.js';

describe('MAPX_WORKERS=auto', () => {
  it('keeps processes × evaluation threads within the cores', () => {
    const layouts: Array<[cores: number, threads: number, processes: number]> = [
      [16, 2, 8],
      [16, 4, 4],
      [16, 3, 5],
      [2, 2, 1],
      [1, 2, 1], // one process at least, whatever the threads
      [4, 8, 1],
    ];
    for (const [cores, threads, processes] of layouts) {
      expect(autoWorkers(cores, 'worker', threads), `${cores} cores, ${threads} threads`).toBe(processes);
      expect(processes * threads <= cores || processes === 1).toBe(true);
    }
  });

  it('runs one process per core without the evaluation pool', () => {
    expect(autoWorkers(16, 'off', 2)).toBe(16);
    expect(autoWorkers(1, 'off', 2)).toBe(1);
  });
});
