import { hash } from 'node:crypto';

/**
 * The seeded UUID of §5.9: SHA-1 of the seed (strings as-is, anything else as compact JSON), first 16 bytes,
 * version nibble 5 and RFC 4122 variant, no namespace.
 */
export function seededUuid(seed: unknown): string {
  if (typeof seed !== 'object' || seed === null || Array.isArray(seed)) return uuidOf(seed);
  // objects are never mutated once an evaluation built them (JSONata sequences, arrays, may be), so an
  // object's UUID is computed once: a transaction Bundle hashes each resource for its fullUrl after
  // `$reference` already hashed it
  let id = byObject.get(seed);
  if (id === undefined) byObject.set(seed, (id = uuidOf(seed)));
  return id;
}

const byObject = new WeakMap<object, string>();

function uuidOf(seed: unknown): string {
  const text = typeof seed === 'string' ? seed : JSON.stringify(seed);
  // one-shot hashing: about half the cost of a Hash object for these short texts
  const b = hash('sha1', text ?? 'undefined', 'buffer');
  b[6] = (b[6]! & 0x0f) | 0x50;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.subarray(0, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
