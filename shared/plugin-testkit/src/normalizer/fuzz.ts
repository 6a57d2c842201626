import type { Normalizer, RawInput } from '@mapx/plugin-api';
import { checkNormalizeResult } from './check-result.js';
import { createPrng, type Prng } from './prng.js';

export interface FuzzOptions {
  /** The media type every fuzzed input carries. */
  readonly mediaType: RawInput['mediaType'];
  /** Valid inputs to truncate and mutate (text). Random bytes are always tried too. */
  readonly samples: readonly string[];
  readonly iterations?: number;
  readonly seed?: number;
  /** Characters with a meaning in the format (delimiters, quotes…), favoured by mutations. */
  readonly alphabet?: string;
  /** Set `RawInput.raw` on every input. */
  readonly raw?: boolean;
  /** An input whose result takes longer than this counts as a hang. Default 2000 ms. */
  readonly maxMillis?: number;
}

export interface FuzzFailure {
  readonly iteration: number;
  readonly strategy: string;
  readonly input: string;
  readonly problem: string;
}

export interface FuzzReport {
  readonly seed: number;
  readonly runs: number;
  readonly failures: readonly FuzzFailure[];
}

const DEFAULT_ALPHABET = '<>/="\'&;:,|^~\\\r\n\t #{}[]0123456789.-+eE\u0000\u00e9\ufeff';

/**
 * Feeds random bytes, truncated samples and mutated samples to a normaliser and reports every input that made
 * it throw, hang (past `maxMillis`), or return something other than a well-formed, coded NormalizeResult.
 * Deterministic for a given seed.
 */
export async function fuzzNormalizer(normalizer: Normalizer, options: FuzzOptions): Promise<FuzzReport> {
  const seed = options.seed ?? 1;
  const prng = createPrng(seed);
  const iterations = options.iterations ?? 300;
  const failures: FuzzFailure[] = [];
  for (let iteration = 0; iteration < iterations; iteration++) {
    const [strategy, body] = nextInput(prng, options);
    const input: RawInput = { body, mediaType: options.mediaType, ...(options.raw && { raw: true }) };
    const problem = await tryOne(normalizer, input, options.maxMillis ?? 2000);
    if (problem) failures.push({ iteration, strategy, input: body, problem });
  }
  return { seed, runs: iterations, failures };
}

async function tryOne(
  normalizer: Normalizer,
  input: RawInput,
  maxMillis: number,
): Promise<string | undefined> {
  const started = performance.now();
  try {
    normalizer.accepts?.(input);
    const result = await normalizer.normalize(input);
    const problems = checkNormalizeResult(result);
    const took = performance.now() - started;
    if (took > maxMillis) problems.push(`took ${Math.round(took)} ms`);
    return problems.length > 0 ? problems.join('; ') : undefined;
  } catch (error) {
    return `threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
  }
}

function nextInput(prng: Prng, options: FuzzOptions): [string, string] {
  const samples = options.samples;
  const roll = samples.length === 0 ? 0 : prng.int(10);
  if (roll === 0) return ['random-bytes', randomBytes(prng)];
  const sample = prng.pick(samples);
  if (roll <= 3) return ['truncated', sample.slice(0, prng.int(sample.length + 1))];
  return ['mutated', mutate(prng, sample, options.alphabet ?? DEFAULT_ALPHABET)];
}

function randomBytes(prng: Prng): string {
  const length = prng.int(300);
  let text = '';
  for (let i = 0; i < length; i++) text += String.fromCharCode(prng.int(256));
  return text;
}

function mutate(prng: Prng, sample: string, alphabet: string): string {
  let text = sample;
  const edits = 1 + prng.int(6);
  for (let e = 0; e < edits; e++) {
    const at = prng.int(text.length + 1);
    const op = prng.int(4);
    if (op === 0) text = text.slice(0, at) + prng.pick([...alphabet]) + text.slice(at);
    else if (op === 1) text = text.slice(0, at) + text.slice(at + 1 + prng.int(8));
    else if (op === 2) {
      const from = prng.int(text.length + 1);
      text = text.slice(0, at) + text.slice(from, from + prng.int(40)) + text.slice(at);
    } else text = text.slice(0, at) + String.fromCharCode(prng.int(0x3000)) + text.slice(at + 1);
  }
  return text;
}
