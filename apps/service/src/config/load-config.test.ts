import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './load-config.js';

describe('loadConfig', () => {
  it('applies the documented defaults and freezes the result', () => {
    const r = loadConfig({});
    if (!r.ok) throw new Error(r.message);
    expect(r.config.server.port).toBe(42420);
    expect(r.config.eval.thresholds).toEqual({
      throwLevel: 30,
      logLevel: 40,
      collectLevel: 70,
      validationLevel: 30,
    });
    expect(r.config.fhir.version).toBe('4.0.1');
    expect(r.config.edition).toBe('enterprise');
    expect(r.config.designer.enabled).toBe(true);
    expect(r.config.fhirServer.base).toBeUndefined();
    expect(Object.isFrozen(r.config.eval.thresholds)).toBe(true);
    expect(r.config.server.workers).toBe(1);
  });

  it('reads the drain delay and the metrics switch', () => {
    const d = loadConfig({});
    const set = loadConfig({ MAPX_DRAIN_DELAY_MS: '5000', MAPX_METRICS: ' OFF ' });
    if (!d.ok || !set.ok) throw new Error('expected valid configurations');
    expect([d.config.server.drainDelayMs, d.config.server.metrics]).toEqual([0, true]);
    expect([set.config.server.drainDelayMs, set.config.server.metrics]).toEqual([5000, false]);
    const bad = loadConfig({ MAPX_METRICS: 'yes', MAPX_DRAIN_DELAY_MS: '-1' });
    expect(bad.ok ? '' : bad.message).toContain('MAPX_METRICS: expected on or off (got "yes")');
    expect(bad.ok ? '' : bad.message).toContain('MAPX_DRAIN_DELAY_MS: expected an integer from 0 to 600000');
  });

  it('reads MAPX_WORKERS as auto (the layout for the available CPUs) or a count from 1 to 64', () => {
    const auto = loadConfig({ MAPX_WORKERS: ' Auto ' });
    const autoOff = loadConfig({ MAPX_WORKERS: 'auto', MAPX_EVAL_ISOLATION: 'off' });
    const three = loadConfig({ MAPX_WORKERS: '3' });
    if (!auto.ok || !autoOff.ok || !three.ok) throw new Error('expected valid configurations');
    // with the pool (2 threads by default), processes × threads within the cores; without it, one per core
    expect(auto.config.server.workers).toBe(Math.max(1, Math.floor(availableParallelism() / 2)));
    expect(autoOff.config.server.workers).toBe(availableParallelism());
    expect(three.config.server.workers).toBe(3);
    for (const bad of ['0', '65', '-1', '1.5', 'many']) {
      const r = loadConfig({ MAPX_WORKERS: bad });
      expect(r.ok ? '' : r.message).toContain(
        `MAPX_WORKERS: expected auto or an integer from 1 to 64 (got "${bad}")`,
      );
    }
  });

  it('reads the evaluation isolation settings: worker threads by default, or off', () => {
    const defaults = loadConfig({});
    const off = loadConfig({
      MAPX_EVAL_ISOLATION: ' OFF ',
      MAPX_EVAL_THREADS: '4',
      MAPX_EVAL_MEMORY_MB: '256',
      MAPX_EVAL_YOUNG_GENERATION_MB: '96',
      MAPX_EVAL_COMPILE_IN_THREAD: 'false',
    });
    if (!defaults.ok || !off.ok) throw new Error('expected valid configurations');
    expect(defaults.config.eval).toMatchObject({
      isolation: 'worker',
      threads: 2,
      memoryMb: 1024,
      youngGenerationMb: 48,
      compileInThread: true,
    });
    expect(off.config.eval).toMatchObject({
      isolation: 'off',
      threads: 4,
      memoryMb: 256,
      youngGenerationMb: 96,
      compileInThread: false,
    });
    const bad = loadConfig({
      MAPX_EVAL_ISOLATION: 'process',
      MAPX_EVAL_THREADS: '0',
      MAPX_EVAL_MEMORY_MB: '8',
      MAPX_EVAL_YOUNG_GENERATION_MB: '4',
      MAPX_EVAL_COMPILE_IN_THREAD: 'sometimes',
    });
    const message = bad.ok ? '' : bad.message;
    expect(message).toContain('MAPX_EVAL_ISOLATION: expected worker or off (got "process")');
    expect(message).toContain('MAPX_EVAL_THREADS: expected an integer from 1 to 64 (got "0")');
    expect(message).toContain('MAPX_EVAL_MEMORY_MB: expected an integer from 32 to 65536 (got "8")');
    expect(message).toContain('MAPX_EVAL_YOUNG_GENERATION_MB: expected an integer from 8 to 1024 (got "4")');
    expect(message).toContain('MAPX_EVAL_COMPILE_IN_THREAD: expected true or false (got "sometimes")');
  });

  it('names each invalid variable with the accepted values', () => {
    const r = loadConfig({
      SERVER_PORT: 'eighty',
      MAPX_EDITION: 'gold',
      MAPX_WARMUP: 'maybe',
      FHIR_SERVER_BASE: 'ftp://x',
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message).toContain('SERVER_PORT: expected an integer from 0 to 65535 (got "eighty")');
    expect(r.message).toContain('MAPX_EDITION: expected enterprise or base (got "gold")');
    expect(r.message).toContain('MAPX_WARMUP: expected true or false (got "maybe")');
    expect(r.message).toContain('FHIR_SERVER_BASE: expected an absolute http(s) URL or n/a (got "ftp://x")');
  });

  it('treats n/a as unset and parses sizes and lists', () => {
    const r = loadConfig({
      FHIR_SERVER_BASE: 'N/A',
      MAPX_REQUEST_BODY_LIMIT: '2mb',
      FHIR_PACKAGES: ' a@1.0.0, ,b ',
    });
    if (!r.ok) throw new Error(r.message);
    expect(r.config.fhirServer.base).toBeUndefined();
    expect(r.config.server.bodyLimit).toBe(2 * 1024 * 1024);
    expect(r.config.fhir.packages).toEqual(['a@1.0.0', 'b']);
  });

  it('warns about a licence expiring within 30 days and about SERVER_STATELESS', () => {
    const r = loadConfig(
      { MAPX_LICENSED_UNTIL: '2026-12-01', SERVER_STATELESS: 'true' },
      new Date('2026-11-21T00:00:00Z'),
    );
    if (!r.ok) throw new Error(r.message);
    expect(r.config.warnings).toEqual([
      'SERVER_STATELESS is deprecated and ignored',
      'The licence expires on 2026-12-01 (within 30 days)',
    ]);
  });
});
