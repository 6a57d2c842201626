import type { Env } from '../runtime/policy.js';

/**
 * Functions a synchronous run may call: synchronous, and with no effect outside the evaluation's state (its
 * diagnostics, its UUID sequence), so that a run abandoned halfway leaves nothing behind. FLASH's natives, the
 * engine's `&`, `$reference` and `$uuid`, and JSONata's plain string, number and boolean functions (some in the engine's
 * guarded form).
 */
const SYNCHRONOUS = new Set([
  '__concat',
  '__fv',
  'reference',
  'uuid',
  'substring',
  'substringBefore',
  'substringAfter',
  'uppercase',
  'lowercase',
  'trim',
  'length',
  'string',
  'join',
  'pad',
  'number',
  'exists',
  'boolean',
  'not',
  'count',
]);

const FLASH_CALL = /^__c\d+$/;

/**
 * The function values a program's calls reach in the compiled expression's own frame, or undefined when one of
 * them is not a known synchronous function there (a host's own function of that name, a constant, a name the
 * program binds itself): JSONata then evaluates every run.
 */
export function callableValues(
  calls: Iterable<string>,
  base: Env,
  hostFunctions: ReadonlySet<string>,
): ReadonlySet<unknown> | undefined {
  const out = new Set<unknown>();
  for (const name of calls) {
    if (!(SYNCHRONOUS.has(name) || FLASH_CALL.test(name)) || hostFunctions.has(name)) return undefined;
    const value = base.lookup(name) as { _jsonata_function?: unknown; implementation?: unknown } | undefined;
    if (value?._jsonata_function !== true || typeof value.implementation !== 'function') return undefined;
    out.add(value);
  }
  return out;
}
