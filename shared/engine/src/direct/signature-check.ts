import { isFunctionValue } from '../functions/jsonata-values.js';

/** A signature as jsonata parses it: its text and its check, which returns the arguments the function receives. */
export interface Signature {
  definition?: unknown;
  validate(args: unknown[], context: unknown): unknown[];
}

/**
 * JSONata's signature check, run once per shape of call: the type letters of the arguments. jsonata matches a
 * regular expression over those letters and builds the arguments the function receives from the match, so for one
 * shape it always takes the same path. Each parameter gives at least one value: the letters it matched, or, where
 * it matched none, the context or the argument in that place. So a check that returned the arguments themselves,
 * as many and in place, matched every parameter to letters and read nothing else, the context included; such a
 * shape is accepted from then on without running the check (a mapping's call of `$reference` or `$substring` is the
 * same shape every time). Always checked by jsonata: a shape it refused or changed (an argument wrapped in an array,
 * a missing optional one filled in, the context put in its place), and every call of a signature that types an
 * array's items (`a<s>`), which depends on the items, not only on the letters.
 */
export function checkedArguments(signature: Signature, args: unknown[], context: unknown): unknown[] {
  const key = shapeOf(args);
  let accepted = key === undefined ? undefined : acceptedShapes.get(signature);
  if (accepted?.has(key!)) return args;
  const out = signature.validate(args, context);
  if (key !== undefined && cacheable(signature) && unchanged(out, args)) {
    if (!accepted) acceptedShapes.set(signature, (accepted = new Set()));
    if (accepted.size < MAX_SHAPES) accepted.add(key);
  }
  return out;
}

const acceptedShapes = new WeakMap<Signature, Set<number>>();

/** Shapes kept per signature: the types of arguments come from input, which must not grow the cache without end. */
const MAX_SHAPES = 64;

/** 16 letters of 3 bits, none of them 0 (so no two shapes share a key), stay within a double's exact integers. */
const MAX_ARGS = 16;

/** jsonata's type letters as digits (s, n, b, m, l, a, o); undefined for a function, never cached. */
function letterOf(value: unknown): number | undefined {
  switch (typeof value) {
    case 'string':
      return 1;
    case 'number':
      return 2;
    case 'boolean':
      return 3;
    case 'undefined':
      return 4;
    case 'object':
      if (value === null) return 5;
      if (isFunctionValue(value)) return undefined;
      return Array.isArray(value) ? 6 : 7;
    default:
      return undefined;
  }
}

function shapeOf(args: unknown[]): number | undefined {
  if (args.length > MAX_ARGS) return undefined;
  let key = 0;
  for (let i = 0; i < args.length; i++) {
    const letter = letterOf(args[i]);
    if (letter === undefined) return undefined;
    key = key * 8 + letter;
  }
  return key;
}

/** A subtype (`a<s>`, `f<n:n>`) is checked against the values, not the letters: such signatures are not cached. */
function cacheable(signature: Signature): boolean {
  const d = signature.definition;
  return typeof d === 'string' && d.indexOf('<', 1) < 0;
}

function unchanged(out: unknown[], args: unknown[]): boolean {
  if (out.length !== args.length) return false;
  for (let i = 0; i < out.length; i++) if (out[i] !== args[i]) return false;
  return true;
}
