// Shared by the normaliser benchmarks: a fixed-duration loop and one JSON line per scenario.
import { parseMediaType } from '@mapx/plugin-api';

/**
 * Runs `fn` repeatedly for about `seconds` after a warm-up. Returns iterations per wall-clock second and per
 * CPU second of this process (the latter is steadier on a shared, busy machine).
 */
export function measureBoth(fn, seconds = Number(process.env.BENCH_SECONDS ?? 2)) {
  const warmUntil = performance.now() + 300;
  while (performance.now() < warmUntil) fn();
  let iterations = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const until = started + seconds * 1000;
  while (performance.now() < until) {
    for (let i = 0; i < 10; i++) fn();
    iterations += 10;
  }
  const used = process.cpuUsage(cpu);
  return {
    wall: iterations / ((performance.now() - started) / 1000),
    cpu: iterations / ((used.user + used.system) / 1e6),
  };
}

export function measure(fn, seconds) {
  return measureBoth(fn, seconds).wall;
}

/** Measures one normaliser on one input and prints its JSON line. Fails loudly if the input does not convert. */
export async function benchNormalizer(scenario, normalizer, contentType, body, extra = {}) {
  const input = { body, mediaType: parseMediaType(contentType), ...extra.input };
  const check = await normalizer.normalize(input);
  if (!check.ok) throw new Error(`${scenario}: input does not convert: ${JSON.stringify(check.issues)}`);
  const { wall: perSecond, cpu } = measureBoth(() => normalizer.normalize(input));
  const bytes = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  const line = {
    bench: 'normalizers',
    scenario,
    opsPerSec: Math.round(perSecond),
    mbPerSec: Number(((perSecond * bytes) / 1e6).toFixed(2)),
    opsPerCpuSec: Math.round(cpu),
    inputBytes: bytes,
    ...extra.fields,
    node: process.version,
  };
  console.log(JSON.stringify(line));
  return line;
}

export const quietContext = (fhir) => ({
  logger: { debug() {}, info() {}, warn() {}, error() {} },
  env: {},
  fhir: () => fhir,
});
