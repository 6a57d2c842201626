import { hash } from 'node:crypto';

/**
 * The seeded UUID of §5.9: SHA-1 of the seed (strings as-is, anything else as compact JSON), first 16 bytes,
 * version nibble 5 and RFC 4122 variant, no namespace.
 */
export function seededUuid(seed: unknown): string {
  if (typeof seed !== 'object' || seed === null || Array.isArray(seed))
    return uuidOf(typeof seed === 'string' ? seed : JSON.stringify(seed));
  // objects are never mutated once an evaluation built them (JSONata sequences, arrays, may be), so an
  // object's UUID is computed once: a transaction Bundle hashes each resource for its fullUrl after
  // `$reference` already hashed it
  let id = byObject.get(seed);
  if (id === undefined) {
    const text = JSON.stringify(seed);
    // a resource's text is what a bulk run writes for it next: kept, it is not serialised twice
    if (typeof (seed as { resourceType?: unknown }).resourceType === 'string') textByResource.set(seed, text);
    byObject.set(seed, (id = uuidOf(text)));
  }
  return id;
}

/**
 * A value's compact JSON (`JSON.stringify`), taken from the text a resource's seeded UUID was computed from when
 * there is one: the same object, never mutated since, so the same text.
 */
export function compactJson(value: unknown): string | undefined {
  if (typeof value === 'object' && value !== null) {
    const text = textByResource.get(value);
    if (text !== undefined) return text;
  }
  return JSON.stringify(value) as string | undefined;
}

const byObject = new WeakMap<object, string>();
const textByResource = new WeakMap<object, string>();

/** The RFC 4122 variant's hex digit for each value of the digit's two low bits (`10xx`). */
const VARIANT = '89ab';

function uuidOf(text: string | undefined): string {
  // one-shot hashing to hex: a Buffer per hash (its backing store outside the heap) cost more than the hash itself
  const h = hash('sha1', text ?? 'undefined', 'hex');
  return (
    `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-` +
    `${VARIANT[parseInt(h[16]!, 16) & 3]}${h.slice(17, 20)}-${h.slice(20, 32)}`
  );
}
