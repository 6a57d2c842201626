import { isFunctionValue } from './function-value.js';

/** A signature as jsonata parses it: its text and its check, which returns the arguments the function receives. */
export interface Signature {
  definition?: unknown;
  validate(args: unknown[], context: unknown): unknown[];
}

/**
 * JSONata's signature check, run once per shape of call: the type letters of the arguments. jsonata matches a
 * regular expression over those letters and builds the arguments the function receives from the match, so for one
 * shape it always takes the same path. It takes the arguments in order, each parameter the letters it matched or,
 * where it matched none, the context or the argument in that place (past the last one: undefined). So a check that
 * returned the arguments themselves in place, followed by nothing but undefined for optional parameters left out
 * (`$string(x)` of `<x-b?:s>`), and returned the same again with a context of its own (an object no input has),
 * read nothing else; such a shape is accepted from then on without running the check (a mapping's call of
 * `$reference` or `$substring` is the same shape every time). Always checked by jsonata: a shape it refused or
 * changed (an argument wrapped in an array, the context put in the place of a missing one), and every call of a
 * signature that types an array's items or a function's parameters (`a<s>`, `f<n:n>`), which depends on the
 * values, not only on the letters.
 */
export function checkedArguments(signature: Signature, args: unknown[], context: unknown): unknown[] {
  const key = shapeOf(args);
  let accepted = key === undefined ? undefined : acceptedShapes.get(signature);
  const received = accepted?.get(key!);
  if (received === args.length) return args;
  if (received !== undefined && received !== READS_CONTEXT) return padded(args, received);
  const out = signature.validate(args, context);
  if (received === undefined && key !== undefined && cacheable(signature) && sameOrPadded(out, args)) {
    if (!accepted) acceptedShapes.set(signature, (accepted = new Map()));
    if (accepted.size < MAX_SHAPES)
      accepted.set(key, contextUnread(signature, args, out) ? out.length : READS_CONTEXT);
  }
  return out;
}

/**
 * For each signature, the shapes it accepted: how many arguments the function receives for each, or READS_CONTEXT
 * for a shape whose check looked like the arguments but read the context (checked on every call, and not probed
 * again).
 */
const acceptedShapes = new WeakMap<Signature, Map<number, number>>();
const READS_CONTEXT = -1;

/** Shapes kept per signature: the types of arguments come from input, which must not grow the cache without end. */
const MAX_SHAPES = 64;

/** 16 letters, digits of base 9 and none of them 0 (no two shapes share a key), stay a double's exact integer. */
const MAX_ARGS = 16;

/** jsonata's type letters as digits (s, n, b, m, l, a, o, f); undefined for what jsonata has no letter of. */
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
      if (isFunctionValue(value)) return 8;
      return Array.isArray(value) ? 6 : 7;
    case 'function':
      return 8;
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
    key = key * 9 + letter;
  }
  return key;
}

/** A subtype (`a<s>`, `f<n:n>`) is checked against the values, not the letters: such signatures are not cached. */
function cacheable(signature: Signature): boolean {
  const d = signature.definition;
  return typeof d === 'string' && d.indexOf('<', 1) < 0;
}

/** `out` is `args`, the same values in the same places, then nothing but undefined. */
function sameOrPadded(out: unknown[], args: unknown[]): boolean {
  if (out.length < args.length) return false;
  for (let i = 0; i < args.length; i++) if (out[i] !== args[i]) return false;
  for (let i = args.length; i < out.length; i++) if (out[i] !== undefined) return false;
  return true;
}

/**
 * Whether the check read the context: the same check with another context returns the same values. jsonata takes
 * the arguments in order, so without the context in some place each value it returns is the argument of that place.
 * A check that put the context in would put that other one there, or fail on its type.
 */
function contextUnread(signature: Signature, args: unknown[], out: unknown[]): boolean {
  try {
    const again = signature.validate(args, PROBE);
    if (again.length !== out.length) return false;
    for (let i = 0; i < out.length; i++) if (again[i] !== out[i]) return false;
    return true;
  } catch {
    return false;
  }
}

/** A context no input can give. */
const PROBE: object = Object.freeze({});

function padded(args: unknown[], length: number): unknown[] {
  const out = args.slice();
  while (out.length < length) out.push(undefined);
  return out;
}
