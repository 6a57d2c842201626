import { seededUuid } from './uuid.js';
import { stateOf, type DeterministicState, type Env } from './policy.js';

/**
 * Test mode (`mapx test`, the designer's Tests panel): a fixed clock and a seeded UUID sequence, so that a
 * mapping's output can be compared with a stored expectation. Off (undefined) outside test runs.
 */
export interface DeterministicOptions {
  /** Epoch milliseconds `$now()`, `$millis()` and `$rightNow()` return. */
  readonly now: number;
  /** Seed of the UUIDs `$uuid()` (no argument) returns: the n-th call gets the seeded UUID of `[seed, n]`. */
  readonly seed: string;
}

export function deterministicState(
  options: DeterministicOptions | undefined,
): DeterministicState | undefined {
  return options === undefined ? undefined : { now: options.now, seed: options.seed, next: 0 };
}

/** The fixed clock when the evaluation runs in test mode. */
export function fixedNow(env: Env): number | undefined {
  return stateOf(env)?.deterministic?.now;
}

/** The next UUID of the seeded sequence, or undefined outside test mode. */
export function nextSeededUuid(env: Env): string | undefined {
  const det = stateOf(env)?.deterministic;
  if (det === undefined) return undefined;
  const n = det.next;
  det.next = n + 1;
  return seededUuid([det.seed, n]);
}
