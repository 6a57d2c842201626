import { jsonata } from '../runtime/jsonata-module.js';
import { jsonataSync } from '../runtime/jsonata-sync.js';

/** A JSONata function value (what `registerFunction` binds): callable from expressions, `this` = focus. */
export interface JsonataFunction {
  _jsonata_function: true;
  implementation: (...args: unknown[]) => unknown;
  signature?: unknown;
  position?: number;
  token?: string;
}

let originals: Promise<Record<string, JsonataFunction>> | undefined;
let syncOnes: Record<string, JsonataFunction> | undefined;

const ORIGINALS =
  '{"eval": $eval, "fromMillis": $fromMillis, "pad": $pad, "join": $join, "string": $string, "replace": $replace}';

/** JSONata's own functions that mapx re-binds under the same name (wrapped), captured once. */
export function jsonataOriginals(): Promise<Record<string, JsonataFunction>> {
  originals ??= jsonata(ORIGINALS).evaluate(null) as Promise<Record<string, JsonataFunction>>;
  return originals;
}

/** The same functions of the synchronous JSONata (runtime/jsonata-sync.ts), which must be there. */
export function syncOriginals(): Record<string, JsonataFunction> {
  syncOnes ??= jsonataSync()!(ORIGINALS).evaluate(null) as unknown as Record<string, JsonataFunction>;
  return syncOnes;
}

const signatures = new Map<string, Promise<unknown>>();

/** A JSONata function value with a parsed signature (parsed by jsonata itself, cached per signature). */
export async function defineNative(
  impl: (...args: never[]) => unknown,
  signature?: string,
): Promise<JsonataFunction> {
  const fn: JsonataFunction = {
    _jsonata_function: true,
    implementation: impl as (...args: unknown[]) => unknown,
  };
  if (signature === undefined) return fn;
  let parsed = signatures.get(signature);
  if (!parsed) {
    const probe = jsonata('$f');
    probe.registerFunction('f', () => undefined, signature);
    parsed = (probe.evaluate(null) as Promise<JsonataFunction>).then((f) => f.signature);
    signatures.set(signature, parsed);
  }
  fn.signature = await parsed;
  return fn;
}
